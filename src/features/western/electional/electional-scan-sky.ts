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
 * half-day samples follow (errors up to 4e-4°): such a planet is taken from the ephemeris too.
 */
import { bodyInfo } from '../../../astro/bodies.ts';
import { calcBody } from '../../../astro/ephemeris.ts';
import { wrap180 } from '../../../astro/events/root-finding.ts';
import type { HourFinder } from './electional-hours.ts';
import { INTERPOLATION_MARGIN_DEG, MARGIN_DEG, SPEED_MARGIN, type PositionTable } from './electional-position-table.ts';
import { RESONANCE_ORB } from './electional-resonance.ts';
import { CAZIMI_ORB, COMBUST_ORB, PRESSURE_ORB } from './electional-rules.ts';
import { BENEFICS, MALEFICS, SEVEN_PLANETS, type Planet } from './electional-planets.ts';
import { separation, skyFrom, skyHouses, type ElectionSky, type SkySettings } from './electional-sky.ts';
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
const CRITICAL = Float64Array.from(CRITICAL_SEPARATIONS);

/** Whether a separation (0 to 180) lies within `margin` of a critical one (binary search for the nearest). */
function nearCritical(sep: number, margin: number): boolean {
  let lo = 0,
    hi = CRITICAL.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CRITICAL[mid]! < sep) lo = mid + 1;
    else hi = mid;
  }
  return (lo < CRITICAL.length && CRITICAL[lo]! - sep < margin) || (lo > 0 && sep - CRITICAL[lo - 1]! < margin);
}

/** Whether a longitude lies within `margin` of a multiple of 15°. */
function nearFifteen(lon: number, margin: number): boolean {
  const r = lon % 15;
  return r < margin || 15 - r < margin;
}

const NATAL_ASPECTED: readonly number[] = [...BENEFICS, ...MALEFICS].map((p) => SEVEN_PLANETS.indexOf(p));
const SE: readonly number[] = SEVEN_PLANETS.map((p) => bodyInfo(p).se!);
const N = SEVEN_PLANETS.length;
const PLANET_MARGIN = Float64Array.from(SEVEN_PLANETS, (p) => MARGIN_DEG[p]);
const PLANET_SPEED_MARGIN = Float64Array.from(SEVEN_PLANETS, (p) => SPEED_MARGIN[p]);
const INDEX = Object.fromEntries(SEVEN_PLANETS.map((p, i) => [p, i])) as Record<Planet, number>;

/** Counts of the scan's steps: how many were read wholly from the table, and how many planet positions and houses were asked of the ephemeris. */
export interface ScanSkyCounts {
  steps: number;
  exactPositions: number;
  exactHouses: number;
}

/**
 * The scan's reader of the sky. `natalLongitudes`: the natal points of the resonance (their
 * separations from the benefics and malefics are thresholds too). A planet whose interpolated
 * position lies within the margin of a threshold is taken from the ephemeris (alone: the others
 * keep theirs); cusps computed from the sidereal angle that lie within it of a planet or a sign's
 * edge are replaced by the houses call.
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
  // One step's positions, reused from step to step (skyFrom copies them into the sky it makes).
  const lon = new Float64Array(N);
  const speed = new Float64Array(N);
  const exact = new Uint8Array(N);
  return {
    counts,
    skyAt(jdUt) {
      counts.steps++;
      exact.fill(0);
      const makeExact = (i: number) => {
        if (exact[i]) return;
        const pos = calcBody(jdUt, SE[i]!, settings.zodiac);
        lon[i] = pos.lon;
        speed[i] = pos.speedLon;
        exact[i] = 1;
        counts.exactPositions++;
      };
      for (let i = 0; i < N; i++) {
        const pos = table.at(SEVEN_PLANETS[i]!, jdUt);
        lon[i] = pos.lon;
        speed[i] = pos.speed;
        // Near the Sun (index 0) the light deflection outruns the table.
        if (nearFifteen(pos.lon, PLANET_MARGIN[i]!) || Math.abs(pos.speed) < PLANET_SPEED_MARGIN[i]! || (i > 0 && separation(pos.lon, lon[0]!) < NEAR_SUN_DEG))
          makeExact(i);
      }
      for (let i = 0; i < N; i++)
        for (let j = i + 1; j < N; j++) {
          if (exact[i] && exact[j]) continue;
          // Both positions may be off: their errors add.
          if (nearCritical(separation(lon[i]!, lon[j]!), PLANET_MARGIN[i]! + PLANET_MARGIN[j]!)) {
            makeExact(i);
            makeExact(j);
          }
        }
      for (const n of natal) for (const i of NATAL_ASPECTED) if (!exact[i] && nearCritical(separation(lon[i]!, n), PLANET_MARGIN[i]!)) makeExact(i);

      let houses = fast ? fast(jdUt) : skyHouses(jdUt, settings);
      if (houses && fast) {
        // Computed cusps: within the margin of a sign's edge or of a planet, the houses call decides.
        let near = false;
        for (const c of houses.cusps) {
          const r = c % 30;
          if (r < MARGIN || 30 - r < MARGIN) near = true;
          for (let i = 0; i < N && !near; i++) if (Math.abs(wrap180(lon[i]! - c)) < MARGIN) near = true;
          if (near) break;
        }
        if (near) {
          houses = skyHouses(jdUt, settings);
          counts.exactHouses++;
        }
      }
      if (houses) for (const c of houses.cusps) for (let i = 0; i < N; i++) if (!exact[i] && Math.abs(wrap180(lon[i]! - c)) < MARGIN) makeExact(i);

      return skyFrom(jdUt, (p) => ({ lon: lon[INDEX[p]]!, speed: speed[INDEX[p]]! }), houses, events, hourAt);
    },
  };
}
