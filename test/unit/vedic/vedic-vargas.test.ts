/**
 * The divisional charts by Parashara's rules, on longitudes worked out by hand: each division's
 * starting sign for a movable, fixed and dual (odd and even) sign, the parts at their edges, a
 * graha on a sign boundary, and the named alternatives of D2, D3 and D30.
 */
import { describe, expect, it } from 'vitest';
import { vargaSign, VARGA_DIVISIONS, type VargaDivision } from '../../../src/astro/vedic/vargas.ts';

const ARIES = 0,
  TAURUS = 1,
  GEMINI = 2,
  CANCER = 3,
  LEO = 4,
  VIRGO = 5,
  LIBRA = 6,
  SCORPIO = 7,
  SAGITTARIUS = 8,
  CAPRICORN = 9,
  AQUARIUS = 10,
  PISCES = 11;
/** A longitude at `deg` degrees into `sign`. */
const at = (sign: number, deg: number) => sign * 30 + deg;

describe('navamsa (D9)', () => {
  it('counts movable signs from themselves, fixed from their 9th, dual from their 5th', () => {
    expect(vargaSign(at(ARIES, 0), 9)).toBe(ARIES);
    expect(vargaSign(at(ARIES, 29.999), 9)).toBe(SAGITTARIUS);
    // A graha exactly on the Aries-Taurus boundary is in Taurus, whose first navamsa is Capricorn (its 9th).
    expect(vargaSign(at(TAURUS, 0), 9)).toBe(CAPRICORN);
    expect(vargaSign(at(GEMINI, 0), 9)).toBe(LIBRA);
    // Taurus 10° opens its fourth navamsa (Capricorn + 3 = Aries); just before it, the third (Pisces).
    expect(vargaSign(at(TAURUS, 10), 9)).toBe(ARIES);
    expect(vargaSign(at(TAURUS, 10 - 1e-9), 9)).toBe(PISCES);
    expect(vargaSign(at(CANCER, 3.34), 9)).toBe(LEO);
    expect(vargaSign(at(PISCES, 29.9), 9)).toBe(PISCES);
  });
});

describe('hora (D2)', () => {
  it("Parashara: odd signs the Sun's hora then the Moon's, even signs the reverse", () => {
    expect(vargaSign(at(ARIES, 14.99), 2)).toBe(LEO);
    expect(vargaSign(at(ARIES, 15), 2)).toBe(CANCER);
    expect(vargaSign(at(TAURUS, 1), 2)).toBe(CANCER);
    expect(vargaSign(at(TAURUS, 16), 2)).toBe(LEO);
  });
  it('parivritti: the 24 horas counted on from Aries', () => {
    const m = { hora: 'parivritti', drekkana: 'parashara', trimsamsa: 'parashara' } as const;
    expect(vargaSign(at(ARIES, 1), 2, m)).toBe(ARIES);
    expect(vargaSign(at(ARIES, 16), 2, m)).toBe(TAURUS);
    expect(vargaSign(at(TAURUS, 1), 2, m)).toBe(GEMINI);
    expect(vargaSign(at(LIBRA, 20), 2, m)).toBe(Math.floor(at(LIBRA, 20) / 15) % 12);
  });
});

describe('drekkana (D3)', () => {
  it('Parashara: the sign, its 5th, its 9th', () => {
    expect(vargaSign(at(CANCER, 9.99), 3)).toBe(CANCER);
    expect(vargaSign(at(CANCER, 10), 3)).toBe(SCORPIO);
    expect(vargaSign(at(CANCER, 25), 3)).toBe(PISCES);
  });
  it('parivritti: cyclic', () => {
    const m = { hora: 'parashara', drekkana: 'parivritti', trimsamsa: 'parashara' } as const;
    expect(vargaSign(at(CANCER, 25), 3, m)).toBe(11 % 12);
    expect(vargaSign(at(TAURUS, 5), 3, m)).toBe(CANCER);
  });
});

describe('trimsamsa (D30)', () => {
  it('Parashara: unequal parts ruled by Mars, Saturn, Jupiter, Mercury, Venus (reversed in even signs)', () => {
    expect(vargaSign(at(ARIES, 4.99), 30)).toBe(ARIES);
    expect(vargaSign(at(ARIES, 5), 30)).toBe(AQUARIUS);
    expect(vargaSign(at(LEO, 17.9), 30)).toBe(SAGITTARIUS);
    expect(vargaSign(at(LEO, 18), 30)).toBe(GEMINI);
    expect(vargaSign(at(GEMINI, 29.99), 30)).toBe(LIBRA);
    expect(vargaSign(at(TAURUS, 4.9), 30)).toBe(TAURUS);
    expect(vargaSign(at(TAURUS, 5), 30)).toBe(VIRGO);
    expect(vargaSign(at(VIRGO, 12), 30)).toBe(PISCES);
    expect(vargaSign(at(PISCES, 20), 30)).toBe(CAPRICORN);
    expect(vargaSign(at(PISCES, 29.99), 30)).toBe(SCORPIO);
  });
  it('parivritti: one sign a degree', () => {
    const m = { hora: 'parashara', drekkana: 'parashara', trimsamsa: 'parivritti' } as const;
    expect(vargaSign(at(ARIES, 0.5), 30, m)).toBe(ARIES);
    expect(vargaSign(at(ARIES, 13.5), 30, m)).toBe(TAURUS);
    expect(vargaSign(at(TAURUS, 0.5), 30, m)).toBe(LIBRA); // the 31st degree of the zodiac: 30 mod 12
  });
});

