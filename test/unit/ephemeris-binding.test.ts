/**
 * Body positions and houses come from the project's lean binding; the general binding is the
 * reference. Both carry the same library version, so every coordinate must agree exactly, with
 * zodiacs alternating call by call (the lean binding sets the sidereal mode itself). The reference
 * calls name everything explicitly: Terrestrial Time from the reported ΔT, and the ephemeris
 * (data files inside their range, Moshier outside).
 */
import sweph from 'sweph';
import { describe, expect, it } from 'vitest';
import { AYANAMSAS, type AyanamsaName } from '../../src/astro/ayanamsas.ts';
import { BODIES } from '../../src/astro/bodies.ts';
import { HOUSE_SYSTEMS } from '../../src/astro/house-systems.ts';
import {
  calcBody,
  calcHouses,
  deltaTSeconds,
  EphemerisError,
  FILES_END_JD,
  FILES_START_JD,
  initEphemeris,
  TROPICAL,
  trueObliquity,
  type ZodiacSetting,
} from '../../src/astro/ephemeris.ts';

const C = sweph.constants;
const SE_BODIES = [...BODIES.values()].flatMap((b) => (b.se === undefined ? [] : [b.se]));

/** What the general binding answers for the same call, at TT = UT + the reported ΔT, with the ephemeris named. */
function reference(jdUt: number, se: number, zodiac: ZodiacSetting) {
  let flags = (jdUt >= FILES_START_JD && jdUt < FILES_END_JD ? C.SEFLG_SWIEPH : C.SEFLG_MOSEPH) | C.SEFLG_SPEED;
  if (zodiac.type === 'sidereal') {
    sweph.set_sid_mode(AYANAMSAS[zodiac.ayanamsa], 0, 0);
    flags |= C.SEFLG_SIDEREAL;
  }
  return sweph.calc(jdUt + deltaTSeconds(jdUt) / 86400, se, flags);
}

