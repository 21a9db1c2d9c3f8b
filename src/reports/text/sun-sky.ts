/**
 * The sky a polar birth came under, said where the chart alone would mislead: the midnight sun or
 * the polar night (the Sun above or below the horizon all day), and a Sun that the wheel draws on
 * the other side of its horizon line from where it stood (at 71° N in June, 5° up in the north
 * while the chart's houses put it below). From the report's sky (src/reports/sky/sun-at-birth.ts).
 */
import { normalizeDegrees } from '../../astro/zodiac.ts';
import type { ReportContext } from './context.ts';
import { HIGH_LATITUDE_DEG } from '../sky/sun-at-birth.ts';

/** Within this of the horizon the Sun's side is a matter of refraction and the disc's size: no claim is made. */
const NEAR_HORIZON_DEG = 1;

export function sunSkyNote(ctx: ReportContext): string | undefined {
  const sun = ctx.sky.sun;
  const sunLon = ctx.factors.points.get('sun')?.lon;
  const asc = ctx.factors.points.get('asc')?.lon;
  const lat = ctx.chart.subject.location.lat;
  if (!sun || sunLon === undefined || Math.abs(lat) < HIGH_LATITUDE_DEG) return undefined;
  const where = `${Math.abs(lat).toFixed(1)}° ${lat >= 0 ? 'north' : 'south'}`;
  const degrees = `${Math.abs(sun.altitude).toFixed(0)}°`;
  const up = sun.altitude > 0;
  // The wheel draws houses 7 to 12, from the Descendant round to the Ascendant, above its horizon line.
  const drawnUp = asc === undefined ? undefined : normalizeDegrees(sunLon - asc) >= 180;
  const drawnOtherSide = drawnUp !== undefined && drawnUp !== up && Math.abs(sun.altitude) > NEAR_HORIZON_DEG;
  const wheel = drawnOtherSide
    ? `, though the wheel draws it ${drawnUp ? 'above' : 'below'} its horizon line: this far from the equator the houses divide the zodiac, not the sky you could see`
    : '';
  // Under half a degree the rounded figure would read "0° above": the Sun was on the horizon.
  const at = Math.abs(sun.altitude) < 0.5 ? 'at your birth it stood on the horizon' : `at your birth it stood ${degrees} ${up ? 'above' : 'below'} the horizon`;
  if (sun.allDay === 'up') return `You were born under the midnight sun: at ${where} the Sun did not set on the day of your birth, and ${at}${wheel}.`;
  if (sun.allDay === 'down') return `You were born in the polar night: at ${where} the Sun did not rise on the day of your birth, and ${at}${wheel}.`;
  return drawnOtherSide ? `At your birth, at ${where}, the Sun stood ${degrees} ${up ? 'above' : 'below'} the horizon${wheel}.` : undefined;
}
