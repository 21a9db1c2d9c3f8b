/**
 * The sky the scan judges at each step: the planets interpolated from the position table
 * (electional-position-table.ts) instead of seven ephemeris calls, the houses, the Moon's course,
 * the stations and the planetary hour as the exact sky has them. The rules then give the same
 * verdict as on the exact sky unless an interpolated quantity lies within the table's error of a
 * threshold some rule compares it with; so wherever any of them lies within its margin (MARGIN_DEG,
 * SPEED_MARGIN: tens of times the error) of one, the planets concerned are taken from
 * the ephemeris instead (and the cusps from the houses call). The thresholds, from the rules (electional-rules.ts) and the resonance:
 * - a longitude against the multiples of 15° (the signs, hence the dignities, and the burnt way);
 * - the separation of two planets, or of a benefic or malefic and a natal point, against each
 *   aspect angle (0, 60, 90, 120, 180) plus or minus each orb (none, cazimi, resonance, malefic
 *   pressure, combustion), which also covers the Moon's phase (0 and 180);
 * - a longitude against each house cusp (the planet's house); where the cusps are computed from
 *   the sidereal angle (electional-scan-houses.ts), a cusp against the multiples of 30° too;
 * - a speed against zero (retrograde).
 * Within NEAR_SUN_DEG of the Sun the light deflection makes a planet's track wiggle faster than the
 * half-day samples follow: there the planet's margins widen (NEAR_SUN_MARGIN_DEG,
 * NEAR_SUN_SPEED_MARGIN) rather than the planet being taken from the ephemeris at every step of
 * the days it spends there.
 */
import { bodyInfo } from '../../../astro/bodies.ts';
import { calcBody } from '../../../astro/ephemeris.ts';
import { wrap180 } from '../../../astro/events/root-finding.ts';
import type { HourFinder } from './electional-hours.ts';
import {
  INTERPOLATION_MARGIN_DEG,
  MARGIN_DEG,
  NEAR_SUN_MARGIN_DEG,
  NEAR_SUN_SPEED_MARGIN,
  SPEED_MARGIN,
  type PositionTable,
} from './electional-position-table.ts';
import { RESONANCE_ORB } from './electional-resonance.ts';
import { PRESSURE_ORB } from './electional-rules.ts';
import { CAZIMI_ORB, COMBUST_ORB } from '../../../astro/combustion.ts';
import { BENEFICS, MALEFICS, PLANET_INDEX, SEVEN_PLANETS } from './electional-planets.ts';
import { reusableSky, separation, skyHouses, type ElectionSky, type SkySettings } from './electional-sky.ts';
import { normalizeDegrees } from '../../../astro/zodiac.ts';
import type { WindowEvents } from './electional-window-events.ts';
import { fastHouses } from './electional-scan-houses.ts';

export const NEAR_SUN_DEG = 1.5;

const ASPECT_ANGLES = [0, 60, 90, 120, 180];
const ORBS = [0, CAZIMI_ORB, RESONANCE_ORB, PRESSURE_ORB, COMBUST_ORB];
/** Every separation a rule compares with, ascending. */
export const CRITICAL_SEPARATIONS: readonly number[] = [
  ...new Set(ASPECT_ANGLES.flatMap((a) => ORBS.flatMap((o) => [a - o, a + o])).filter((x) => x >= 0 && x <= 180)),
].sort((a, b) => a - b);

// Module copies of the imported constants: the checks run tens of times a step.
const MARGIN = INTERPOLATION_MARGIN_DEG;
/** Wider than any margin the checks are asked about (the sum of two planets' margins). */
const WIDEST_MARGIN = 2 * NEAR_SUN_MARGIN_DEG + 1e-3;
/**
 * The critical separations near each whole degree of separation: those of degree k, within
 * WIDEST_MARGIN of [k, k + 1], are CRITICAL[FIRST_NEAR[k]] up to CRITICAL[FIRST_NEAR[k + 1]] (a
 * value near two degrees is listed under both), so a check reads the few of its own degree instead
 * of searching all of them.
 */
const NEAR_BY_DEGREE = Array.from({ length: 181 }, (_, k) => CRITICAL_SEPARATIONS.filter((c) => c > k - WIDEST_MARGIN && c < k + 1 + WIDEST_MARGIN));
const CRITICAL = Float64Array.from(NEAR_BY_DEGREE.flat());
const FIRST_NEAR = Int32Array.from({ length: 182 }, (_, k) => NEAR_BY_DEGREE.slice(0, k).reduce((n, list) => n + list.length, 0));

