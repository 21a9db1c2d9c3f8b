/**
 * How the report states an aspect's orb and phase. A timed chart's aspects have one orb and are
 * applying or separating at the birth minute. An untimed chart's aspects have no birth
 * minute: they are stated as the birth day showed them, within orb for part of the day (or all of
 * it), with the hours and the closest approach.
 */
import type { DayAspect } from '../sky/moon-day.ts';
import { clockMinutes } from '../sky/local-minutes.ts';
import { degreesMinutes } from './report-markdown.ts';

export interface StatedAspect {
  orb: number;
  applying?: boolean | undefined;
  /** The birth day's window, for an untimed chart's aspect. */
  day?: DayAspect | undefined;
}

/** Whether an untimed chart's aspect held from the birth day's first minute to its last. */
export const wholeDay = (d: Pick<DayAspect, 'from' | 'to'>) => d.from === '00:00' && d.to === '24:00';

/** The least time, hours, an untimed Moon aspect must have been in orb on the birth day for its passage to be read. */
export const MIN_HOURS_READ = 2;

/** How long an aspect of the birth day held ("HH:MM" to "HH:MM"); a whole day when it has no hours. */
export function hoursHeld(day: Pick<DayAspect, 'from' | 'to'> | undefined): number {
  if (!day) return 24;
  return (clockMinutes(day.to) - clockMinutes(day.from)) / 60;
}

/** "orb 1°21′ · applying", or the day's window for an untimed chart's aspect. */
export function aspectFact(a: StatedAspect): string {
  const d = a.day;
  if (!d) return `orb ${degreesMinutes(a.orb)} · ${a.applying ? 'applying' : 'separating'}`;
  const closest = d.exactAt ? `exact at ${d.exactAt}` : `closest ${degreesMinutes(d.closest)}`;
  // A slow pair's orb may not change by a minute over the day: one figure, not "3°05′ to 3°05′, closest 3°05′".
  if (wholeDay(d) && dayOrbRange(d) === degreesMinutes(d.closest)) return `within orb all day, orb ${degreesMinutes(d.closest)}`;
  if (wholeDay(d)) return `within orb all day, orb ${degreesMinutes(d.closest)} to ${degreesMinutes(d.widest)}, ${closest}`;
  return `within orb for part of the day (${d.from} to ${d.to} local time), ${closest}`;
}

/** An untimed aspect's orb over the birth day, "0°12′–1°05′" (one figure when the slow pair's range rounds to one minute). */
export function dayOrbRange(d: Pick<DayAspect, 'closest' | 'widest'>): string {
  const [closest, widest] = [degreesMinutes(d.closest), degreesMinutes(d.widest)];
  return closest === widest ? closest : `${closest}–${widest}`;
}

/** The table's orb cell. */
export function orbCell(a: StatedAspect): string {
  return a.day ? dayOrbRange(a.day) : degreesMinutes(a.orb);
}

/** The table's phase cell. */
export function phaseCell(a: StatedAspect): string {
  if (!a.day) return a.applying ? 'applying' : 'separating';
  return wholeDay(a.day) ? 'all day' : `${a.day.from}–${a.day.to}`;
}
