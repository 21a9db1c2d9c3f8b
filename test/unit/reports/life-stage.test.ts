/**
 * Readings that picture a stage of life are printed only for readers at that stage, where the entry has another
 * reading to print instead (src/reports/text/life-stage.ts): a reader of 58 was once told how to survive a first job
 * away from home, and a reader of 32 that her teenager could become her most evenly matched opponent.
 */
import { describe, expect, it } from 'vitest';
import { getLibrary } from '../../../src/interpretations/library.ts';
import { ageOn, suitsAge } from '../../../src/reports/text/life-stage.ts';

describe('readings of a stage of life', () => {
  it('suit the ages of that stage, and every age when the age is not known', () => {
    const teen = 'A teenager in the house can become your most evenly matched opponent during this period.';
    expect([25, 32, 36, 50, 70].map((age) => suitsAge(teen, age))).toEqual([false, false, true, true, false]);
    expect(suitsAge('Leaving home for a first serious job can be daunting.', 58)).toBe(false);
    expect(suitsAge('In your twenties you may have moved often.', 24)).toBe(false);
    expect(suitsAge('a last project with your name on it, just when grandchildren arrive', 44)).toBe(false);
    expect(suitsAge(teen, undefined)).toBe(true);
    expect(suitsAge('A reading for anyone.', 12)).toBe(true);
    expect(ageOn('1994-06-20', '2026-11-25')).toBe(32);
    expect(ageOn('1994-11-26', '2026-11-25')).toBe(31);
  });

  it('have another reading beside them in their entry, so that a reader of another age gets one', () => {
    const alone: string[] = [];
    for (const e of getLibrary().entries.values()) {
      const staged = e.body.filter((b) => !suitsAge(b, 20) || !suitsAge(b, 40) || !suitsAge(b, 70));
      if (staged.length > 0 && staged.length === e.body.length) alone.push(e.key);
    }
    expect(alone).toEqual([]);
  });
});