/** Bins of separation a twentieth of a degree wide; each 1 when some critical separation lies within WIDEST_MARGIN of it. */
const BINS_PER_DEGREE = 20;
const MAYBE_NEAR = Uint8Array.from({ length: 180 * BINS_PER_DEGREE + 1 }, (_, b) =>
  CRITICAL_SEPARATIONS.some((c) => c > b / BINS_PER_DEGREE - WIDEST_MARGIN && c < (b + 1) / BINS_PER_DEGREE + WIDEST_MARGIN) ? 1 : 0,
);

/** Whether a separation (0 to 180) lies within `margin` (at most WIDEST_MARGIN) of a critical one. */
function nearCritical(sep: number, margin: number): boolean {
  // Most separations lie in a bin with no critical one near: one read settles them.
  if (!MAYBE_NEAR[Math.floor(sep * BINS_PER_DEGREE)]) return false;
  const k = Math.floor(sep);
  for (let i = FIRST_NEAR[k]!, end = FIRST_NEAR[k + 1]!; i < end; i++) if (Math.abs(sep - CRITICAL[i]!) < margin) return true;
  return false;
}

/** Whether a longitude lies within `margin` of a multiple of 15°. */
function nearFifteen(lon: number, margin: number): boolean {
  // Not `%`: on doubles it is a call to fmod, and this runs several times a step.
  const r = lon - 15 * Math.floor(lon / 15);
  return r < margin || 15 - r < margin;
}

const NATAL_ASPECTED: readonly number[] = [...BENEFICS, ...MALEFICS].map((p) => PLANET_INDEX[p]);
const SE: readonly number[] = SEVEN_PLANETS.map((p) => bodyInfo(p).se!);
const N = SEVEN_PLANETS.length;
/**
 * Each planet's margins in longitude and in speed, in SEVEN_PLANETS order, then the same near the
 * Sun. Both choices are read from one typed array: with a constant on one side of the choice and a
 * typed array's value on the other, V8 boxes the double it chose, an allocation per planet and step.
 */
const LON_MARGINS = Float64Array.from([...SEVEN_PLANETS.map((p) => MARGIN_DEG[p]), ...SEVEN_PLANETS.map(() => NEAR_SUN_MARGIN_DEG)]);
const SPEED_MARGINS = Float64Array.from([...SEVEN_PLANETS.map((p) => SPEED_MARGIN[p]), ...SEVEN_PLANETS.map(() => NEAR_SUN_SPEED_MARGIN)]);

/** Counts of the scan's steps: how many were read wholly from the table, and how many planet positions and houses were asked of the ephemeris. */
export interface ScanSkyCounts {
  steps: number;
  exactPositions: number;
  exactHouses: number;
}

/** The cusps' distances from the 1st, one step's worth (and 360° after the 12th). */
const cuspOffset = new Float64Array(13);

/**
 * Each planet's house and its distance from the nearest cusp, for cusps that run forward round the
 * zodiac once (the planet lies between the cusp of its house and the next, so no other cusp is
 * nearer); false, with nothing written, for cusps that do not.
 */
function placeAmongCusps(lon: Float64Array, cusps: readonly number[], house: Int8Array, nearestCusp: Float64Array): boolean {
  // Each cusp's distance on from the 1st, rising through the houses when they run forward once round.
  const c0 = cusps[0]!;
  for (let k = 0; k < 12; k++) cuspOffset[k] = normalizeDegrees(cusps[k]! - c0);
  cuspOffset[12] = 360;
  for (let k = 1; k <= 12; k++) if (cuspOffset[k]! <= cuspOffset[k - 1]!) return false;
  for (let i = 0; i < N; i++) {
    const offset = normalizeDegrees(lon[i]! - c0);
    let k = 0;
    while (cuspOffset[k + 1]! <= offset) k++;
    house[i] = k + 1;
    nearestCusp[i] = Math.min(offset - cuspOffset[k]!, cuspOffset[k + 1]! - offset);
  }
  return true;
}

