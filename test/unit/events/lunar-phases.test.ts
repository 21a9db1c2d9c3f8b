/** The four principal phases: New and Full Moons against the reference, quarters by their angle. */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { findLunarPhases } from '../../../src/astro/events/index.ts';
import { normalizeDegrees } from '../../../src/astro/zodiac.ts';
import { refEvents, SECOND } from './refdata.ts';

describe('principal lunar phases', () => {
  for (const year of [2024, 2026]) {
    it(`finds every reference New and Full Moon of ${year} to the second, and a quarter between each`, () => {
      const start = 2460310.5 + (year === 2024 ? 0 : 731); // 1 January 00:00 UT
      const end = start + (year === 2024 ? 366 : 365);
      const found = findLunarPhases(start, end);
      const lunations = found.filter((e) => e.phase === 'new_moon' || e.phase === 'full_moon');
      const ref = refEvents.filter((e) => e.year === year && (e.kind === 'new_moon' || e.kind === 'full_moon'));
      expect(lunations.map((e) => e.phase)).toEqual(ref.map((e) => e.kind));
      lunations.forEach((e, i) => expect(Math.abs(e.jdUt - ref[i]!.jd_ut)).toBeLessThan(SECOND));
      // Phases alternate in order, each a quarter turn after the last.
      for (let i = 1; i < found.length; i++) expect((found[i]!.angle - found[i - 1]!.angle + 360) % 360).toBe(90);
      for (const e of found.filter((x) => x.phase === 'first_quarter' || x.phase === 'last_quarter')) {
        const elongation = normalizeDegrees(calcBody(e.jdUt, 1).lon - calcBody(e.jdUt, 0).lon);
        expect(Math.abs(elongation - e.angle)).toBeLessThan(1e-6);
      }
    });
  }

  it('keeps the window half-open and answers nothing for an empty one', () => {
    const newMoon = refEvents.find((e) => e.kind === 'new_moon')!.jd_ut;
    const found = findLunarPhases(newMoon - 1, newMoon + 1);
    expect(found.map((e) => e.phase)).toEqual(['new_moon']);
    const exactStart = findLunarPhases(found[0]!.jdUt, found[0]!.jdUt + 1);
    expect(exactStart.map((e) => e.phase)).toEqual(['new_moon']);
    expect(findLunarPhases(found[0]!.jdUt - 1, found[0]!.jdUt)).toEqual([]);
    expect(findLunarPhases(newMoon, newMoon)).toEqual([]);
  });
});
