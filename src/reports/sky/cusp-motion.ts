/**
 * Which way each house cusp moves as the birth time moves: the degrees it travels in one minute,
 * signed (positive as it advances through the zodiac). The cusps usually advance, about a degree
 * every four minutes; inside the polar circles the Ascendant, and the cusps built on it, can run
 * backwards for hours at a stretch (Tromsø on a January morning: about ¾° a minute the other way),
 * and a report that said "a slightly earlier birth time would place it in the 12th" would send the
 * reader the wrong way. Found from the chart's own house system a minute either side of the birth.
 */
import { calcHouses } from '../../astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../astro/civil-time.ts';
import { HOUSE_SYSTEMS, resolveHouseSystem } from '../../astro/house-systems.ts';
import { signedSeparation } from '../../astro/zodiac.ts';
import { isTimed, type NatalChartInput } from '../../interpretations/chart-input.ts';

const MINUTE_DAYS = 1 / 1440;

/** Degrees per minute of birth time for cusps 1 to 12 (index 0 is the 1st); undefined for an untimed chart. */
export function cuspMotion(chart: NatalChartInput): number[] | undefined {
  const system = resolveHouseSystem(chart.subject.settings.house_system);
  if (!isTimed(chart) || !system) return undefined;
  const jd = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
  const { lat, lng } = chart.subject.location;
  // The zodiac shifts every cusp alike over two minutes: the tropical cusps give the motion.
  const [before, after] = [jd - MINUTE_DAYS, jd + MINUTE_DAYS].map((t) => calcHouses(t, lat, lng, HOUSE_SYSTEMS[system]).cusps);
  return Array.from({ length: 12 }, (_, i) => signedSeparation(before![i]!, after![i]!) / 2);
}