describe('the other divisions', () => {
  it('D4: the sign, its 4th, 7th, 10th', () => {
    expect(vargaSign(at(GEMINI, 8), 4)).toBe(VIRGO);
    expect(vargaSign(at(GEMINI, 29), 4)).toBe(PISCES);
  });
  it('D7: odd signs from themselves, even from their 7th', () => {
    expect(vargaSign(at(ARIES, 0), 7)).toBe(ARIES);
    expect(vargaSign(at(TAURUS, 0), 7)).toBe(SCORPIO);
    expect(vargaSign(at(TAURUS, 29.99), 7)).toBe(Math.floor(SCORPIO + 6) % 12);
    expect(vargaSign(at(ARIES, 30 / 7), 7)).toBe(TAURUS);
  });
  it('D10: odd signs from themselves, even from their 9th', () => {
    expect(vargaSign(at(LEO, 3), 10)).toBe(VIRGO);
    expect(vargaSign(at(VIRGO, 0), 10)).toBe(TAURUS);
  });
  it('D12: from the sign itself', () => expect(vargaSign(at(SCORPIO, 29), 12)).toBe(LIBRA));
  it('D16: movable from Aries, fixed from Leo, dual from Sagittarius', () => {
    expect(vargaSign(at(CANCER, 0), 16)).toBe(ARIES);
    expect(vargaSign(at(SCORPIO, 0), 16)).toBe(LEO);
    expect(vargaSign(at(PISCES, 29.99), 16)).toBe((SAGITTARIUS + 15) % 12);
  });
  it('D20: movable from Aries, fixed from Sagittarius, dual from Leo', () => {
    expect(vargaSign(at(TAURUS, 0), 20)).toBe(SAGITTARIUS);
    expect(vargaSign(at(GEMINI, 1.5), 20)).toBe(VIRGO);
  });
  it('D24: odd signs from Leo, even from Cancer', () => {
    expect(vargaSign(at(ARIES, 0), 24)).toBe(LEO);
    expect(vargaSign(at(TAURUS, 0), 24)).toBe(CANCER);
  });
  it('D27: fire from Aries, earth from Cancer, air from Libra, water from Capricorn', () => {
    expect(vargaSign(at(LEO, 0), 27)).toBe(ARIES);
    expect(vargaSign(at(CAPRICORN, 0), 27)).toBe(CANCER);
    expect(vargaSign(at(AQUARIUS, 0), 27)).toBe(LIBRA);
    expect(vargaSign(at(SCORPIO, 0), 27)).toBe(CAPRICORN);
  });
  it('D40: odd signs from Aries, even from Libra', () => {
    expect(vargaSign(at(TAURUS, 0.74), 40)).toBe(LIBRA);
    expect(vargaSign(at(TAURUS, 0.75), 40)).toBe(SCORPIO);
  });
  it('D45: movable from Aries, fixed from Leo, dual from Sagittarius', () => {
    expect(vargaSign(at(LIBRA, 0), 45)).toBe(ARIES);
    expect(vargaSign(at(AQUARIUS, 0), 45)).toBe(LEO);
    expect(vargaSign(at(VIRGO, 0), 45)).toBe(SAGITTARIUS);
  });
  it('D60: from the sign itself, half a degree each', () => {
    expect(vargaSign(at(CAPRICORN, 0.49), 60)).toBe(CAPRICORN);
    expect(vargaSign(at(CAPRICORN, 0.5), 60)).toBe(AQUARIUS);
    expect(vargaSign(at(CAPRICORN, 29.99), 60)).toBe((CAPRICORN + 59) % 12);
  });
  it('D1 is the sign; every division stays in 0-11 at 0° and just under 360°', () => {
    for (const n of VARGA_DIVISIONS as readonly VargaDivision[]) {
      for (const lon of [0, 29.999999, 30, 359.999999]) {
        const s = vargaSign(lon, n);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThan(12);
      }
    }
    expect(vargaSign(at(SAGITTARIUS, 12), 1)).toBe(SAGITTARIUS);
  });
});
