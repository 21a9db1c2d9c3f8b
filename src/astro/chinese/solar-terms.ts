/**
 * The twenty-four solar terms (节气): the instants at which the Sun's apparent geocentric
 * longitude (the ephemeris's tropical longitude of date, the positions of every other endpoint)
 * reaches a multiple of 15°. A term is found by Brent's method on the longitude's distance from
 * the target, bracketed by the Sun's slowest and fastest motion, to about 1e-9 day.
 *
 * The twelve `jie` (节, odd multiples of 15°: 315° Lichun, 345°, 15° … 285°) open the months of
 * the BaZi calendar; the twelve `qi` (中气, multiples of 30°) fix the months of the lunar calendar.
 */
import { calcBody } from '../ephemeris.ts';
import { brent, wrap180 } from '../events/root-finding.ts';
import { mod } from './stems-branches.ts';

const SUN = 0;

/** The terms in order of longitude from 0° (春分), each with its pinyin name and English name. */
const TERMS: readonly (readonly [string, string, string])[] = [
  ['春分', 'Chunfen', 'Spring Equinox'],
  ['清明', 'Qingming', 'Clear and Bright'],
  ['谷雨', 'Guyu', 'Grain Rain'],
  ['立夏', 'Lixia', 'Start of Summer'],
  ['小满', 'Xiaoman', 'Grain Buds'],
  ['芒种', 'Mangzhong', 'Grain in Ear'],
  ['夏至', 'Xiazhi', 'Summer Solstice'],
  ['小暑', 'Xiaoshu', 'Minor Heat'],
  ['大暑', 'Dashu', 'Major Heat'],
  ['立秋', 'Liqiu', 'Start of Autumn'],
  ['处暑', 'Chushu', 'End of Heat'],
  ['白露', 'Bailu', 'White Dew'],
  ['秋分', 'Qiufen', 'Autumn Equinox'],
  ['寒露', 'Hanlu', 'Cold Dew'],
  ['霜降', 'Shuangjiang', 'Frost Descent'],
  ['立冬', 'Lidong', 'Start of Winter'],
  ['小雪', 'Xiaoxue', 'Minor Snow'],
  ['大雪', 'Daxue', 'Major Snow'],
  ['冬至', 'Dongzhi', 'Winter Solstice'],
  ['小寒', 'Xiaohan', 'Minor Cold'],
  ['大寒', 'Dahan', 'Major Cold'],
  ['立春', 'Lichun', 'Start of Spring'],
  ['雨水', 'Yushui', 'Rain Water'],
  ['惊蛰', 'Jingzhe', 'Awakening of Insects'],
];

export interface SolarTerm {
  /** The Sun's longitude at the term: a multiple of 15. */
  longitude: number;
  chinese: string;
  pinyin: string;
  name: string;
  /** `jie` (opens a BaZi month) or `qi` (a principal term of the lunar calendar). */
  kind: 'jie' | 'qi';
  jdUt: number;
}

export function termInfo(longitude: number): Omit<SolarTerm, 'jdUt'> {
  const lon = mod(Math.round(longitude), 360);
  const [chinese, pinyin, name] = TERMS[lon / 15]!;
  return { longitude: lon, chinese, pinyin, name, kind: lon % 30 === 0 ? 'qi' : 'jie' };
}

export const sunLongitude = (jdUt: number) => calcBody(jdUt, SUN).lon;

/**
 * The instant the Sun reaches `target` degrees nearest `nearJd` (within about ±20 days: the
 * estimate from the mean motion is off by at most 2.5 days, and the bracket reaches 4 either side).
 */
export function solarTermInstant(target: number, nearJd: number): number {
  const f = (t: number) => wrap180(sunLongitude(t) - target);
  const guess = nearJd - f(nearJd) / 0.9856;
  let a = guess - 4,
    b = guess + 4;
  let fa = f(a),
    fb = f(b);
  // The Sun moves 0.95 to 1.02° a day: the bracket of ±4 days around the estimate holds the root; widened once if not.
  if (fa < 0 === fb < 0) {
    a -= 8;
    b += 8;
    fa = f(a);
    fb = f(b);
  }
  return brent(f, a, b, fa, fb);
}

/** The term at `longitude` degrees whose instant is nearest `nearJd`. */
export function termNear(longitude: number, nearJd: number): SolarTerm {
  // Written out rather than spread, so that every term has one shape (the year's lists are read on every request).
  const { longitude: lon, chinese, pinyin, name, kind } = termInfo(longitude);
  return { longitude: lon, chinese, pinyin, name, kind, jdUt: solarTermInstant(longitude, nearJd) };
}

/**
 * The 24 terms of Gregorian year `year` in time order, from Xiaohan (285°, early January) to
 * Dongzhi (270°, late December). Worked out once per thread and year, and kept: every pillar,
 * luck-pillar start and calendar day reads them from here, so that a boundary is the same
 * instant wherever it is used.
 */
export function termsOfYear(year: number): readonly SolarTerm[] {
  let terms = yearCache.get(year);
  if (terms) return terms;
  const first = termNear(285, julianDayOfDate(year, 1, 6));
  const list = [first];
  for (let k = 1; k < 24; k++) list.push(termNear(mod(285 + 15 * k, 360), first.jdUt + k * 15.2184));
  terms = list;
  if (yearCache.size >= YEAR_CACHE_LIMIT) yearCache.clear();
  yearCache.set(year, terms);
  return terms;
}

const yearCache = new Map<number, readonly SolarTerm[]>();
const YEAR_CACHE_LIMIT = 2048;

const yearOfJd = (jdUt: number) => new Date((jdUt - 2440587.5) * 86_400_000).getUTCFullYear();

/**
 * The terms that bracket an instant, among every term (`jie` false) or the jie only: the last
 * one at or before it and the first one after it.
 */
export function termsAround(jdUt: number, jieOnly: boolean): { previous: SolarTerm; next: SolarTerm } {
  const year = yearOfJd(jdUt);
  let previous: SolarTerm | undefined;
  // The year before, the year and the year after, in time order, without building a list.
  for (let y = year - 1; y <= year + 1; y++) {
    for (const t of termsOfYear(y)) {
      if (jieOnly && t.kind !== 'jie') continue;
      if (t.jdUt > jdUt) {
        if (previous === undefined) throw new RangeError(`no solar term before JD ${jdUt}`);
        return { previous, next: t };
      }
      previous = t;
    }
  }
  throw new RangeError(`no solar term after JD ${jdUt}`);
}

/** The jie before and after an instant: the BaZi month that holds it opened at `previous`. */
export const jieAround = (jdUt: number) => termsAround(jdUt, true);

/** The Lichun (315°) of Gregorian year `year`: early February. */
export const lichunOf = (year: number): SolarTerm => termsOfYear(year)[2]!;

/** The Julian day of 0h UT of a Gregorian date. */
export function julianDayOfDate(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / 86_400_000 + 2440587.5;
}
