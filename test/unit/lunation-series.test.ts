/** The stepped New and Full Moons of a long window agree with the event scan's. */
import { describe, expect, it } from 'vitest';
import { findLunarPhases, PositionCache } from '../../src/astro/events/index.ts';
import { newAndFullMoons } from '../../src/astro/lunation-series.ts';

describe('newAndFullMoons', () => {
  it("gives every New and Full Moon of two years at the scan's instants (within 1 ms), near both ends of the data files too", () => {
    for (const start of [2460310.5, 2378530.5, 2597000.5]) {
      const stepped = newAndFullMoons(start, start + 600, new PositionCache());
      const scanned = findLunarPhases(start, start + 600).filter((e) => e.phase === 'new_moon' || e.phase === 'full_moon');
      expect(stepped.map((e) => e.phase)).toEqual(scanned.map((e) => e.phase));
      stepped.forEach((e, i) => expect(Math.abs(e.jdUt - scanned[i]!.jdUt) * 86_400_000).toBeLessThan(1));
    }
  });
});
