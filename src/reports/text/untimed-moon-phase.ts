/**
 * Untimed births: whether the Moon's phase held all day. The Moon gains about 12° a day on the Sun,
 * so on roughly one birth day in four it crosses from one of the eight 45° phase sectors into the
 * next, and the phase read from the noon chart ("Born at the Full Moon" at 159°, a Moon that was
 * still waxing gibbous before 08:11) holds for the births on noon's side of the crossing only.
 *
 * The elongation is taken at the day's two midnights, the Moon from the day's record and the Sun
 * moved half its daily motion either side of noon, and the crossing found where the straight line
 * between them meets the sector's edge (the Moon's gain on the Sun changes by well under a degree
 * in a day: the minute is right to within a few).
 */
import { moonPhaseLabel, type MoonPhaseLabel } from '../../astro/moon-phase.ts';
import { normalizeDegrees } from '../../astro/zodiac.ts';
import type { PlacedPoint } from '../../interpretations/chart-factors/positions.ts';
import type { MoonDay } from '../sky/moon-day.ts';
import { DAY_MINUTES, minuteClock, NOON } from './local-minutes.ts';

export interface PhaseChange {
  /** Local "HH:MM" at which the phase changed. */
  at: string;
  /** Whether noon (and so the chart's phase) came before the change. */
  noonFirst: boolean;
  /** The phase on the other side of the change. */
  other: MoonPhaseLabel;
}

/** The change of phase during an untimed chart's birth day (`day`: its record; none for a timed chart); undefined when one phase held all day. */
export function phaseChangeOfTheDay(day: MoonDay | undefined, sun: PlacedPoint | undefined): PhaseChange | undefined {
  if (!day || !sun) return undefined;
  const start = normalizeDegrees(day.startLon - (sun.lon - sun.speed / 2));
  // Unwrapped across 0°, so that the line from the first midnight to the next never runs backwards.
  const gain = normalizeDegrees(day.endLon - (sun.lon + sun.speed / 2) - start);
  const [first, last] = [moonPhaseLabel(start), moonPhaseLabel(start + gain)];
  if (first === last) return undefined;
  // The sector edge crossed: the next multiple of 45° after the first sector's start (22.5° before its centre).
  const edge = (Math.floor((start + 22.5) / 45) + 1) * 45 - 22.5;
  const minute = Math.round((DAY_MINUTES * (edge - start)) / gain);
  const noonFirst = NOON < minute;
  return { at: minuteClock(minute), noonFirst, other: noonFirst ? last : first };
}
