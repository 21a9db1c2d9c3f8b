/**
 * The transit hit finder against a fine scan of the engine's positions, over random natal degrees
 * and random years: the same exact instants (to the second), none missed and none invented,
 * including the three hits of a retrograde loop; the orb windows against the same scan; a hit at
 * a station; and the sidereal zodiac.
 */
import { describe, expect, it } from 'vitest';
import { bodyInfo } from '../../../src/astro/bodies.ts';
import {
  ASTEROID_FILES_END_JD,
  ASTEROID_FILES_START_JD,
  calcBody,
  FILES_END_JD,
  FILES_START_JD,
  initEphemeris,
  type ZodiacSetting,
} from '../../../src/astro/ephemeris.ts';
import { wrap180 } from '../../../src/astro/events/root-finding.ts';
import { closestApproach, exactHits, nearestHitInWindow, orbWindowAt, orbWindows, TrackSpan, transitTrack } from '../../../src/astro/transit-hits.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const TROPICAL: ZodiacSetting = { type: 'tropical' };
const SECOND = 1 / 86_400;
const ANGLES = [0, 60, 90, 120, 180];

/** Every instant in [a, b] where the body's distance from `degree` changes sign, by a scan at step h refined by bisection: no station logic. */
function scanRoots(body: string, degree: number, a: number, b: number, h: number, zodiac = TROPICAL): number[] {
  const se = bodyInfo(body).se!;
  const f = (jd: number) => wrap180(calcBody(jd, se, zodiac).lon - degree);
  const roots: number[] = [];
  let t = a;
  let ft = f(t);
  while (t < b) {
    const n = Math.min(b, t + h);
    const fn = f(n);
    if (ft < 0 !== fn < 0 && Math.abs(fn - ft) < 90) {
      let lo = t,
        hi = n,
        flo = ft;
      for (let i = 0; i < 50 && hi - lo > 1e-8; i++) {
        const mid = (lo + hi) / 2;
        const fm = f(mid);
        if (fm < 0 === flo < 0) {
          lo = mid;
          flo = fm;
        } else hi = mid;
      }
      roots.push((lo + hi) / 2);
    }
    t = n;
    ft = fn;
  }
  return roots;
}

function expectSameInstants(found: number[], expected: number[]) {
  expect(found.length).toBe(expected.length);
  found.forEach((t, i) => expect(Math.abs(t - expected[i]!)).toBeLessThan(SECOND));
}

const CASES: { body: string; days: number; h: number }[] = [
  { body: 'moon', days: 40, h: 0.02 },
  { body: 'sun', days: 400, h: 0.5 },
  { body: 'mercury', days: 400, h: 0.1 },
  { body: 'venus', days: 400, h: 0.2 },
  { body: 'mars', days: 800, h: 0.25 },
  { body: 'jupiter', days: 1500, h: 1 },
  { body: 'saturn', days: 1500, h: 1 },
  { body: 'pluto', days: 1500, h: 1 },
  { body: 'chiron', days: 1500, h: 1 },
  { body: 'true_node', days: 400, h: 0.05 },
];