/** A small deterministic generator, so that a failure can be replayed. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('lean position binding', () => {
  initEphemeris();
  const zodiacs: ZodiacSetting[] = [
    TROPICAL,
    ...(['lahiri', 'raman', 'fagan_bradley', 'true_citra'] as AyanamsaName[]).map((ayanamsa) => ({ type: 'sidereal' as const, ayanamsa })),
  ];

  it('gives every body exactly what the general binding gives, zodiacs alternating', () => {
    const random = lcg(20261121);
    let compared = 0;
    for (let i = 0; i < 300; i++) {
      const jd = FILES_START_JD + 1 + random() * (FILES_END_JD - FILES_START_JD - 2);
      for (const se of SE_BODIES) {
        const zodiac = zodiacs[Math.floor(random() * zodiacs.length)]!;
        const p = calcBody(jd, se, zodiac);
        const r = reference(jd, se, zodiac);
        expect(r.flag).toBeGreaterThanOrEqual(0);
        expect([p.lon, p.lat, p.distAu, p.speedLon, p.speedLat, p.speedDist]).toEqual(r.data);
        expect(p.moshier).toBe(false);
        compared++;
      }
    }
    expect(compared).toBe(300 * SE_BODIES.length);
  });

  it('remembers its precession for the last dates only as the very value: dates interleaved call by call, epochs of sidereal modes among them', () => {
    // The lean binding's library keeps the precession matrix of the last date and the precession
    // terms of the last two (native/swephlib_cached.c); the general binding computes them every
    // time. Calls alternating between nearby dates, a day apart (a speed's t and t + 1) and
    // sidereal modes that precess to their own epoch must all agree with it exactly.
    const random = lcg(20261123);
    const epochModes: ZodiacSetting[] = (['j2000', 'j1900', 'b1950', 'lahiri'] as AyanamsaName[]).map((ayanamsa) => ({ type: 'sidereal' as const, ayanamsa }));
    for (let i = 0; i < 150; i++) {
      const base = FILES_START_JD + 2 + random() * (FILES_END_JD - FILES_START_JD - 4);
      const dates = [base, base + 1, base - 1, base + 1e-9, base + random()];
      for (let j = 0; j < 40; j++) {
        const jd = dates[Math.floor(random() * dates.length)]!;
        const se = SE_BODIES[Math.floor(random() * SE_BODIES.length)]!;
        const zodiac = random() < 0.5 ? TROPICAL : epochModes[Math.floor(random() * epochModes.length)]!;
        const p = calcBody(jd, se, zodiac);
        const r = reference(jd, se, zodiac);
        expect([p.lon, p.lat, p.distAu, p.speedLon, p.speedLat, p.speedDist]).toEqual(r.data);
      }
    }
  });

  it('restores remembered segments of coefficients as the very ones the files give: dates revisiting a few years, bodies and zodiacs mixed', () => {
    // The lean binding's library remembers the segments it has unpacked (native/sweph_cached.c);
    // dates within three years come back to the same segments of every body again and again,
    // in every order, and each answer must be what the general binding reads from the files.
    const random = lcg(20261124);
    const start = FILES_START_JD + 2 + random() * (FILES_END_JD - FILES_START_JD - 1200);
    for (let i = 0; i < 3000; i++) {
      const jd = start + random() * 1096;
      const se = SE_BODIES[Math.floor(random() * SE_BODIES.length)]!;
      const zodiac = zodiacs[Math.floor(random() * zodiacs.length)]!;
      const p = calcBody(jd, se, zodiac);
      const r = reference(jd, se, zodiac);
      expect([p.lon, p.lat, p.distAu, p.speedLon, p.speedLat, p.speedDist]).toEqual(r.data);
    }
  });

  it('gives ΔT as the general binding does, inside the data files and far outside them', () => {
    const random = lcg(20261123);
    for (let i = 0; i < 2000; i++) {
      // -3000 to +3000, so that both of the library's models (and their ends) are met.
      const jd = 625673.5 + random() * 2191500;
      expect(deltaTSeconds(jd)).toBe(sweph.deltat_ex(jd, C.SEFLG_SWIEPH).data * 86400);
    }
  });

  it('gives the true obliquity of the ecliptic as the general binding does', () => {
    for (const jd of [FILES_START_JD + 1, 2451545, 2460000.25, FILES_END_JD - 1]) {
      expect(trueObliquity(jd)).toBe(sweph.calc(jd + deltaTSeconds(jd) / 86400, C.SE_ECL_NUT, C.SEFLG_SWIEPH).data[0]);
    }
  });

  it('falls back to Moshier for planets outside the data files, as the library says', () => {
    const jd = 2268923.5; // 1500-01-01
    const p = calcBody(jd, 4);
    const r = reference(jd, 4, TROPICAL);
    expect(p.moshier).toBe(true);
    expect([p.lon, p.lat, p.distAu, p.speedLon, p.speedLat, p.speedDist]).toEqual(r.data);
  });

  it("reports the library's own message when a body cannot be computed", () => {
    const jd = 2451545;
    const eros = 10_433; // a numbered asteroid whose file this checkout does not carry
    const r = reference(jd, eros, TROPICAL);
    expect(r.flag).toBeLessThan(0);
    expect(() => calcBody(jd, eros)).toThrow(EphemerisError);
    expect(() => calcBody(jd, eros)).toThrow(r.error);
    // The failure leaves nothing behind: the next call is whole again.
    expect(calcBody(2451545, 15).lon).toBe(reference(2451545, 15, TROPICAL).data[0]);
  });

  it('gives the houses exactly as the general binding does: every system, zodiacs alternating, polar fallbacks', () => {
    const random = lcg(20261122);
    const systems = Object.values(HOUSE_SYSTEMS);
    let fallbacks = 0;
    for (let i = 0; i < 600; i++) {
      const jdUt = 2378496.5 + random() * 219145;
      const lat = random() < 0.2 ? (random() < 0.5 ? -1 : 1) * (66.6 + random() * 23.3) : random() * 130 - 65;
      const lng = random() * 360 - 180;
      const letter = systems[i % systems.length]!;
      const zodiac = zodiacs[i % zodiacs.length]!;
      const lean = calcHouses(jdUt, lat, lng, letter, zodiac);
      let flags = C.SEFLG_SWIEPH;
      if (zodiac.type === 'sidereal') {
        sweph.set_sid_mode(AYANAMSAS[zodiac.ayanamsa], 0, 0);
        flags |= C.SEFLG_SIDEREAL;
      }
      const r = sweph.houses_ex2(jdUt, flags, lat, lng, letter);
      const { houses, points, pointsSpeed } = r.data;
      expect(lean.cusps).toEqual(Array.from(houses).slice(0, 12));
      expect([lean.asc, lean.mc, lean.armc, lean.vertex]).toEqual([points[0], points[1], points[2], points[3]]);
      expect([lean.ascSpeed, lean.mcSpeed, lean.vertexSpeed]).toEqual([pointsSpeed[0], pointsSpeed[1], pointsSpeed[3]]);
      expect(lean.fellBack).toBe(r.flag === C.ERR);
      if (lean.fellBack) {
        fallbacks++;
        expect(lean.message).toBe(r.error);
      }
    }
    expect(fallbacks).toBeGreaterThan(5);
  });
});
