/**
 * The relocation summary: the birth instant's chart cast at another place, read for what
 * astrocartography asks of it: its angles (with their signs and houses), the planets within
 * ANGULAR_ORB_DEG of an angle (with their houses there), and the themes and cautions those bring.
 */
import { computeHouses } from '../../../astro/chart.ts';
import type { HouseSystemName } from '../../../astro/house-systems.ts';
import { houseOf } from '../../../astro/house-placement.ts';
import { TROPICAL } from '../../../astro/ephemeris.ts';
import { degreeInSign, signOf } from '../../../astro/zodiac.ts';
import { anglesJson } from '../../../answers/chart-presentation.ts';
import { ANGLE_AREAS, ANGLE_NAMES, ANGULAR_ORB_DEG, BODY_THEMES, bodyTitle } from './acg-rules.ts';
import type { CityMeasure } from './city-scoring.ts';

/** Bodies whose presence on an angle the summary words as a caution. */
const HARD_BODIES = new Set(['mars', 'saturn', 'uranus', 'neptune', 'pluto', 'chiron', 'lilith', 'true_lilith']);

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function degreeText(lon: number): string {
  return `${Math.floor(degreeInSign(lon))}° ${signOf(lon).name}`;
}

export function relocationSummary(m: CityMeasure, jdUt: number, houseSystem: HouseSystemName, timezone: string, placeName: string) {
  const { frame, warning } = computeHouses(jdUt, m.lat, m.lng, houseSystem, TROPICAL);
  const { angles, angles_details } = anglesJson(frame);
  const angular = m.angular.map((a) => ({ body: a.body, angle: a.angle, orb_deg: round3(a.orb), house: houseOf(a.lon, frame.cusps, frame.forward) }));
  const themes = m.angular.slice(0, 3).map((a) => `${BODY_THEMES[a.body] ?? a.body} ${ANGLE_AREAS[a.angle]} (${bodyTitle(a.body)} ${ANGLE_NAMES[a.angle]})`);
  const onAngles = m.angular.length
    ? m.angular.map((a) => `${bodyTitle(a.body)} on the ${ANGLE_NAMES[a.angle]} (${a.orb.toFixed(1)}°)`).join(', ')
    : `no planet within ${ANGULAR_ORB_DEG}° of an angle`;
  const hard = m.angular.filter((a) => HARD_BODIES.has(a.body));
  return {
    resolved_timezone: timezone,
    house_system: frame.used,
    angles: { asc: angles.asc, mc: angles.mc, ic: angles.ic, dc: angles.dc },
    angles_details: { asc: angles_details.asc, mc: angles_details.mc, ic: angles_details.ic, dc: angles_details.dc },
    angular_planets: angular,
    dominant_themes: themes,
    summary_short: `At ${placeName} the birth chart rises at ${degreeText(angles.asc)} with the MC at ${degreeText(angles.mc)}; ${onAngles}.`,
    summary_caution: hard.length
      ? `Take care with ${hard.map((a) => `${bodyTitle(a.body)} on the ${ANGLE_NAMES[a.angle]}: ${BODY_THEMES[a.body]} ${ANGLE_AREAS[a.angle]}`).join('; ')}.`
      : `No hard planet (Mars, Saturn, Uranus, Neptune, Pluto, Chiron, Lilith) is within ${ANGULAR_ORB_DEG}° of a relocated angle.`,
    warnings: warning ? [warning] : [],
  };
}

export type RelocationSummary = ReturnType<typeof relocationSummary>;
