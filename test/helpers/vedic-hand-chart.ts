/**
 * A rasi chart written by hand for the yoga tests: the nine grahas and the lagna at chosen sidereal
 * longitudes (Ketu opposite Rahu), with sign, nakshatra, dignity, combustion and whole-sign houses
 * from the project's own Vedic core, exactly as castVedicChart fills them from the ephemeris.
 */
import { combustionOrb, isCombust } from '../../src/astro/vedic/combustion.ts';
import { dignityOf } from '../../src/astro/vedic/dignity.ts';
import { GRAHA_IDS, GRAHAS, SIGN_LORDS, signDistance, type GrahaId, type SevenGraha } from '../../src/astro/vedic/grahas.ts';
import { siderealPlace, type VedicChart, type VedicGraha } from '../../src/astro/vedic/sidereal-chart.ts';

export const SIGN = {
  aries: 0,
  taurus: 1,
  gemini: 2,
  cancer: 3,
  leo: 4,
  virgo: 5,
  libra: 6,
  scorpio: 7,
  sagittarius: 8,
  capricorn: 9,
  aquarius: 10,
  pisces: 11,
} as const;
export type SignName = keyof typeof SIGN;

/** A place: a sign and the degree in it (15° unless given). */
export type Place = SignName | readonly [SignName, number];
const longitudeOf = (p: Place) => (typeof p === 'string' ? SIGN[p] * 30 + 15 : SIGN[p[0]] * 30 + p[1]);

export interface HandChart {
  /** The lagna's place; null (or absent) for an untimed birth. */
  lagna?: Place | null;
  sun: Place;
  moon: Place;
  mars: Place;
  mercury: Place;
  jupiter: Place;
  venus: Place;
  saturn: Place;
  /** Ketu is opposite. */
  rahu: Place;
}

export function handChart(spec: HandChart): VedicChart {
  const lon: Record<GrahaId, number> = {
    sun: longitudeOf(spec.sun),
    moon: longitudeOf(spec.moon),
    mars: longitudeOf(spec.mars),
    mercury: longitudeOf(spec.mercury),
    jupiter: longitudeOf(spec.jupiter),
    venus: longitudeOf(spec.venus),
    saturn: longitudeOf(spec.saturn),
    rahu: longitudeOf(spec.rahu),
    ketu: (longitudeOf(spec.rahu) + 180) % 360,
  };
  const lagna = spec.lagna ? siderealPlace(longitudeOf(spec.lagna)) : undefined;
  const signOf = (g: SevenGraha) => Math.floor(lon[g] / 30);
  const reference = lagna ? lagna.signIndex : signOf('moon');
  const grahas: VedicGraha[] = GRAHA_IDS.map((id) => {
    const place = siderealPlace(lon[id]);
    const retrograde = id === 'rahu' || id === 'ketu';
    const orb = combustionOrb(id, retrograde);
    const house = signDistance(reference, place.signIndex);
    return {
      ...place,
      id,
      name: GRAHAS[id].name,
      latitude: 0,
      speed: retrograde ? -0.05 : 1,
      declination: 0,
      retrograde,
      combust: orb === undefined ? null : isCombust(id, lon[id], retrograde, lon.sun),
      combustionOrb: orb ?? null,
      dignity: dignityOf(id, place.signIndex, place.degreeInSign, signOf),
      house,
      signHouse: house,
    };
  });
  return {
    jdUt: 2451545,
    ayanamsa: { name: 'lahiri', degrees: 23.85 },
    nodeType: 'mean',
    houseSystem: 'whole_sign',
    houseReference: lagna ? 'lagna' : 'chandra_lagna',
    referenceSign: reference,
    lagna: lagna ? { ...lagna, house: 1 } : undefined,
    grahas,
    houses: Array.from({ length: 12 }, (_, i) => {
      const signIndex = (reference + i) % 12;
      return { house: i + 1, signIndex, lord: SIGN_LORDS[signIndex]!, cusp: signIndex * 30 };
    }),
    warnings: [],
    moshierUsed: false,
  };
}
