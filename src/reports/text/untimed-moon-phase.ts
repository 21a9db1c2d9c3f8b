/**
 * Untimed births: whether the Moon's lunation phase held all day. The Moon gains about 12° a day on
 * the Sun, so on roughly one birth day in four it crosses from one of the eight 45° phases of the
 * lunation cycle (the count the reading follows: the New Moon phase from 0° to 45°, the crescent
 * from 45° to 90° and so on) into the next, and the phase read from the noon chart holds for the
 * births on noon's side of the crossing only.
 *
 * The elongation is taken at the day's two midnights, the Moon from the day's record and the Sun
 * moved half its daily motion either side of noon, and the crossing found where the straight line
 * between them meets the phase's edge (the Moon's gain on the Sun changes by well under a degree
 * in a day: the minute is right to within a few).
 */
import { lunationPhaseOf, type LunationPhase } from '../../astro/progressed-events.ts';
import { normalizeDegrees } from '../../astro/zodiac.ts';
import type { PlacedPoint } from '../../interpretations/chart-factors/positions.ts';
import type { MoonDay } from '../sky/moon-day.ts';
import { DAY_MINUTES, minuteClock, NOON } from './local-minutes.ts';

export interface PhaseChange {
  /** Local "HH:MM" at which the phase changed. */
  at: string;
  /** Whether noon (and so the chart's phase) came before the change. */
  noonFirst: boolean;
  /** The lunation phase on the other side of the change. */
  other: LunationPhase;
}

/** The change of lunation phase during an untimed chart's birth day (`day`: its record; none for a timed chart); undefined when one phase held all day. */
export function phaseChangeOfTheDay(day: MoonDay | undefined, sun: PlacedPoint | undefined): PhaseChange | undefined {
  if (!day || !sun) return undefined;
  const start = normalizeDegrees(day.startLon - (sun.lon - sun.speed / 2));
  // Unwrapped across 0°, so that the line from the first midnight to the next never runs backwards.
  const gain = normalizeDegrees(day.endLon - (sun.lon + sun.speed / 2) - start);
  const [first, last] = [lunationPhaseOf(start), lunationPhaseOf(start + gain)];
  if (first === last) return undefined;
  // The edge crossed: the next multiple of 45° after the day's start.
  const edge = (Math.floor(start / 45) + 1) * 45;
  const minute = Math.round((DAY_MINUTES * (edge - start)) / gain);
  const noonFirst = NOON < minute;
  return { at: minuteClock(minute), noonFirst, other: noonFirst ? last : first };
}
