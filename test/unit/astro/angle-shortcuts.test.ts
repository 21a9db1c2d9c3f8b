/**
 * The shortcuts taken for speed give what the general code gives: normalizeDegrees' two fast
 * paths (in range, within a turn below) against `%` as it was, on every kind of double near the
 * edges; sortByOrb against the builtin stable sort, ties included.
 */
import { describe, expect, it } from 'vitest';
import { normalizeDegrees } from '../../../src/astro/zodiac.ts';
import { sortByOrb } from '../../../src/astro/aspects.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

/** What normalizeDegrees computed before its shortcuts. */
function normalizedByRemainder(deg: number): number {
  const r = deg % 360;
  return r < 0 ? (r + 360) % 360 : r;
}

describe('angle shortcuts', () => {
  it('normalizeDegrees gives what the remainder gives, for every kind of angle', () => {
    const random = seededRandom(360);
    const angles = [
      0,
      -0,
      360,
      -360,
      720,
      -720,
      359.99999999999994,
      -359.99999999999994,
      1e-300,
      -1e-300,
      -5e-324,
      5e-324,
      -1e-14,
      -1e-15,
      -1e-16,
      1e300,
      -1e300,
      Infinity,
      -Infinity,
      NaN,
    ];
    for (let i = 0; i < 200_000; i++) {
      const scale = [1, 360, 720, 1e-12, 1e6][i % 5]!;
      angles.push((random() * 2 - 1) * scale);
    }
    for (const edge of [0, 360, -360]) {
      let up = edge;
      let down = edge;
      for (let i = 0; i < 50; i++) {
        angles.push((up = nextUp(up)), (down = nextDown(down)));
      }
    }
    const differing = angles.filter((a) => !Object.is(normalizeDegrees(a), normalizedByRemainder(a)));
    expect(differing).toEqual([]);
  });

  it('sortByOrb orders as the builtin stable sort does, equal orbs in their first order', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 2000; round++) {
      const items = Array.from({ length: Math.floor(random() * 60) }, (_, i) => ({ orb: Math.floor(random() * 8) / (random() < 0.5 ? 1 : 3), i }));
      expect(sortByOrb([...items])).toEqual([...items].sort((a, b) => a.orb - b.orb));
    }
  });
});

const view = new DataView(new ArrayBuffer(8));
function step(x: number, by: 1n | -1n): number {
  if (x === 0) return by === 1n ? 5e-324 : -5e-324;
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  // Away from zero when the step goes the way of the sign, else toward it.
  view.setBigUint64(0, x > 0 === (by === 1n) ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}
const nextUp = (x: number) => step(x, 1n);
const nextDown = (x: number) => step(x, -1n);
