/**
 * The sky a polar birth came under, said where the chart alone would mislead: the midnight sun or
 * the polar night (the Sun above or below the horizon all day), and a Sun that the wheel draws on
 * the other side of its horizon line from where it stood (at 71° N in June, 5° up in the north
 * while the chart's houses put it below); and, at every timed birth, the chart's sect, by the Sun's
 * true altitude. From the report's sky (src/reports/sky/sun-at-birth.ts).
 */
import { normalizeDegrees, signOf } from '../../astro/zodiac.ts';
import { ordinal } from './report-markdown.ts';
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

/**
 * The chart's sect, as traditional astrology reads it: born with the Sun above the horizon, a day chart, whose sect holds the
 * Sun, Jupiter and Saturn; below it, a night chart, with the Moon, Venus and Mars. The benefic of the sect is the more
 * dependable of the two, the malefic of the sect the easier to carry, and the malefic out of sect the one that asks for
 * most care. Read by the Sun's true altitude (the sky, not the wheel, which may draw it on the other side far from the
 * equator); not said within NEAR_HORIZON_DEG of the horizon, nor without a birth time.
 */
export function sectNote(ctx: ReportContext, altitudeSaid: boolean): string | undefined {
  const sun = ctx.sky.sun;
  if (!sun || Math.abs(sun.altitude) < NEAR_HORIZON_DEG) return undefined;
  const day = sun.altitude > 0;
  const contrary = day ? 'mars' : 'saturn';
  const lon = ctx.factors.points.get(contrary)?.lon;
  const house = ctx.houseOf(contrary);
  const where = lon === undefined ? '' : ` (in ${signOf(lon).name}${house === undefined ? '' : `, in your ${ordinal(house)} house`})`;
  // After the polar note, which gave the Sun's altitude already, the sect follows from it without saying it again.
  const born = altitudeSaid
    ? `That makes yours a ${day ? 'day' : 'night'} chart in the tradition's terms`
    : `You were born by ${day ? 'day' : 'night'}, the Sun ${Math.abs(sun.altitude).toFixed(0)}° ${day ? 'above' : 'below'} the horizon, which the tradition calls a ${day ? 'day' : 'night'} chart`;
  return day
    ? `${born}: the Sun, Jupiter and Saturn belong to its sect. By that rule Jupiter is the more dependable of your two benefics, Saturn's weight is easier to carry as discipline, and Mars, out of sect${where}, is the planet whose force takes the most care to use well.`
    : `${born}: the Moon, Venus and Mars belong to its sect. By that rule Venus is the more dependable of your two benefics, Mars's force is easier to direct, and Saturn, out of sect${where}, is the planet whose weight takes the most care to carry.`;
}
