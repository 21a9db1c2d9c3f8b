import { describe, expect, it } from 'vitest';
import { brent, newtonBracketed, wrap180 } from '../../../src/astro/events/root-finding.ts';
import { makeGrid, scanSignal } from '../../../src/astro/events/scan.ts';

describe('root finders', () => {
  it('brent finds a zero to the tolerance', () => {
    expect(brent((x) => Math.cos(x), 0, 3)).toBeCloseTo(Math.PI / 2, 12);
    expect(brent((x) => x * x * x - 2, 1, 2)).toBeCloseTo(Math.cbrt(2), 9);
    expect(() => brent((x) => x * x + 1, -1, 1)).toThrow(RangeError);
  });
  it('newtonBracketed converges with the derivative and survives a flat end', () => {
    expect(newtonBracketed((x) => ({ g: x * x - 2, dg: 2 * x }), 0, -2, 2, 2)).toBeCloseTo(Math.SQRT2, 12);
    // Zero derivative at the left end: the bisection fallback takes over.
    expect(newtonBracketed((x) => ({ g: x * x * x - 1e-3, dg: 3 * x * x }), 0, -1e-3, 1, 1 - 1e-3)).toBeCloseTo(0.1, 9);
  });
  it('wrap180 folds angles', () => {
    expect(wrap180(350)).toBe(-10);
    expect(wrap180(-190)).toBe(170);
    expect(wrap180(725)).toBe(5);
  });
});

describe('scanSignal', () => {
  it('finds every crossing of a function that turns back, including a shallow loop', () => {
    // f(t) = 10 t + 40 sin(t): turns where cos t = -1/4 (three times in [0, 10]) and crosses 30 three times.
    const signal = { at: (t: number) => ({ v: 10 * t + 40 * Math.sin(t), r: 10 + 40 * Math.cos(t) }), jerk: 40 };
    const crossings: number[] = [],
      turns: number[] = [];
    scanSignal(signal, makeGrid(0, 10, 0.5), { targets: [30], onCrossing: (t) => crossings.push(t), onTurn: (t) => turns.push(t) });
    const f = (t: number) => 10 * t + 40 * Math.sin(t) - 30;
    expect(crossings.length).toBe(3);
    for (const t of crossings) expect(Math.abs(f(t))).toBeLessThan(1e-8);
    expect(turns.length).toBe(3);
    for (const t of turns) expect(Math.cos(t)).toBeCloseTo(-0.25, 8);
  });
  it('subdivides when the rate dips to zero and back inside one grid step', () => {
    // rate = (t - 1)^2 - 1e-4 has two zeros 0.02 apart around t = 1, between grid nodes 0.5 and 1.5.
    const v = (t: number) => (t - 1) ** 3 / 3 - 1e-4 * t;
    const signal = { at: (t: number) => ({ v: v(t) + 100, r: (t - 1) ** 2 - 1e-4 }), jerk: 2 };
    const turns: number[] = [];
    scanSignal(signal, makeGrid(0, 2, 0.5), { targets: [], onTurn: (t) => turns.push(t) });
    expect(turns.map((t) => t.toFixed(6))).toEqual(['0.990000', '1.010000']);
  });
});
