/**
 * The return finders against the reference solar returns and against a brute-force scan: every
 * crossing of a natal longitude, to the second, including the three of a pass with a station, and
 * the solar return at a year boundary, for a leap-day birth, and in the sidereal zodiac.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { findReturns, nextReturn, RETURN_BODIES, RETURN_BODY_IDS, type ReturnBody } from '../../../src/astro/returns.ts';
import { solarReturnJd } from '../../../src/astro/solar-return.ts';
import { bodyInfo } from '../../../src/astro/bodies.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { signedSeparation } from '../../../src/astro/zodiac.ts';

initEphemeris();
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/refdata/solar_returns.json', import.meta.url), 'utf8'));
const TROPICAL = { type: 'tropical' } as const;
const LAHIRI = { type: 'sidereal', ayanamsa: 'lahiri' } as const;
const SECOND = 1 / 86_400;
const jdOf = (iso: string) => julianDayFromUtcMs(Date.parse(iso));
const lonAt = (body: ReturnBody, jd: number, zodiac: typeof TROPICAL | typeof LAHIRI = TROPICAL) => calcBody(jd, bodyInfo(body).se!, zodiac);

/** Every crossing by a scan at 1/40 of the finder's step, each refined by bisection: slow, independent of the finder's station logic. */
function bruteForce(body: ReturnBody, target: number, from: number, to: number): number[] {
  const h = RETURN_BODIES[body].step / 40;
  const f = (jd: number) => signedSeparation(lonAt(body, jd).lon, target);
  const roots: number[] = [];
  let a = from;
  let fa = f(a);
  for (let b = from + h; b <= to + 1e-12; b += h) {
    const fb = f(b);
    if (fa > 0 !== fb > 0 && Math.abs(fb - fa) < 180) {
      let lo = a;
      let hi = b;
      let flo = fa;
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        const fm = f(mid);
        if (fm > 0 === flo > 0) {
          lo = mid;
          flo = fm;
        } else hi = mid;
      }
      roots.push((lo + hi) / 2);
    }
    a = b;
    fa = fb;
  }
  return roots;
}

describe('the solar return finder', () => {
  it('matches every reference solar return to well under a second', () => {
    for (const c of fixture.cases) {
      const jd = solarReturnJd({ jdUt: c.natal_jd_ut, offsetSeconds: 0 }, c.natal_sun_lon, c.target_year, TROPICAL);
      expect(Math.abs(jd - c.return_jd_ut) / SECOND, c.id).toBeLessThan(0.01);
      const found = nextReturn('sun', c.natal_sun_lon, c.return_jd_ut - 4, TROPICAL)!;
      expect(Math.abs(found.jdUt - c.return_jd_ut) / SECOND, c.id).toBeLessThan(0.01);
    }
  });

  it('finds a return across the new year for a birth on 31 December, and for one on 1 January', () => {
    for (const birth of ['1987-12-31T23:58:00Z', '1991-01-01T00:03:00Z']) {
      const natalJd = jdOf(birth);
      const sun = lonAt('sun', natalJd).lon;
      for (const year of [2019, 2020, 2023, 2024]) {
        const jd = solarReturnJd({ jdUt: natalJd, offsetSeconds: 0 }, sun, year, TROPICAL);
        expect(Math.abs(signedSeparation(lonAt('sun', jd).lon, sun))).toBeLessThan(1e-7);
        // Within a day of the birthday, whichever side of the new year it falls on.
        const birthday = jdOf(`${year}${birth.slice(4)}`);
        expect(Math.abs(jd - birthday)).toBeLessThan(1.5);
        // The same instant from the general finder, searched over the two days around it.
        expect(Math.abs(nextReturn('sun', sun, jd - 1, TROPICAL)!.jdUt - jd) / SECOND).toBeLessThan(0.01);
      }
    }
  });

  it('counts the year in the local calendar of the birth, where New Year comes hours before or after it does in UT', () => {
    // 00:30 on 1 January 1990 in Tokyo (UT+9) is 31 December 1989 in UT; 23:30 on 31 December 1989 in
    // Honolulu (UT-10) is already 1 January 1990 in UT. Each year's return is the one next to that
    // year's local birthday, never the neighbouring year's.
    const births = [
      { utc: '1989-12-31T15:30:00Z', offsetSeconds: 9 * 3600, localBirthday: (y: number) => `${y}-01-01T00:30:00+09:00` },
      { utc: '1990-01-01T09:30:00Z', offsetSeconds: -10 * 3600, localBirthday: (y: number) => `${y}-12-31T23:30:00-10:00` },
    ];
    for (const b of births) {
      const natalJd = jdOf(b.utc);
      const sun = lonAt('sun', natalJd).lon;
      for (const year of [1990, 2000, 2025, 2026]) {
        const jd = solarReturnJd({ jdUt: natalJd, offsetSeconds: b.offsetSeconds }, sun, year, TROPICAL);
        expect(Math.abs(signedSeparation(lonAt('sun', jd).lon, sun))).toBeLessThan(1e-7);
        expect(Math.abs(jd - jdOf(b.localBirthday(year))), `${b.utc} ${year}`).toBeLessThan(1.5);
      }
    }
  });

  it('finds the return of a 29 February birth in a common year, next to 28 February or 1 March', () => {
    const natalJd = jdOf('1996-02-29T18:00:00Z');
    const sun = lonAt('sun', natalJd).lon;
    for (const year of [2021, 2022, 2023, 2024]) {
      const jd = solarReturnJd({ jdUt: natalJd, offsetSeconds: 0 }, sun, year, TROPICAL);
      expect(Math.abs(signedSeparation(lonAt('sun', jd).lon, sun))).toBeLessThan(1e-7);
      const iso = new Date((jd - 2440587.5) * 86_400_000).toISOString();
      expect(iso.slice(5, 10) >= '02-28' && iso.slice(5, 10) <= '03-01', iso).toBe(true);
    }
  });

  it('returns to the sidereal longitude in the sidereal zodiac: later than the tropical return by the precession', () => {
    const natalJd = jdOf('1950-07-01T06:00:00Z');
    const tropical = solarReturnJd({ jdUt: natalJd, offsetSeconds: 0 }, lonAt('sun', natalJd).lon, 2020, TROPICAL);
    const siderealLon = lonAt('sun', natalJd, LAHIRI).lon;
    const sidereal = solarReturnJd({ jdUt: natalJd, offsetSeconds: 0 }, siderealLon, 2020, LAHIRI);
    expect(Math.abs(signedSeparation(lonAt('sun', sidereal, LAHIRI).lon, siderealLon))).toBeLessThan(1e-7);
    // 70 years of precession, about 50.3" a year: 0.98°, about a day of the Sun's motion.
    expect(sidereal - tropical).toBeGreaterThan(0.9);
    expect(sidereal - tropical).toBeLessThan(1.1);
  });
});

