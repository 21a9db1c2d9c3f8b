/**
 * The ISO texts written by arithmetic (src/astro/iso-text.ts) equal what Date gives, as
 * formatLocalIso and isoUtc wrote them before (formatLocalIsoByDate, toISOString): random time values over ±300,000 years (whole,
 * fractional, negative), every day of the years around leap-rule edges, and the range's ends.
 */
import { describe, expect, it } from 'vitest';
import { formatLocalIso, formatLocalIsoByDate, isoUtc } from '../../src/astro/civil-time.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

const DAY = 86_400_000;

describe('ISO texts by arithmetic', () => {
  it("equal Date's for random, fractional and negative time values, every day near leap-rule edges, and the ends of years 0-9999", () => {
    const random = seededRandom(8601);
    const values: number[] = [
      0, -0, 0.5, -0.5, -1, 1, -62_167_219_200_000, -62_167_219_200_001, -62_167_219_199_999.5, 253_402_300_799_999, 253_402_300_800_000, 253_402_300_799_999.9,
    ];
    for (let i = 0; i < 300_000; i++) {
      const span = [1e13, 3e14, 8.6e15][i % 3]!;
      const v = (random() * 2 - 1) * span;
      values.push(i % 2 ? v : Math.round(v));
    }
    for (const year of [0, 1, 4, 100, 1582, 1600, 1700, 1899, 1900, 1970, 2000, 2100, 2400, 9999]) {
      for (let day = -2; day < 370; day++) values.push(Date.UTC(year, 0, 1) + day * DAY + Math.floor(random() * DAY));
    }
    const offsets = [0, 3600, -18_000, 19_800, -2_670, 50_400];
    const differing: string[] = [];
    for (const v of values) {
      if (isoUtc(v) !== new Date(v).toISOString()) differing.push(`isoUtc ${v}`);
      const offset = offsets[Math.floor(random() * offsets.length)]!;
      if (formatLocalIso(v, offset) !== formatLocalIsoByDate(v, offset)) differing.push(`local ${v} ${offset}`);
    }
    expect(differing.slice(0, 10)).toEqual([]);
  });
});
