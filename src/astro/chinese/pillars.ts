/**
 * The four pillars of an instant.
 *
 * - Year: the sexagenary year that began at the last Lichun (the Sun at 315°), not at the lunar
 *   new year: stem (Y − 4) mod 10, branch (Y − 4) mod 12 of that solar year Y.
 * - Month: opened by the last jie (the Sun at 315°, 345°, 15° … 285°): branch 寅 from Lichun on;
 *   the stem follows from the year stem (甲/己 years start at 丙寅, 乙/庚 at 戊寅, 丙/辛 at 庚寅,
 *   丁/壬 at 壬寅, 戊/癸 at 甲寅).
 * - Day: the sexagenary count of the local date, (JDN + 49) mod 60 with 0 = 甲子 (2000-01-01 was
 *   戊午); under the 23:00 day boundary the hour from 23:00 belongs to the next day.
 * - Hour: two-hour branches, 子 from 23:00 to 01:00; the stem follows from the day stem (甲/己 days
 *   start at 甲子); the Zi hour from 23:00 takes the stem of the next day's Zi hour under either
 *   boundary (the late Zi hour).
 *
 * Year and month change at absolute instants (the Sun's longitude), whatever clock the birth was
 * read on; day and hour follow the local clock of the chosen time standard.
 */
import { julianDayFromUtcMs } from '../civil-time.ts';
import { jieAround, lichunOf } from './solar-terms.ts';
import { mod, type GanZhi } from './stems-branches.ts';

export const DAY_BOUNDARIES = ['midnight', 'zi_23'] as const;
export type DayBoundary = (typeof DAY_BOUNDARIES)[number];

export const PILLAR_LABELS = ['year', 'month', 'day', 'hour'] as const;
export type PillarLabel = (typeof PILLAR_LABELS)[number];

export interface FourPillars {
  year: GanZhi;
  month: GanZhi;
  day: GanZhi;
  hour: GanZhi;
  /** The solar year (from its Lichun) whose pillar is the year pillar. */
  solarYear: number;
  /** The local date (of the time standard) whose count gives the day pillar, after the day boundary. */
  dayDate: { year: number; month: number; day: number };
}

/** The year of the Lichun that opened the solar year holding an instant. */
export function solarYearOf(jdUt: number): number {
  const year = new Date((jdUt - 2440587.5) * 86_400_000).getUTCFullYear();
  return jdUt < lichunOf(year).jdUt ? year - 1 : year;
}

export const yearPillar = (solarYear: number): GanZhi => ({ stem: mod(solarYear - 4, 10), branch: mod(solarYear - 4, 12) });

/** The month pillar of an instant in the solar year `solarYear`. */
export function monthPillar(jdUt: number, solarYear: number): GanZhi {
  // The month opened by the last jie (the same instants the answer reports): 0 = 寅 (from Lichun) … 11 = 丑.
  const k = mod(jieAround(jdUt).previous.longitude - 315, 360) / 30;
  const yearStem = mod(solarYear - 4, 10);
  return { stem: mod(2 * yearStem + 2 + k, 10), branch: mod(2 + k, 12) };
}

/** The day pillar of a Julian day number. */
export const dayPillarOfJdn = (jdn: number): GanZhi => ({ stem: mod(jdn + 9, 10), branch: mod(jdn + 1, 12) });

/** The day and hour pillars of a local wall time given as milliseconds (the local clock read as if UTC). */
export function dayAndHour(localMs: number, boundary: DayBoundary): { day: GanZhi; hour: GanZhi; jdn: number } {
  const dayNumber = Math.floor(localMs / 86_400_000);
  const hour = Math.floor(mod(localMs, 86_400_000) / 3_600_000);
  const jdn = dayNumber + 2440588 + (boundary === 'zi_23' && hour >= 23 ? 1 : 0);
  const hourBranch = Math.floor((hour + 1) / 2) % 12;
  // The Zi hour from 23:00 is the first hour of the next day's cycle, under either boundary.
  const stemDay = dayPillarOfJdn(dayNumber + 2440588 + (hour >= 23 ? 1 : 0));
  return { day: dayPillarOfJdn(jdn), hour: { stem: mod(2 * stemDay.stem + hourBranch, 10), branch: hourBranch }, jdn };
}

export function fourPillars(utcMs: number, localMs: number, boundary: DayBoundary): FourPillars {
  const jdUt = julianDayFromUtcMs(utcMs);
  const solarYear = solarYearOf(jdUt);
  const { day, hour, jdn } = dayAndHour(localMs, boundary);
  const date = new Date((jdn - 2440588) * 86_400_000);
  return {
    year: yearPillar(solarYear),
    month: monthPillar(jdUt, solarYear),
    day,
    hour,
    solarYear,
    dayDate: { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
  };
}
