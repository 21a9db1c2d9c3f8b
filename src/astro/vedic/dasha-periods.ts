/**
 * The arithmetic shared by the nakshatra dashas (Vimshottari, Yogini): a fixed cycle of lords with
 * their years; the first period is the birth nakshatra's, of which the part the Moon has already
 * traversed has elapsed at birth; each period divides into sub-periods of every lord in the same
 * order, starting from its own lord, each in proportion to its years.
 *
 * Instants are milliseconds since 1970 (UTC). Every boundary is the cycle's start plus an exact
 * sum of years times the year length, so that no error piles up along the 120 years.
 */

export interface DashaLord<L extends string = string> {
  /** The lord (a graha id), or for the Yogini dasha the yogini's name. */
  id: L;
  years: number;
}

export interface DashaPeriod<L extends string = string> {
  lord: L;
  /** 1 mahadasha, 2 antardasha, 3 pratyantardasha. */
  level: number;
  startMs: number;
  endMs: number;
  /** Length in years of the cycle's year. */
  years: number;
  /** The sub-periods, when the levels asked reach them. */
  periods: DashaPeriod<L>[] | undefined;
}

export interface DashaCycle<L extends string = string> {
  /** The lords in their order, with their years. */
  sequence: readonly DashaLord<L>[];
  /** The sum of their years (120 for Vimshottari, 36 for Yogini). */
  totalYears: number;
}

export interface DashaTimeline<L extends string = string> {
  /** The mahadasha running at birth, and how much of it was left. */
  birthLord: L;
  balanceYears: number;
  /** Share of the birth mahadasha still to run at birth, (0, 1]. */
  balanceFraction: number;
  /** The mahadashas from the birth one's (theoretical) start until `spanYears` after birth. */
  periods: DashaPeriod<L>[];
}

export const MS_PER_DAY = 86_400_000;

/**
 * The periods of `cycle` for a birth at `birthMs` whose Moon has traversed `fraction` of a
 * nakshatra whose mahadasha is `sequence[startIndex]`; `levels` 1 to 3; mahadashas follow one
 * another until one ends `spanYears` or more after birth. With `onlyAt` (ms), only the periods
 * running at that instant are divided (a reading of one day needs no other sub-period).
 */
export function cyclicDashas<L extends string>(
  cycle: DashaCycle<L>,
  startIndex: number,
  fraction: number,
  birthMs: number,
  yearDays: number,
  levels: number,
  spanYears: number,
  onlyAt?: number,
): DashaTimeline<L> {
  const n = cycle.sequence.length;
  const first = cycle.sequence[startIndex]!;
  const elapsedYears = fraction * first.years;
  const yearMs = yearDays * MS_PER_DAY;
  const originMs = birthMs - elapsedYears * yearMs;
  const at = (years: number) => originMs + years * yearMs;
  const divided = (level: number, startMs: number, endMs: number) => level < levels && (onlyAt === undefined || (startMs <= onlyAt && onlyAt < endMs));

  const subPeriods = (index: number, startYears: number, years: number, level: number): DashaPeriod<L>[] => {
    const out: DashaPeriod<L>[] = [];
    let offset = startYears;
    for (let k = 0; k < n; k++) {
      const lord = cycle.sequence[(index + k) % n]!;
      const length = (years * lord.years) / cycle.totalYears;
      // The last sub-period ends exactly where its parent does, whatever the rounding of the sum.
      const end = k === n - 1 ? startYears + years : offset + length;
      const startMs = at(offset),
        endMs = at(end);
      out.push({
        lord: lord.id,
        level,
        startMs,
        endMs,
        years: length,
        periods: divided(level, startMs, endMs) ? subPeriods((index + k) % n, offset, length, level + 1) : undefined,
      });
      offset = end;
    }
    return out;
  };

  const periods: DashaPeriod<L>[] = [];
  let startYears = 0;
  for (let k = 0; startYears < elapsedYears + spanYears; k++) {
    const index = (startIndex + k) % n;
    const lord = cycle.sequence[index]!;
    const startMs = at(startYears),
      endMs = at(startYears + lord.years);
    periods.push({
      lord: lord.id,
      level: 1,
      startMs,
      endMs,
      years: lord.years,
      periods: divided(1, startMs, endMs) ? subPeriods(index, startYears, lord.years, 2) : undefined,
    });
    startYears += lord.years;
  }
  return { birthLord: first.id, balanceYears: first.years - elapsedYears, balanceFraction: 1 - fraction, periods };
}

/** The periods running at `ms`, one per level (the mahadasha first); empty outside the timeline. */
export function runningPeriods<L extends string>(periods: readonly DashaPeriod<L>[] | undefined, ms: number): DashaPeriod<L>[] {
  const found = periods?.find((p) => p.startMs <= ms && ms < p.endMs);
  return found ? [found, ...runningPeriods(found.periods, ms)] : [];
}
