/**
 * Regiomontanus houses (the search's default system) for the scan's steps, from the local
 * sidereal angle (ARMC) and the true obliquity instead of a houses call per step.
 *
 * ARMC and obliquity are sampled from the ephemeris once a day (at each Julian day's noon, kept per
 * process: the place adds its longitude to the sidereal time) and read between samples on the
 * straight line: the sidereal time is linear in UT but for the equation of the equinoxes, and the
 * obliquity moves only with nutation, whose fastest terms (13.7 days, 0.2″) leave the line a few
 * millionths of a degree off. The cusps are then the closed forms the Swiss Ephemeris
 * evaluates: the equator divided from the meridian into twelfths, each cusp the ecliptic point
 * rising on the circle through the horizon's north and south points and that twelfth (pole height
 * atan(tan φ · sin H) for the twelfth H = 30° or 60° from the meridian):
 *   cusp(x, f) = atan2(sin x, cos x cos ε − tan f sin ε),   x = ARMC + 30°·k
 * (11th, 12th, 1st, 2nd, 3rd for k = 1 … 5; their opposites 180° on; the 10th the MC).
 * The scan keeps a margin from each cusp (electional-scan-sky.ts); beyond FAST_HOUSES_MAX_LAT,
 * where the cusps turn fast with the ARMC, and for other systems or the sidereal zodiac, the scan
 * asks the ephemeris at every step. test/unit/electional/electional-scan-houses.test.ts compares
 * these cusps with swe_houses.
 */
import { LRUCache } from 'lru-cache';
import { siderealTimeHours, trueObliquity, type ZodiacSetting } from '../../../astro/ephemeris.ts';
import { wrap180 } from '../../../astro/events/root-finding.ts';
import type { HouseSystemName } from '../../../astro/house-systems.ts';
import type { SkyHouses } from './electional-sky.ts';
import { normalizeDegrees } from '../../../astro/zodiac.ts';

export const FAST_HOUSES_MAX_LAT = 60;
/** The samples are a day apart (at each Julian day's noon). */
const NODE_DAYS = 1;
/** Degrees the ARMC turns in a day of UT (the Earth's rotation against the equinox). */
const ARMC_PER_DAY = 360.98564736629;
const RAD = Math.PI / 180;
const norm = normalizeDegrees;
const SIN_TWELFTH = Float64Array.from({ length: 6 }, (_, k) => Math.sin(30 * k * RAD));
const COS_TWELFTH = Float64Array.from({ length: 6 }, (_, k) => Math.cos(30 * k * RAD));

/** Greenwich's sidereal angle (degrees) and the true obliquity at a Julian day's noon; a few bytes a day, about 27 years kept. */
const noonSamples = new LRUCache<number, { gst: number; eps: number }>({ max: 10_000 });

function noonSample(day: number): { gst: number; eps: number } {
  let sample = noonSamples.get(day);
  if (!sample) {
    sample = { gst: siderealTimeHours(day) * 15, eps: trueObliquity(day) };
    noonSamples.set(day, sample);
  }
  return sample;
}

/**
 * A reader of the cusps at any instant of [from, to], or null when this system, zodiac or latitude
 * is not served. It answers with one houses object, refilled at each call (the scan reads a step's
 * houses and moves on): keep nothing of it past the next call.
 */
export function fastHouses(
  from: number,
  to: number,
  lat: number,
  lng: number,
  system: HouseSystemName,
  zodiac: ZodiacSetting,
): ((jdUt: number) => SkyHouses) | null {
  if (system !== 'regiomontanus' || zodiac.type !== 'tropical' || Math.abs(lat) > FAST_HOUSES_MAX_LAT) return null;
  const first = Math.floor(from);
  const n = Math.max(2, Math.ceil(to) - first + 1);
  const t = new Float64Array(n);
  const armc = new Float64Array(n);
  const eps = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const sample = noonSample(first + i);
    t[i] = first + i;
    armc[i] = norm(sample.gst + lng);
    eps[i] = sample.eps;
  }
  const tanLat = Math.tan(lat * RAD);
  // Pole heights of the twelfths 30° and 60° from the meridian, as tangents.
  const tanF = [tanLat * Math.sin(30 * RAD), tanLat * Math.sin(60 * RAD), tanLat, tanLat * Math.sin(60 * RAD), tanLat * Math.sin(30 * RAD)];
  // Packed, not `new Array(12)`: a holey array's doubles are boxed whenever a loop reads them as values.
  const cusps = Array.from({ length: 12 }, () => 0);
  const houses: SkyHouses = { cusps, asc: 0, mc: 0, used: 'regiomontanus' };
  return (jd) => {
    const i = Math.min(n - 2, Math.max(0, Math.floor((jd - t[0]!) / NODE_DAYS)));
    const s = (jd - t[i]!) / NODE_DAYS;
    // The ARMC turns about 361° between two samples: the nominal turn, corrected by what the samples say.
    const nominal = ARMC_PER_DAY * NODE_DAYS;
    const turn = nominal + wrap180(armc[i + 1]! - armc[i]! - nominal);
    const r = armc[i]! + s * turn;
    const e = (eps[i]! + s * (eps[i + 1]! - eps[i]!)) * RAD;
    const cosE = Math.cos(e),
      sinE = Math.sin(e);
    const mcRad = r * RAD;
    const sinR = Math.sin(mcRad),
      cosR = Math.cos(mcRad);
    const mc = norm(Math.atan2(sinR, cosR * cosE) / RAD);
    cusps[9] = mc;
    cusps[3] = norm(mc + 180);
    for (let k = 1; k <= 5; k++) {
      // sin and cos of ARMC + 30°·k by the angle sum, from the ARMC's own.
      const sinX = sinR * COS_TWELFTH[k]! + cosR * SIN_TWELFTH[k]!;
      const cosX = cosR * COS_TWELFTH[k]! - sinR * SIN_TWELFTH[k]!;
      let c = norm(Math.atan2(sinX, cosX * cosE - tanF[k - 1]! * sinE) / RAD);
      // The rising point: less than 180° past the MC.
      if (norm(c - mc) > 180) c = norm(c + 180);
      const house = (9 + k) % 12; // 11th, 12th, 1st, 2nd, 3rd (indices 10, 11, 0, 1, 2)
      cusps[house] = c;
      cusps[(house + 6) % 12] = norm(c + 180);
    }
    houses.asc = cusps[0]!;
    houses.mc = mc;
    return houses;
  };
}
