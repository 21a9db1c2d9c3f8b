/**
 * The luck pillars (大运): ten-year pillars that continue the month pillar, forward through the
 * sixty-pair cycle when the year stem's polarity and the sex agree (a yang year and a man, a yin
 * year and a woman), backward otherwise. They start after the distance from the birth to the
 * next jie (forward) or the last jie (backward), read at three days to a year: one day is four
 * months, six hours one month, twelve minutes one day. The start date is the birth's local date
 * plus those years, months and days; a pillar's calendar years run from the year of its start
 * date for ten years, and its age is the nominal age (虚岁: 1 in the year of birth) of that
 * year, as the common almanacs count it.
 */
import { ganZhiOf, cycleIndex, type GanZhi } from './stems-branches.ts';

export const LUCK_PILLAR_COUNT = 8;

export interface LuckStart {
  forward: boolean;
  /** Days from the birth to the jie that fixes the start. */
  days: number;
  years: number;
  months: number;
  dayCount: number;
  /** The exact offset in years (days / 3). */
  decimalYears: number;
}

export function luckStart(birthJd: number, previousJieJd: number, nextJieJd: number, forward: boolean): LuckStart {
  const days = forward ? nextJieJd - birthJd : birthJd - previousJieJd;
  // In minutes of the birth's distance: 4320 are a year, 360 a month, 12 a day.
  const minutes = Math.floor(days * 1440 + 1e-6);
  const years = Math.floor(minutes / 4320);
  const months = Math.floor((minutes % 4320) / 360);
  const dayCount = Math.floor((minutes % 360) / 12);
  return { forward, days, years, months, dayCount, decimalYears: days / 3 };
}

export const isForward = (yearStem: number, sex: 'M' | 'F') => (yearStem % 2 === 0) === (sex === 'M');

/** The first `count` luck pillars after the month pillar. */
export function luckPillars(month: GanZhi, forward: boolean, count = LUCK_PILLAR_COUNT): GanZhi[] {
  const start = cycleIndex(month);
  return Array.from({ length: count }, (_, i) => ganZhiOf(start + (forward ? i + 1 : -(i + 1))));
}

/** A local date plus years, months and days (a day past the month's end rolls into the next month, as a calendar does). */
export function addToDate(
  date: { year: number; month: number; day: number },
  years: number,
  months: number,
  days: number,
): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(2000, 0, 1));
  d.setUTCFullYear(date.year + years, date.month - 1 + months, date.day + days);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