/**
 * The scan's reader of the sky. `natalLongitudes`: the natal points of the resonance (their
 * separations from the benefics and malefics are thresholds too). A planet whose interpolated
 * position lies within the margin of a threshold is taken from the ephemeris (alone: the others
 * keep theirs); cusps computed from the sidereal angle that lie within it of a planet or a sign's
 * edge are replaced by the houses call.
 *
 * The sky it returns is one object, filled afresh at each call: the scan judges a step and moves
 * on, and making thousands of skies cost more than reading them. Keep nothing of it past the next call.
 */
export function scanSkyReader(
  settings: SkySettings,
  events: WindowEvents,
  hourAt: HourFinder | undefined,
  table: PositionTable,
  natalLongitudes: readonly number[],
  span: { from: number; to: number },
): { skyAt(jdUt: number): ElectionSky; counts: ScanSkyCounts } {
  const counts: ScanSkyCounts = { steps: 0, exactPositions: 0, exactHouses: 0 };
  const fast = fastHouses(span.from, span.to, settings.lat, settings.lng, settings.houseSystem, settings.zodiac);
  const natal = Float64Array.from(natalLongitudes);
  // One step's positions and houses, reused from step to step.
  const lon = new Float64Array(N);
  const speed = new Float64Array(N);
  const exact = new Uint8Array(N);
  /** Each planet's margin at this step (wider near the Sun). */
  const margin = new Float64Array(N);
  const house = new Int8Array(N);
  const nearestCusp = new Float64Array(N);
  const sky = reusableSky(events, hourAt);
  let jd = 0;
  const makeExact = (i: number) => {
    if (exact[i]) return;
    const pos = calcBody(jd, SE[i]!, settings.zodiac);
    lon[i] = pos.lon;
    speed[i] = pos.speedLon;
    exact[i] = 1;
    counts.exactPositions++;
  };
  return {
    counts,
    skyAt(jdUt) {
      jd = jdUt;
      counts.steps++;
      for (let i = 0; i < N; i++) {
        exact[i] = 0;
        table.intoArrays(i, jdUt, lon, speed);
        const l = lon[i]!;
        // Near the Sun (index 0) the light deflection makes the table less exact.
        const nearSun = i > 0 && separation(l, lon[0]!) < NEAR_SUN_DEG;
        const which = nearSun ? N + i : i;
        margin[i] = LON_MARGINS[which]!;
        if (nearFifteen(l, margin[i]!) || Math.abs(speed[i]!) < SPEED_MARGINS[which]!) makeExact(i);
      }
      for (let i = 0; i < N; i++)
        for (let j = i + 1; j < N; j++) {
          if (exact[i] && exact[j]) continue;
          // Both positions may be off: their errors add.
          if (nearCritical(separation(lon[i]!, lon[j]!), margin[i]! + margin[j]!)) {
            makeExact(i);
            makeExact(j);
          }
        }
      for (const n of natal) for (const i of NATAL_ASPECTED) if (!exact[i] && nearCritical(separation(lon[i]!, n), margin[i]!)) makeExact(i);

      let houses = fast ? fast(jdUt) : skyHouses(jdUt, settings);
      let placed = houses !== null && placeAmongCusps(lon, houses.cusps, house, nearestCusp);
      if (houses && fast) {
        // Computed cusps: within the margin of a sign's edge or of a planet, the houses call decides.
        let near = !placed;
        for (let k = 0; k < 12; k++) {
          const c = houses.cusps[k]!;
          const r = c - 30 * Math.floor(c / 30);
          if (r < MARGIN || 30 - r < MARGIN) near = true;
        }
        for (let i = 0; i < N && !near; i++) if (nearestCusp[i]! < MARGIN + margin[i]!) near = true;
        if (near) {
          houses = skyHouses(jdUt, settings)!;
          counts.exactHouses++;
          placed = placeAmongCusps(lon, houses.cusps, house, nearestCusp);
        }
      }
      if (houses) {
        // An interpolated planet within the margin of a cusp is taken from the ephemeris, and its house read again.
        let moved = false;
        for (let i = 0; i < N; i++) {
          if (exact[i]) continue;
          const m = MARGIN + margin[i]!;
          const close = placed ? nearestCusp[i]! < m : houses.cusps.some((c) => Math.abs(wrap180(lon[i]! - c)) < m);
          if (close) {
            makeExact(i);
            moved = true;
          }
        }
        if (moved && placed) placeAmongCusps(lon, houses.cusps, house, nearestCusp);
      }
      sky.fill(jdUt, lon, speed, houses, placed ? house : null);
      return sky;
    },
  };
}
