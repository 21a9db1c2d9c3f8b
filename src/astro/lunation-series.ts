/**
 * The New and Full Moons of a long window (a year or more), cheaper than the event scan: the scan
 * samples the sky every half day to find every crossing, but New and Full Moons come a synodic
 * month apart (29.27 to 29.83 days), so after the first of each kind the next one is predicted
 * one mean synodic month later and refined by Brent's method inside ±3 days, where the
 * elongation moves through less than ±40° and cannot wrap. The instants agree with the scan's to
 * about 1e-9 day.
 */
import { findLunarPhases, type PositionCache } from './events/index.ts';
import { brent, wrap180 } from './events/root-finding.ts';

const SYNODIC_MONTH = 29.530588;
const BRACKET_DAYS = 3;

export interface NewOrFullMoon {
  phase: 'new_moon' | 'full_moon';
  jdUt: number;
}

export function newAndFullMoons(jdStart: number, jdEnd: number, cache: PositionCache): NewOrFullMoon[] {
  const out: NewOrFullMoon[] = [];
  const first = findLunarPhases(jdStart, Math.min(jdEnd, jdStart + 31), cache);
  for (const phase of ['new_moon', 'full_moon'] as const) {
    const target = phase === 'new_moon' ? 0 : 180;
    const elongation = (t: number) => wrap180(cache.get('moon', t).lon - cache.get('sun', t).lon - target);
    let t = first.find((e) => e.phase === phase)?.jdUt;
    while (t !== undefined && t < jdEnd) {
      out.push({ phase, jdUt: t });
      const guess = t + SYNODIC_MONTH;
      t = brent(elongation, guess - BRACKET_DAYS, guess + BRACKET_DAYS);
    }
  }
  return out.sort((a, b) => a.jdUt - b.jdUt);
}
