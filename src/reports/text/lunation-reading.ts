/**
 * The lunation phase the natal reading follows. The count is the tradition's (Rudhyar's eight
 * phases, each 45° of the Moon's lead on the Sun from a turning point onward), with one exception:
 * a Moon within TURNING_LEAD_DEG short of one of the four turning points the sky names (the New
 * Moon, the First Quarter, the Full Moon, the Last Quarter) is read as born at that moment, in the
 * phase it was about to begin. Readers took a birth 47 seconds before an exact New Moon, "the final
 * crescent" of a balsamic reading under a sky with no crescent at all, and a Moon 100 % lit five
 * hours before the Full Moon, read as still "growing toward the full", for what they were: births at
 * the New and the Full Moon. 5° is about ten hours of the Moon's gain; a Moon 20° short of the Sun,
 * two days before the New Moon, stays balsamic.
 */
import { LUNATION_PHASES, lunationPhaseOf, type LunationPhase } from '../../astro/progressed-events.ts';
import { normalizeDegrees } from '../../astro/zodiac.ts';

export const TURNING_LEAD_DEG = 5;

/** The phase read for a Moon this far ahead of the Sun (degrees, any turn). */
export function readingPhaseOf(elongation: number): LunationPhase {
  const e = normalizeDegrees(elongation);
  const toTurn = 90 - (e % 90);
  return lunationPhaseOf(toTurn <= TURNING_LEAD_DEG ? e + toTurn : e);
}

/** Whether the reading moves the Moon on to the turning point ahead (the tradition's own count names the phase before it). */
export const readAsTurning = (elongation: number) => readingPhaseOf(elongation) !== lunationPhaseOf(elongation);

/**
 * The elongations where the reading's phase changes, ascending from 0: the 45° steps, those at the
 * four turning points brought forward by TURNING_LEAD_DEG (the New Moon's edge is 355°, the last).
 */
export const READING_EDGES: readonly number[] = LUNATION_PHASES.map((_, i) => (i % 2 === 0 ? normalizeDegrees(i * 45 - TURNING_LEAD_DEG) : i * 45)).sort(
  (a, b) => a - b,
);
