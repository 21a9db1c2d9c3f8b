/**
 * Untimed births: whether the Moon's lunation phase held all day. The Moon gains about 12° a day on
 * the Sun, so on roughly one birth day in four it crosses from one of the eight phases of the
 * lunation cycle the reading follows (lunation-reading.ts: 45° each, the four turning points
 * brought forward by a few degrees) into the next, and the phase read from the noon chart holds for the
 * births on noon's side of the crossing only.
 *
 * The elongation is taken at the day's two midnights, the Moon from the day's record and the Sun
 * moved half its daily motion either side of noon, and the crossing found where the straight line
 * between them meets the phase's edge (the Moon's gain on the Sun changes by well under a degree
 * in a day: the minute is right to within a few).
 */
import type { LunationPhase } from '../../astro/progressed-events.ts';
import { normalizeDegrees } from '../../astro/zodiac.ts';
import type { PlacedPoint } from '../../interpretations/chart-factors/positions.ts';
import type { MoonDay } from '../sky/moon-day.ts';
import { DAY_MINUTES, minuteClock, NOON } from '../sky/local-minutes.ts';
import { READING_EDGES, readingPhaseOf } from './lunation-reading.ts';

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
  const [first, last] = [readingPhaseOf(start), readingPhaseOf(start + gain)];
  if (first === last) return undefined;
  // The edge crossed: the reading's next edge after the day's start (a day gains less than the 40° between two).
  const edge = READING_EDGES.find((e) => e > start) ?? READING_EDGES[0]! + 360;
  const minute = Math.round((DAY_MINUTES * (edge - start)) / gain);
  const noonFirst = NOON < minute;
  return { at: minuteClock(minute), noonFirst, other: noonFirst ? last : first };
}
