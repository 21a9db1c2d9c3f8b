/**
 * The root-finders of the progressions: every instant they give is checked against the ephemeris
 * itself (the position at the instant is the degree asked for, the speed at a station is zero),
 * at a sign edge, a station, a year boundary of life and a polar birth's angles.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, calcHouses, initEphemeris, trueObliquity } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { wrap180 } from '../../../src/astro/events/root-finding.ts';
import { crossings, monotonicPieces } from '../../../src/astro/progressed-crossings.ts';
import {
  bodyTrack,
  exactAspectsBetween,
  exactAspectsToFixed,
  houseIngresses,
  lunationPhaseChanges,
  signIngresses,
  stations,
} from '../../../src/astro/progressed-events.ts';
import { NAIBOD_DEG_PER_DAY, progressedAngles, solarArc } from '../../../src/astro/progressed-angles.ts';
import { ageYears, lifeJdOf, progressedJd, secondaryClock } from '../../../src/astro/progression-clock.ts';
import { TROPICAL_YEAR_DAYS } from '../../../src/astro/progressions.ts';

initEphemeris();
const TROPICAL = { type: 'tropical' } as const;
const jd = (iso: string) => julianDayFromUtcMs(Date.parse(iso));
const sun = bodyTrack('sun', TROPICAL, 'mean');
const moon = bodyTrack('moon', TROPICAL, 'mean');
const mercury = bodyTrack('mercury', TROPICAL, 'mean');

describe('the secondary clock', () => {
  it('maps a tropical year of life to one ephemeris day, and back', () => {
    const clock = secondaryClock(jd('1990-05-17T07:15:00Z'));
    const life = clock.natalJd + 36.5 * TROPICAL_YEAR_DAYS;
    expect(progressedJd(clock, life) - clock.natalJd).toBeCloseTo(36.5, 12);
    expect(lifeJdOf(clock, progressedJd(clock, life))).toBeCloseTo(life, 8);
    expect(ageYears(clock, life)).toBeCloseTo(36.5, 12);
  });
});

describe('crossings', () => {
  it('a sign ingress is the instant the longitude is exactly on the sign edge', () => {
    // The Sun enters Cancer near the June solstice.
    const found = signIngresses(sun, jd('2024-06-15T00:00:00Z'), jd('2024-06-25T00:00:00Z'));
    expect(found).toHaveLength(1);
    expect(found[0]!.sign).toBe(3);
    expect(Math.abs(wrap180(calcBody(found[0]!.t, 0).lon - 90))).toBeLessThan(1e-7);
    // The solstice of 2024: 20 June 20:51 UTC (to the minute).
    expect(Math.abs(found[0]!.t - jd('2024-06-20T20:51:00Z')) * 1440).toBeLessThan(1);
  });

  it('a station is where the speed is zero, and the pieces between stations are monotonic', () => {
    // Mercury turned retrograde on 2024-04-01 and direct on 2024-04-25.
    const found = stations(mercury, jd('2024-03-20T00:00:00Z'), jd('2024-05-05T00:00:00Z'));
    expect(found.map((s) => s.kind)).toEqual(['retrograde', 'direct']);
    for (const s of found) expect(Math.abs(calcBody(s.t, 2).speedLon)).toBeLessThan(1e-7);
    expect(Math.abs(found[0]!.t - jd('2024-04-01T22:14:00Z')) * 1440).toBeLessThan(2);
    expect(Math.abs(found[1]!.t - jd('2024-04-25T12:54:00Z')) * 1440).toBeLessThan(2);
  });

  it('a degree crossed three times around a station is found three times', () => {
    // Mercury passes 20° Aries direct, retrograde, and direct again in the spring of 2024.
    const a = jd('2024-03-20T00:00:00Z'),
      b = jd('2024-05-20T00:00:00Z');
    const found = crossings(mercury, [20], a, b);
    expect(found.map((c) => c.direction)).toEqual([1, -1, 1]);
    for (const c of found) expect(Math.abs(wrap180(calcBody(c.t, 2).lon - 20))).toBeLessThan(1e-7);
  });

  it('exact aspects to a fixed degree and between two tracks are exact', () => {
    const a = jd('2024-01-01T00:00:00Z'),
      b = jd('2024-01-31T00:00:00Z');
    const toFixed = exactAspectsToFixed(moon, 100, [0, 90, 180], a, b);
    expect(toFixed.length).toBeGreaterThanOrEqual(4);
    for (const hit of toFixed) {
      const sep = Math.abs(wrap180(calcBody(hit.t, 1).lon - 100));
      expect(Math.abs(sep - hit.angle)).toBeLessThan(1e-7);
    }
    const between = exactAspectsBetween(moon, sun, [0, 180], a, b);
    // New Moon 2024-01-11 11:57 UTC, Full Moon 2024-01-25 17:54 UTC.
    expect(between.map((h) => h.angle)).toEqual([0, 180]);
    expect(Math.abs(between[0]!.t - jd('2024-01-11T11:57:00Z')) * 1440).toBeLessThan(1);
    expect(Math.abs(between[1]!.t - jd('2024-01-25T17:54:00Z')) * 1440).toBeLessThan(1);
    const phases = lunationPhaseChanges(moon, sun, a, b);
    const order = ['new_moon', 'crescent', 'first_quarter', 'gibbous', 'full_moon', 'disseminating', 'last_quarter', 'balsamic'];
    expect(phases.length).toBe(8); // a synodic month is 29.5 days: eight phase changes in thirty days
    for (let i = 1; i < phases.length; i++) expect(order.indexOf(phases[i]!.phase)).toBe((order.indexOf(phases[i - 1]!.phase) + 1) % 8);
    for (const x of phases) expect(Math.abs(wrap180(calcBody(x.t, 1).lon - calcBody(x.t, 0).lon - x.elongation))).toBeLessThan(1e-7);
  });

  it('house ingresses through fixed cusps name the house entered, both ways', () => {
    const cusps = Array.from({ length: 12 }, (_, i) => i * 30 + 20);
    const a = jd('2024-03-20T00:00:00Z'),
      b = jd('2024-05-20T00:00:00Z');
    const found = houseIngresses(mercury, cusps, true, a, b);
    for (const h of found) {
      const lon = calcBody(h.t, 2).lon;
      const crossed = h.direction === 1 ? cusps[h.house - 1]! : cusps[h.house % 12]!;
      expect(Math.abs(wrap180(lon - crossed))).toBeLessThan(1e-7);
    }
    expect(found.some((h) => h.direction === -1)).toBe(true);
  });

  it('a window across a year boundary of life: events on both sides, in order', () => {
    const clock = secondaryClock(jd('1980-01-01T00:00:00Z'));
    const a = progressedJd(clock, jd('2020-12-01T00:00:00Z')),
      b = progressedJd(clock, jd('2021-02-01T00:00:00Z'));
    const { pieces } = monotonicPieces(moon, a, b);
    const hits = crossings(
      moon,
      Array.from({ length: 360 }, (_, i) => i),
      a,
      b,
      pieces,
    );
    // The progressed Moon moves about 13° a year: one degree a month or so.
    expect(hits.length).toBeGreaterThanOrEqual(1);
    const dates = hits.map((h) => new Date((lifeJdOf(clock, h.t) - 2440587.5) * 86_400_000).toISOString());
    expect(dates.some((d) => d.startsWith('2020-12')) || dates.some((d) => d.startsWith('2021-01'))).toBe(true);
    for (let i = 1; i < hits.length; i++) expect(hits[i]!.t).toBeGreaterThan(hits[i - 1]!.t);
  });
});

describe('progressed angles', () => {
  const births = [
    { iso: '1990-05-17T07:15:00Z', lat: 38.72, lng: -9.14 },
    { iso: '1975-12-31T23:30:00Z', lat: 69.65, lng: 18.96 }, // inside the polar circle
    { iso: '2001-07-04T12:00:00Z', lat: -33.87, lng: 151.21 },
  ];
  for (const b of births) {
    it(`at age 0 both methods give the natal angles (latitude ${b.lat})`, () => {
      const t = jd(b.iso);
      const h = calcHouses(t, b.lat, b.lng, 'P');
      const frame = { mc: h.mc, armc: h.armc, sunLon: calcBody(t, 0).lon, lat: b.lat, obliquity: trueObliquity(t), ayanamsa: 0 };
      for (const method of ['solar_arc', 'naibod'] as const) {
        const a = progressedAngles(frame, method, frame.sunLon, 0);
        expect(Math.abs(wrap180(a.mc - h.mc))).toBeLessThan(1e-6);
        expect(Math.abs(wrap180(a.asc - h.asc))).toBeLessThan(1e-6);
      }
    });
  }

  it('solar arc moves the MC by the arc in longitude; Naibod moves the ARMC by 0.98564733° a year', () => {
    const t = jd('1990-05-17T07:15:00Z');
    const h = calcHouses(t, 38.72, -9.14, 'P');
    const frame = { mc: h.mc, armc: h.armc, sunLon: calcBody(t, 0).lon, lat: 38.72, obliquity: trueObliquity(t), ayanamsa: 0 };
    const progressedSun = calcBody(t + 30, 0).lon;
    const arc = solarArc(frame, progressedSun);
    expect(arc).toBeGreaterThan(28);
    expect(Math.abs(wrap180(progressedAngles(frame, 'solar_arc', progressedSun, 30).mc - h.mc - arc))).toBeLessThan(1e-9);
    expect(Math.abs(wrap180(progressedAngles(frame, 'naibod', progressedSun, 30).armc - h.armc - 30 * NAIBOD_DEG_PER_DAY))).toBeLessThan(1e-9);
    // The progressed Ascendant is the Ascendant of the progressed ARMC: houses of a moment with that sidereal time agree.
    const a = progressedAngles(frame, 'naibod', progressedSun, 30);
    const later = t + (30 * NAIBOD_DEG_PER_DAY) / 360.98564736629; // the sidereal day: the ARMC turns 360.9856° a day
    const hl = calcHouses(later, 38.72, -9.14, 'P');
    expect(Math.abs(wrap180(hl.armc - a.armc))).toBeLessThan(1e-3);
    expect(Math.abs(wrap180(hl.asc - a.asc))).toBeLessThan(5e-3);
  });
});
