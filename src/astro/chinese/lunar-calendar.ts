/**
 * The Chinese lunar calendar (农历) from the engine's new moons and solar terms, with the
 * winter-solstice rule, counted in China Standard Time (UTC+8) for every date:
 *
 * - a month starts on the day (UTC+8) of a new moon (the Moon's apparent longitude equals the
 *   Sun's) and lasts until the day of the next;
 * - the month holding the winter solstice (the Sun at 270°) is the eleventh;
 * - a year from one eleventh month to the next with thirteen months has a leap month: the first
 *   after the eleventh that holds no principal term (中气, a multiple of 30°); it takes the number
 *   of the month before it;
 * - the lunar year begins with month 1 (the lunar new year).
 *
 * Each solstice-to-solstice year is worked out once per thread and kept (a few hundred bytes each).
 */
import { calcBody } from '../ephemeris.ts';
import { brent, wrap180 } from '../events/root-finding.ts';
import { termsOfYear } from './solar-terms.ts';
import { mod } from './stems-branches.ts';

const SUN = 0,
  MOON = 1;
const SYNODIC = 29.530589;
/** UTC+8 as a fraction of a day. */
const CST = 8 / 24;

/** The day number (Julian day number) of the UTC+8 calendar date that holds an instant. */
export const cstDay = (jdUt: number) => Math.floor(jdUt + 0.5 + CST);

const elongation = (t: number) => wrap180(calcBody(t, MOON).lon - calcBody(t, SUN).lon);

/** The new moon nearest `near` (which must be within about ten days of it). */
export function newMoonNear(near: number): number {
  const guess = near - elongation(near) / 12.19;
  let a = guess - 1.5,
    b = guess + 1.5;
  let fa = elongation(a),
    fb = elongation(b);
  if (fa < 0 === fb < 0) {
    a -= 1.5;
    b += 1.5;
    fa = elongation(a);
    fb = elongation(b);
  }
  return brent(elongation, a, b, fa, fb);
}

interface LunarMonth {
  /** UTC+8 day number of its first day. */
  start: number;
  number: number;
  leap: boolean;
  /** The instant of the new moon that opens it. */
  newMoon: number;
}

interface Sui {
  /** Months from the eleventh month of the winter solstice of year-1 up to, not including, the next eleventh month. */
  months: LunarMonth[];
  /** Day number where the next sui begins. */
  end: number;
}

const suiCache = new Map<number, Sui>();
const SUI_CACHE_LIMIT = 1024;

/** The months between the winter solstices of `year - 1` and `year`. */
function sui(year: number): Sui {
  let found = suiCache.get(year);
  if (found) return found;
  const ws0 = termsOfYear(year - 1)[23]!.jdUt; // Dongzhi, 270°
  const ws1 = termsOfYear(year)[23]!.jdUt;
  const d0 = cstDay(ws0),
    d1 = cstDay(ws1);
  // The new moon that opens the month holding the first solstice.
  let nm = newMoonNear(ws0 - mod(elongation(ws0), 360) / 12.19);
  if (cstDay(nm) > d0) nm = newMoonNear(nm - SYNODIC);
  // A new moon on the solstice's own day (UTC+8) opens the eleventh month itself.
  const after = newMoonNear(nm + SYNODIC);
  if (cstDay(after) <= d0) nm = after;
  const moons = [nm];
  for (let i = 0; i < 15; i++) {
    const next = newMoonNear(moons[moons.length - 1]! + SYNODIC);
    moons.push(next);
    if (cstDay(next) > d1) break;
  }
  // moons[n] is the first new moon after the second solstice's day: the months are moons[0..n-2], and moons[n-1] opens the next eleventh month.
  const starts = moons.map(cstDay);
  const count = starts.length - 2; // 12 or 13 months before the next eleventh month
  const qiDays: number[] = [];
  if (count === 13) {
    for (const term of termsOfYear(year)) if (term.kind === 'qi') qiDays.push(cstDay(term.jdUt));
  }
  const months: LunarMonth[] = [];
  let number = 11;
  let leapUsed = count !== 13;
  for (let i = 0; i < count; i++) {
    let leap = false;
    if (i > 0) {
      const start = starts[i]!,
        end = starts[i + 1]!;
      if (!leapUsed && !qiDays.some((d) => d >= start && d < end)) {
        leap = true;
        leapUsed = true;
      } else number = (number % 12) + 1;
    }
    months.push({ start: starts[i]!, number, leap, newMoon: moons[i]! });
  }
  found = { months, end: starts[count]! };
  if (suiCache.size >= SUI_CACHE_LIMIT) suiCache.clear();
  suiCache.set(year, found);
  return found;
}

export interface LunarDate {
  /** The lunar year (the Gregorian year in which its month 1 began). */
  year: number;
  month: number;
  leap: boolean;
  day: number;
  /** Days in this lunar month: 29 or 30. */
  monthDays: number;
  /** UTC+8 date of the first day of the lunar year's month 1 (the lunar new year), as a day number. */
  newYearDay: number;
}

/** The lunar date of a UTC+8 day number. */
export function lunarDateOfDay(day: number): LunarDate {
  // The Gregorian year of the day (a Julian day number → the year of its civil date).
  const gYear = new Date((day - 2440588) * 86_400_000).getUTCFullYear();
  let year = gYear;
  let s = sui(year);
  if (day < s.months[0]!.start) {
    year -= 1;
    s = sui(year);
  } else if (day >= s.end) {
    year += 1;
    s = sui(year);
  }
  let i = s.months.length - 1;
  while (i > 0 && s.months[i]!.start > day) i--;
  const month = s.months[i]!;
  const next = i + 1 < s.months.length ? s.months[i + 1]!.start : s.end;
  // Months 11 and 12 (and a leap one among them) before month 1 belong to the lunar year before.
  const firstMonth = s.months.findIndex((m) => m.number === 1 && !m.leap);
  const lunarYear = i < firstMonth ? year - 1 : year;
  const newYearDay = lunarYear === year ? s.months[firstMonth]!.start : newYearOf(year - 1);
  return { year: lunarYear, month: month.number, leap: month.leap, day: day - month.start + 1, monthDays: next - month.start, newYearDay };
}

function newYearOf(suiYear: number): number {
  const s = sui(suiYear);
  return s.months.find((m) => m.number === 1 && !m.leap)!.start;
}

const DIGITS = '〇一二三四五六七八九';
const MONTHS = ['正月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '冬月', '腊月'];
const DAY_TENS = ['初', '十', '廿', '三'];

function dayText(day: number): string {
  if (day === 10) return '初十';
  if (day === 20) return '二十';
  if (day === 30) return '三十';
  return `${DAY_TENS[Math.floor(day / 10)]}${DIGITS[day % 10]}`;
}

/** 一八八一年 九月 初三; a leap month is written 闰 before its name. */
export function lunarDateText(date: LunarDate): string {
  const year = String(date.year)
    .split('')
    .map((c) => DIGITS[Number(c)])
    .join('');
  return `${year}年 ${date.leap ? '闰' : ''}${MONTHS[date.month - 1]} ${dayText(date.day)}`;
}
