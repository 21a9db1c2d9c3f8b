/**
 * The activation windows of the couple's day (src/astro/transit-windows.ts), checked on the
 * ephemeris's own positions: each boundary is where the separation equals the orb, each exact hit
 * where it is zero, at a sign edge (0° Aries), around a station (two hits in one window), across
 * a year boundary, and beyond the search bound (null, not a hang).
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { wrap180 } from '../../../src/astro/events/root-finding.ts';
import { SCAN, transitWindow } from '../../../src/astro/transit-windows.ts';

initEphemeris();
const lonOf = (se: number) => (jd: number) => calcBody(jd, se, { type: 'tropical' }).lon;
const SUN = 0,
  MOON = 1,
  MERCURY = 2;
const jdOf = (iso: string) => julianDayFromUtcMs(Date.parse(iso));
const SECOND = 1 / 86400;

function expectBoundaries(lon: (jd: number) => number, aim: number, orb: number, w: NonNullable<ReturnType<typeof transitWindow>>) {
  for (const t of [w.entry, w.exit]) if (t !== undefined) expect(Math.abs(Math.abs(wrap180(lon(t) - aim)) - orb)).toBeLessThan(1e-4);
  for (const t of w.exacts) expect(Math.abs(wrap180(lon(t) - aim))).toBeLessThan(1e-4);
}

describe('transit windows', () => {
  it('the Sun conjunct 0° Aries: exact at the March equinox, entry and exit 3° either side', () => {
    const jd0 = jdOf('2026-03-20T12:00:00Z');
    const w = transitWindow(lonOf(SUN), 0, 0, 3, jd0, SCAN.sun!)!;
    expect(w.exacts).toHaveLength(1);
    // The 2026 March equinox: 20 March 14:46 UT (to the minute in almanacs).
    expect(Math.abs(w.exacts[0]! - jdOf('2026-03-20T14:46:00Z'))).toBeLessThan(60 * SECOND);
    expectBoundaries(lonOf(SUN), 0, 3, w);
    expect(w.exit! - w.entry!).toBeGreaterThan(6);
    expect(w.exit! - w.entry!).toBeLessThan(6.2);
  });

  it('a square reached from either side picks the branch nearer at the reference', () => {
    const jd0 = jdOf('2026-03-20T12:00:00Z');
    // The Sun near 0°: square to 270° is the +90 branch (270 + 90 = 360).
    const w = transitWindow(lonOf(SUN), 270, 90, 3, jd0, SCAN.sun!)!;
    expect(w.exacts).toHaveLength(1);
    expectBoundaries(lonOf(SUN), 0, 3, w);
  });

  it("around Mercury's station the window holds two exact hits", () => {
    // Find the station (speed changes sign) in February-March 2026.
    let jd = jdOf('2026-02-15T00:00:00Z');
    while (calcBody(jd, MERCURY, { type: 'tropical' }).speedLon > 0) jd += 0.25;
    const stationLon = lonOf(MERCURY)(jd);
    const target = stationLon - 1;
    const w = transitWindow(lonOf(MERCURY), target, 0, 3, jd, SCAN.mercury!)!;
    expect(w.exacts).toHaveLength(2);
    expect(w.exacts[0]!).toBeLessThan(jd);
    expect(w.exacts[1]!).toBeGreaterThan(jd);
    expectBoundaries(lonOf(MERCURY), target, 3, w);
  });

  it("across a year boundary (the Moon on New Year's Eve)", () => {
    const jd0 = jdOf('2025-12-31T22:00:00Z');
    const moonNow = lonOf(MOON)(jd0);
    const target = moonNow + 1.5; // reached about three hours later, in 2026
    const w = transitWindow(lonOf(MOON), target, 0, 3, jd0, SCAN.moon!)!;
    expect(w.exacts).toHaveLength(1);
    expect(w.exacts[0]!).toBeGreaterThan(jdOf('2026-01-01T00:00:00Z'));
    expectBoundaries(lonOf(MOON), target, 3, w);
  });

  it('a boundary beyond the search bound is undefined, and out of orb is no window', () => {
    const jd0 = jdOf('2026-03-20T12:00:00Z');
    const w = transitWindow(lonOf(SUN), 0, 0, 3, jd0, { step: 0.5, bound: 1 })!;
    expect(w.entry).toBeUndefined();
    expect(w.exit).toBeUndefined();
    expect(w.exacts).toHaveLength(1);
    expect(transitWindow(lonOf(SUN), 90, 0, 3, jd0, SCAN.sun!)).toBeUndefined();
  });

  it('stepping on a grid from an origin finds the same window as stepping from the reference instant', () => {
    // Slow planets over two years of reference instants, each aspect to a point the planet is in orb of there: the
    // window's ends and exact hits agree to the root finder's tenth of a second whichever way the search steps.
    const SATURN = 6;
    const PLUTO = 9;
    const origin = jdOf('2026-11-30T00:00:00Z');
    let compared = 0;
    for (const [se, body] of [
      [SATURN, 'saturn'],
      [PLUTO, 'pluto'],
    ] as const)
      for (let jd0 = origin - 300; jd0 < origin + 400; jd0 += 37.3) {
        const lon = lonOf(se);
        for (const angle of [0, 90, 120]) {
          const target = (lon(jd0) + angle + 0.7) % 360;
          const plain = transitWindow(lon, target, angle, 1.5, jd0, SCAN[body]!);
          const gridded = transitWindow(lon, target, angle, 1.5, jd0, { ...SCAN[body]!, origin });
          expect(gridded === undefined, `${body} ${jd0}`).toBe(plain === undefined);
          if (!plain || !gridded) continue;
          compared++;
          for (const k of ['entry', 'exit'] as const) expect(Math.abs((gridded[k] ?? 0) - (plain[k] ?? 0)), `${body} ${jd0} ${k}`).toBeLessThan(SECOND);
          expect(gridded.exacts.length, `${body} ${jd0}`).toBe(plain.exacts.length);
          gridded.exacts.forEach((t, i) => expect(Math.abs(t - plain.exacts[i]!)).toBeLessThan(SECOND));
        }
      }
    expect(compared).toBeGreaterThan(20);
  });
});
