/**
 * The day's named periods, all from the daytime (sunrise to sunset):
 *
 * - Rahu kalam, Yamaganda and Gulika kalam: the daytime is cut into eight equal parts, and the
 *   weekday chooses which part each is (Rahu kalam: the 8th on Sunday, 2nd Monday, 7th Tuesday,
 *   5th Wednesday, 6th Thursday, 4th Friday, 3rd Saturday; Yamaganda: 5, 4, 3, 2, 1, 7, 6;
 *   Gulika kalam: 7, 6, 5, 4, 3, 2, 1).
 * - Abhijit muhurta: the daytime is cut into fifteen muhurtas, and Abhijit is the eighth, the one
 *   centred on local apparent midday.
 */

/** The part (1 to 8) of the daytime by weekday, Sunday first. */
const RAHU_PART = [8, 2, 7, 5, 6, 4, 3] as const;
const YAMAGANDA_PART = [5, 4, 3, 2, 1, 7, 6] as const;
const GULIKA_PART = [7, 6, 5, 4, 3, 2, 1] as const;

export interface Period {
  start: number;
  end: number;
}

export interface DayPeriods {
  rahuKalam: Period;
  yamaganda: Period;
  gulikaKalam: Period;
  abhijitMuhurta: Period;
}

/** `weekday` 0 (Sunday) to 6; times in days (Julian days). */
export function dayPeriods(sunrise: number, sunset: number, weekday: number): DayPeriods {
  const eighth = (sunset - sunrise) / 8;
  const part = (n: number): Period => ({ start: sunrise + (n - 1) * eighth, end: sunrise + n * eighth });
  const muhurta = (sunset - sunrise) / 15;
  return {
    rahuKalam: part(RAHU_PART[weekday]!),
    yamaganda: part(YAMAGANDA_PART[weekday]!),
    gulikaKalam: part(GULIKA_PART[weekday]!),
    abhijitMuhurta: { start: sunrise + 7 * muhurta, end: sunrise + 8 * muhurta },
  };
}
