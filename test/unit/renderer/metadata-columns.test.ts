/** The chart header's two corners keep a subject's lines together: `Natal: …` goes with its place. */
import { describe, expect, it } from 'vitest';
import { leftColumnCount } from '../../../renderer/metadata.ts';

describe('the header corners', () => {
  it('move a line that opens a group to the right with the lines after it', () => {
    const solarReturn = [
      'Return: Wed 15 Jul 2026, 14:19 (UTC+09:00)',
      'Tokyo, JP 35°41′N 139°42′E',
      'UT 5:19:54 · LST 10:11:00',
      'Natal: Sun 15 Jul 1990, 14:30 (UTC+02:00)',
      'Paris, FR 48°51′N 2°21′E',
      'Placidus · Tropical · Mean node',
    ];
    expect(leftColumnCount(solarReturn, 4)).toBe(3);
  });

  it('fill the left corner otherwise', () => {
    const transits = [
      'Natal: Sun 15 Jul 1990, 14:30 (UTC+02:00)',
      'Paris, FR',
      'Transits: Thu 20 Nov 2025, 12:00 (UTC+01:00)',
      'Paris, FR',
      'UT 11:00:00 · LST 15:08:15',
      'Placidus · Tropical · Mean node',
    ];
    expect(leftColumnCount(transits, 4)).toBe(4);
    expect(leftColumnCount(['Wed 15 Jul 2026', 'Paris'], 4)).toBe(2);
    // A group that opens the last line of all stays where it is: nothing follows it.
    expect(leftColumnCount(['Ada: 1990', 'Paris', 'Bob: 1991'], 4)).toBe(3);
  });
});