describe('exact transit hits', () => {
  const random = seededRandom(48);
  for (const { body, days, h } of CASES) {
    it(`${body}: every exact aspect to random natal degrees over random years, as a fine scan finds them`, () => {
      for (let k = 0; k < 3; k++) {
        const natal = random() * 360;
        const a = 2_415_020.5 + random() * 73_000; // 1900 to 2100
        const b = a + days;
        const span = new TrackSpan(transitTrack(body, TROPICAL));
        const hits = exactHits(span, natal, ANGLES, a, b);
        const expected = [0, 60, -60, 90, -90, 120, -120, 180].flatMap((d) => scanRoots(body, natal + d, a, b, h)).sort((x, y) => x - y);
        expectSameInstants(
          hits.map((x) => x.jd),
          expected,
        );
        for (const hit of hits) {
          const p = calcBody(hit.jd, bodyInfo(body).se!);
          expect(Math.abs(wrap180(p.lon - hit.degree))).toBeLessThan(Math.abs(p.speedLon) * SECOND + 1e-9);
          expect(hit.direction).toBe(p.speedLon >= 0 ? 1 : -1);
        }
      }
    });
  }

  it('finds the three hits of a retrograde loop (Saturn over 0° Pisces-ish in 2024-25) with their directions', () => {
    // Saturn stationed retrograde at 19°Pi 2024-06-29 and direct at 12°Pi 2024-11-15: a natal 15° Pisces is hit three times.
    const span = new TrackSpan(transitTrack('saturn', TROPICAL));
    const a = 2_460_310.5; // 2024-01-01
    const hits = exactHits(span, 345, [0], a, a + 500);
    expect(hits.map((x) => x.direction)).toEqual([1, -1, 1]);
    expectSameInstants(
      hits.map((x) => x.jd),
      scanRoots('saturn', 345, a, a + 500, 0.5),
    );
  });

  it('in the sidereal zodiac, the hits are those of the sidereal longitudes', () => {
    const lahiri: ZodiacSetting = { type: 'sidereal', ayanamsa: 'lahiri' };
    const span = new TrackSpan(transitTrack('mars', lahiri));
    const a = 2_460_676.5;
    const hits = exactHits(span, 100, ANGLES, a, a + 700);
    const expected = [0, 60, -60, 90, -90, 120, -120, 180].flatMap((d) => scanRoots('mars', 100 + d, a, a + 700, 0.25, lahiri)).sort((x, y) => x - y);
    expectSameInstants(
      hits.map((x) => x.jd),
      expected,
    );
  });
});

describe('orb windows', () => {
  const random = seededRandom(4801);
  it('start and end where a fine scan sees the distance cross the orb, hold every hit, and reach past the range', () => {
    for (const body of ['sun', 'mars', 'jupiter', 'neptune']) {
      for (let k = 0; k < 3; k++) {
        const natal = random() * 360;
        const a = 2_440_000.5 + random() * 30_000;
        const b = a + 31;
        const span = new TrackSpan(transitTrack(body, TROPICAL));
        for (const angle of [0, 90, 120]) {
          const orb = 3;
          for (const w of orbWindows(span, natal, angle, orb, a, b)) {
            expect(w.start).toBeDefined();
            expect(w.end).toBeDefined();
            expect(w.start!).toBeLessThanOrEqual(b);
            expect(w.end!).toBeGreaterThanOrEqual(a);
            const d = (t: number) => Math.abs(wrap180(calcBody(t, bodyInfo(body).se!).lon - w.degree));
            expect(Math.abs(d(w.start!) - orb)).toBeLessThan(1e-5);
            expect(Math.abs(d(w.end!) - orb)).toBeLessThan(1e-5);
            // Inside, within orb all along (a scan of 200 points); the hits are the scan's.
            for (let i = 1; i < 200; i++) expect(d(w.start! + ((w.end! - w.start!) * i) / 200)).toBeLessThanOrEqual(orb + 1e-9);
            expectSameInstants(
              w.hits.map((x) => x.jd),
              scanRoots(body, w.degree, w.start!, w.end!, Math.min(0.5, (w.end! - w.start!) / 50)),
            );
            if (w.hits.length) expect(closestApproach(span, w.degree, w.start!, w.end!)).toBe(0);
          }
        }
      }
    }
  });

  it('a station inside the orb that does not reach the degree makes a window without a hit, its closest approach at the station', () => {
    // Mercury's retrograde station of November 2025, found on the engine; a natal degree 1.8° beyond it is never reached.
    const span = new TrackSpan(transitTrack('mercury', TROPICAL));
    const a = 2_460_978.5; // 2025-11-01
    const station = span.stations(a, a + 30)[0]!;
    const natal = calcBody(station, bodyInfo('mercury').se!).lon + 1.8;
    const windows = orbWindows(span, natal, 0, 3, a, a + 30);
    const loop = windows.find((w) => w.hits.length === 0);
    expect(loop).toBeDefined();
    const closest = closestApproach(span, natal, loop!.start!, loop!.end!);
    expect(Math.abs(closest - 1.8)).toBeLessThan(1e-6);
  });
});