describe('the return finder of any body', () => {
  it('finds every crossing a brute-force scan finds, to the second, for every body', () => {
    const start = jdOf('2004-03-01T00:00:00Z');
    const spans: Record<ReturnBody, number> = {
      sun: 800,
      moon: 120,
      mercury: 800,
      venus: 1000,
      mars: 1500,
      jupiter: 4400,
      saturn: 3000,
      uranus: 3000,
      neptune: 3000,
      pluto: 3000,
      chiron: 3000,
    };
    for (const body of RETURN_BODY_IDS) {
      // A target the body reaches in the window: where it stands a third of the way in.
      const target = lonAt(body, start + spans[body] / 3).lon;
      const found = findReturns(body, target, start, start + spans[body], TROPICAL);
      const expected = bruteForce(body, target, start, start + spans[body]);
      expect(found.length, body).toBe(expected.length);
      expect(found.length, body).toBeGreaterThan(0);
      found.forEach((r, i) => {
        expect(Math.abs(r.jdUt - expected[i]!) / SECOND, `${body} ${i}`).toBeLessThan(1);
        expect(Math.abs(signedSeparation(lonAt(body, r.jdUt).lon, target)), body).toBeLessThan(1e-6);
      });
    }
  }, 60_000);

  it('finds a return on a sign edge and across 0° Aries, where the longitude wraps from 360 to 0', () => {
    const start = jdOf('2020-01-01T00:00:00Z');
    for (const target of [0, 359.9999999, 1e-9, 30, 89.9999999]) {
      for (const body of ['sun', 'moon', 'mars'] as const) {
        const found = findReturns(body, target, start, start + RETURN_BODIES[body].horizon, TROPICAL);
        expect(found.length, `${body} ${target}`).toBeGreaterThan(0);
        const expected = bruteForce(body, target, start, start + RETURN_BODIES[body].horizon);
        expect(found.length, `${body} ${target}`).toBe(expected.length);
        for (const r of found) expect(Math.abs(signedSeparation(lonAt(body, r.jdUt).lon, target)), `${body} ${target}`).toBeLessThan(1e-6);
      }
    }
    // The Sun at 0° Aries is the March equinox: 2020-03-20 03:49:36 UT.
    const equinox = nextReturn('sun', 0, start, TROPICAL)!;
    expect(Math.abs(equinox.jdUt - jdOf('2020-03-20T03:49:36Z')) / SECOND).toBeLessThan(60);
  }, 60_000);

  it('finds the three crossings of a retrograde pass: direct, retrograde, direct', () => {
    // Mercury stationed retrograde on 2010-04-18 at about 13°08' Taurus and direct on 2010-05-11 near 2°.
    const target = 38;
    const found = findReturns('mercury', target, jdOf('2010-03-01T00:00:00Z'), jdOf('2010-07-01T00:00:00Z'), TROPICAL);
    expect(found.map((r) => (r.speed < 0 ? 'R' : 'D')).join('')).toBe('DRD');
    // Each within a second: the longitude there is the target, to the Sun's... Mercury's motion in a second.
    for (const r of found) expect(Math.abs(signedSeparation(lonAt('mercury', r.jdUt).lon, target))).toBeLessThan(1e-6);
  });

  it('finds a crossing very near a station (the body turns just past the target)', () => {
    // Find a station, then take a target a hundredth of a degree short of it: two crossings an hour or so apart.
    let jd = jdOf('2010-04-10T00:00:00Z');
    while (lonAt('mercury', jd).speedLon > 0) jd += 0.01;
    const stationLon = lonAt('mercury', jd).lon;
    const target = stationLon - 0.001;
    const found = findReturns('mercury', target, jd - 10, jd + 10, TROPICAL);
    expect(found.map((r) => (r.speed < 0 ? 'R' : 'D')).join('')).toBe('DR');
    expect(found[1]!.jdUt - found[0]!.jdUt).toBeLessThan(3);
  });

  it("stops at the limit and searches the next return within the body's horizon only", () => {
    const start = jdOf('2020-01-01T00:00:00Z');
    expect(findReturns('moon', 100, start, start + 3650, TROPICAL, 5)).toHaveLength(5);
    const next = nextReturn('saturn', lonAt('saturn', start - 100).lon, start, TROPICAL)!;
    expect(next.jdUt - start).toBeGreaterThan(9000); // Saturn came back 29 years later
    expect(next.jdUt - start).toBeLessThan(RETURN_BODIES.saturn.horizon);
    expect(nextReturn('saturn', 0, start, TROPICAL, start + 10)).toBeUndefined();
  });
});
