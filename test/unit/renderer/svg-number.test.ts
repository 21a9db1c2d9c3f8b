/** `num` writes what String(Math.round(v * 100) / 100) writes, without formatting a fraction. */
import { describe, expect, it } from 'vitest';
import { num } from '../../../renderer/svg-builder.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

function reference(v: number): string {
  if (!Number.isFinite(v)) return '0';
  const r = Math.round(v * 100) / 100;
  return r === 0 ? '0' : String(r);
}

describe('num', () => {
  it('agrees with the rounded number written by String on a million values of every magnitude', () => {
    const random = seededRandom(7);
    let checked = 0;
    for (let i = 0; i < 1_000_000; i++) {
      const magnitude = 10 ** (Math.floor(random() * 24) - 4); // 1e-4 .. 1e19
      const v = (random() * 2 - 1) * magnitude;
      if (num(v) !== reference(v)) expect([v, num(v)]).toEqual([v, reference(v)]);
      checked++;
    }
    expect(checked).toBe(1_000_000);
  });

  it('agrees at the edges: halves, whole numbers, zeros, the end of the exact range, non-finite values', () => {
    const edges = [
      0,
      -0,
      0.004,
      -0.004,
      0.005,
      -0.005,
      0.01,
      -0.01,
      0.1,
      1,
      -1,
      1.005,
      2.675,
      123.455,
      -123.455,
      99.995,
      100,
      0.5,
      0.05,
      1.1,
      1.1,
      7.07,
      1e15 / 100 - 0.01,
      1e13,
      1e15,
      1e16,
      1e21,
      1e22,
      -1e21,
      2 ** 53,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      NaN,
      Infinity,
      -Infinity,
    ];
    for (const v of edges) expect([v, num(v)]).toEqual([v, reference(v)]);
    for (let n = -20000; n <= 20000; n++) expect(num(n / 100)).toBe(reference(n / 100));
  });
});