describe('the nearest hit in the window holding an instant, and that window', () => {
  const random = seededRandom(4802);
  it("are the nearest of orbWindows' hits in that window and its edges, to the last digit, for every body and aspect, loops and hitless windows included", () => {
    let compared = 0,
      loops = 0,
      hitless = 0;
    for (const body of ['moon', 'sun', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'pluto', 'true_node']) {
      for (let k = 0; k < 40; k++) {
        const t = 2_440_000.5 + random() * 30_000;
        const span = new TrackSpan(transitTrack(body, TROPICAL));
        // A natal degree near where the body stands, so that t is often inside a window.
        const angle = ANGLES[k % ANGLES.length]!;
        const natal = (calcBody(t, bodyInfo(body).se!).lon - angle + (random() - 0.5) * 8 + 720) % 360;
        const orb = 1 + random() * 5;
        const window = orbWindows(span, natal, angle, orb, t, t).find((w) => (w.start ?? -Infinity) <= t && t <= (w.end ?? Infinity));
        const expected = window?.hits.reduce<number | undefined>(
          (best, h) => (best === undefined || Math.abs(h.jd - t) < Math.abs(best - t) ? h.jd : best),
          undefined,
        );
        expect(nearestHitInWindow(span, natal, angle, orb, t)?.jd).toBe(expected);
        // The window's edges alone, found without its hits: the same instants.
        const at = orbWindowAt(new TrackSpan(transitTrack(body, TROPICAL)), natal, angle, orb, t);
        expect(at && { degree: at.degree, start: at.start, end: at.end }).toEqual(window && { degree: window.degree, start: window.start, end: window.end });
        if (window) compared++;
        if (window && window.hits.length > 1) loops++;
        if (window && window.hits.length === 0) hitless++;
      }
    }
    expect(compared).toBeGreaterThan(150);
    expect(loops).toBeGreaterThan(3);
    expect(hitless).toBeGreaterThan(0);
  });

  it('is undefined when the body is not within orb at the instant', () => {
    const t = 2_460_000.5;
    const span = new TrackSpan(transitTrack('sun', TROPICAL));
    const natal = calcBody(t, bodyInfo('sun').se!).lon + 10;
    expect(nearestHitInWindow(span, natal, 0, 3, t)).toBeUndefined();
  });
});

describe('interpolated positions', () => {
  it("are within 0.001° of the engine's (for house placement over a range, never for exact instants)", () => {
    const random = seededRandom(4802);
    for (const body of ['moon', 'sun', 'mercury', 'mars', 'saturn', 'pluto']) {
      const span = new TrackSpan(transitTrack(body, TROPICAL));
      const a = 2_451_545 + random() * 20_000;
      span.cover(a, a + 60);
      for (let i = 0; i < 20; i++) {
        const t = a + random() * 60;
        const exact = calcBody(t, bodyInfo(body).se!);
        const approx = span.interpolated(t);
        expect(Math.abs(wrap180(approx.lon - exact.lon)), body).toBeLessThan(1e-3);
        if (Math.abs(exact.speedLon) > 0.01) expect(Math.sign(approx.speed), body).toBe(Math.sign(exact.speedLon));
      }
    }
  });
});

describe('the years a track answers', () => {
  it("an asteroid's windows and hits are searched up to the asteroid files' ends, an open window's end left undefined, never past them", () => {
    const span = new TrackSpan(transitTrack('chiron', TROPICAL));
    expect([span.track.from, span.track.to]).toEqual([ASTEROID_FILES_START_JD, ASTEROID_FILES_END_JD]);
    for (const [a, b] of [
      [FILES_START_JD, FILES_START_JD + 31],
      [FILES_END_JD - 365, FILES_END_JD],
    ] as const) {
      const natal = calcBody(Math.min(Math.max(a + 15, ASTEROID_FILES_START_JD), ASTEROID_FILES_END_JD), bodyInfo('chiron').se!).lon;
      const windows = orbWindows(span, natal, 0, 3, a, b);
      expect(windows.length).toBeGreaterThan(0);
      for (const w of windows) {
        for (const edge of [w.start, w.end]) if (edge !== undefined) expect(edge >= ASTEROID_FILES_START_JD && edge <= ASTEROID_FILES_END_JD).toBe(true);
        for (const h of w.hits) expect(h.jd >= ASTEROID_FILES_START_JD && h.jd <= ASTEROID_FILES_END_JD).toBe(true);
      }
      expect(() => exactHits(span, natal, ANGLES, a, b)).not.toThrow();
    }
    expect(transitTrack('saturn', TROPICAL).to).toBe(FILES_END_JD);
  });
});
