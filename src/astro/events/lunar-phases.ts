/**
 * The four principal phases of the Moon inside a UT window [jdStart, jdEnd): New Moon, First
 * Quarter, Full Moon and Last Quarter, the instants at which the Moon's apparent longitude minus
 * the Sun's crosses 0, 90, 180 and 270°. The same scan and refinement as the event search's
 * lunations (half-day grid, bracketed Newton on the analytic speeds), exact to about 1e-9 day.
 */
import { normalizeDegrees, signOf } from '../zodiac.ts';
import { PositionCache } from './positions.ts';
import { makeGrid, scanSignal } from './scan.ts';
import { SPEED_JERK, GRID_STEP } from './search.ts';
import type { SignId } from './types.ts';

export const PRINCIPAL_PHASES = ['new_moon', 'first_quarter', 'full_moon', 'last_quarter'] as const;
export type PrincipalPhase = (typeof PRINCIPAL_PHASES)[number];

export interface LunarPhaseEvent {
  phase: PrincipalPhase;
  /** Moon − Sun at the event: 0, 90, 180 or 270. */
  angle: number;
  /** Exact time, Julian Day UT. */
  jdUt: number;
  /** The Moon's longitude at the event (tropical) and its sign. */
  lon: number;
  sign_id: SignId;
}

/** The grid reaches this far (1 min) beyond the window; events are kept on their exact time. */
const PAD = 1 / 1440;

export function findLunarPhases(jdStart: number, jdEnd: number, cache: PositionCache = new PositionCache()): LunarPhaseEvent[] {
  if (!Number.isFinite(jdStart) || !Number.isFinite(jdEnd)) throw new RangeError('findLunarPhases: the window must be finite');
  const out: LunarPhaseEvent[] = [];
  if (!(jdEnd > jdStart)) return out;
  scanSignal(
    {
      at(t) {
        const moon = cache.get('moon', t),
          sun = cache.get('sun', t);
        return { v: moon.lon - sun.lon, r: moon.speedLon - sun.speedLon };
      },
      jerk: SPEED_JERK.moon + SPEED_JERK.sun,
    },
    makeGrid(jdStart - PAD, jdEnd + PAD, GRID_STEP),
    {
      targets: [0, 90, 180, 270],
      onCrossing(t, target) {
        if (t < jdStart || t >= jdEnd) return;
        const lon = normalizeDegrees(cache.get('moon', t).lon);
        out.push({ phase: PRINCIPAL_PHASES[target / 90]!, angle: target, jdUt: t, lon, sign_id: signOf(lon).id });
      },
    },
  );
  return out.sort((a, b) => a.jdUt - b.jdUt);
}
