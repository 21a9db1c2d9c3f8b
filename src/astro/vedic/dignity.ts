/**
 * A graha's dignity in its sign, after Parashara (Brihat Parashara Hora Shastra): exaltation and
 * debilitation signs, the moolatrikona arcs, own signs, and otherwise the compound (panchadha)
 * relationship of the graha to the sign's lord: the natural (naisargika) friendship combined with
 * the temporary (tatkalika) one of their places in the chart.
 */
import { SIGN_LORDS, signDistance, type GrahaId, type SevenGraha } from './grahas.ts';

export const DIGNITIES = ['exalted', 'moolatrikona', 'own_sign', 'great_friend', 'friend', 'neutral', 'enemy', 'great_enemy', 'debilitated'] as const;
export type Dignity = (typeof DIGNITIES)[number];

export type Relationship = 'friend' | 'neutral' | 'enemy';
export const COMPOUND_RELATIONSHIPS = ['great_friend', 'friend', 'neutral', 'enemy', 'great_enemy'] as const;
export type CompoundRelationship = (typeof COMPOUND_RELATIONSHIPS)[number];

/** Exaltation sign (0 Aries … 11 Pisces) and the degree of deepest exaltation; debilitation is the opposite sign and degree. */
export const EXALTATION: Readonly<Record<GrahaId, { sign: number; degree: number | null }>> = {
  sun: { sign: 0, degree: 10 },
  moon: { sign: 1, degree: 3 },
  mars: { sign: 9, degree: 28 },
  mercury: { sign: 5, degree: 15 },
  jupiter: { sign: 3, degree: 5 },
  venus: { sign: 11, degree: 27 },
  saturn: { sign: 6, degree: 20 },
  // The nodes' exaltation is disputed; this is the common reading (Rahu in Taurus, Ketu in Scorpio), without a degree of its own.
  rahu: { sign: 1, degree: null },
  ketu: { sign: 7, degree: null },
};

/** Moolatrikona arcs: sign and degrees [from, to). The Moon's and Mercury's lie in their exaltation sign after the exaltation arc. */
export const MOOLATRIKONA: Readonly<Record<SevenGraha, { sign: number; from: number; to: number }>> = {
  sun: { sign: 4, from: 0, to: 20 },
  moon: { sign: 1, from: 3, to: 30 },
  mars: { sign: 0, from: 0, to: 12 },
  mercury: { sign: 5, from: 15, to: 20 },
  jupiter: { sign: 8, from: 0, to: 10 },
  venus: { sign: 6, from: 0, to: 15 },
  saturn: { sign: 10, from: 0, to: 20 },
};

/**
 * The arc of the exaltation sign that counts as exalted: the whole sign, except for the Moon
 * (0°-3° of Taurus, the rest is its moolatrikona) and Mercury (0°-15° of Virgo; then its
 * moolatrikona to 20°, then its own sign).
 */
function exaltedArcEnd(graha: GrahaId): number {
  return graha === 'moon' ? 3 : graha === 'mercury' ? 15 : 30;
}

/** Natural friends and enemies (the rest are neutral), Parashara's table. */
const NATURAL: Readonly<Record<SevenGraha, { friends: readonly SevenGraha[]; enemies: readonly SevenGraha[] }>> = {
  sun: { friends: ['moon', 'mars', 'jupiter'], enemies: ['venus', 'saturn'] },
  moon: { friends: ['sun', 'mercury'], enemies: [] },
  mars: { friends: ['sun', 'moon', 'jupiter'], enemies: ['mercury'] },
  mercury: { friends: ['sun', 'venus'], enemies: ['moon'] },
  jupiter: { friends: ['sun', 'moon', 'mars'], enemies: ['mercury', 'venus'] },
  venus: { friends: ['mercury', 'saturn'], enemies: ['sun', 'moon'] },
  saturn: { friends: ['mercury', 'venus'], enemies: ['sun', 'moon', 'mars'] },
};

export function naturalRelationship(of: SevenGraha, to: SevenGraha): Relationship {
  const table = NATURAL[of];
  if (table.friends.includes(to)) return 'friend';
  if (table.enemies.includes(to)) return 'enemy';
  return 'neutral';
}

/** Temporary friendship: a graha in the 2nd, 3rd, 4th, 10th, 11th or 12th sign from another is its friend there; anywhere else, its enemy. */
export function temporaryRelationship(ofSign: number, toSign: number): 'friend' | 'enemy' {
  const d = signDistance(ofSign, toSign);
  return d === 2 || d === 3 || d === 4 || d === 10 || d === 11 || d === 12 ? 'friend' : 'enemy';
}

/** The compound relationship: two friendships make a great friend, a friendship and an enmity cancel, and so on. */
export function compoundRelationship(natural: Relationship, temporary: 'friend' | 'enemy'): CompoundRelationship {
  if (natural === 'friend') return temporary === 'friend' ? 'great_friend' : 'neutral';
  if (natural === 'enemy') return temporary === 'friend' ? 'neutral' : 'great_enemy';
  return temporary === 'friend' ? 'friend' : 'enemy';
}

export function isSevenGraha(id: GrahaId): id is SevenGraha {
  return id !== 'rahu' && id !== 'ketu';
}

/**
 * The dignity of a graha at `degreeInSign` of `signIndex`, given the sign index of every graha
 * (for the temporary friendship with the sign's lord). The order of precedence: exaltation
 * (debilitation), moolatrikona, own sign, then the compound relationship. The nodes have only
 * exaltation and debilitation here (null elsewhere): they rule no sign in Parashara's scheme.
 */
export function dignityOf(graha: GrahaId, signIndex: number, degreeInSign: number, signOfGraha: (id: SevenGraha) => number): Dignity | null {
  const exaltation = EXALTATION[graha];
  if (signIndex === exaltation.sign && degreeInSign < exaltedArcEnd(graha)) return 'exalted';
  if (signIndex === (exaltation.sign + 6) % 12) return 'debilitated';
  if (!isSevenGraha(graha)) return null;
  const mt = MOOLATRIKONA[graha];
  if (signIndex === mt.sign && degreeInSign >= mt.from && degreeInSign < mt.to) return 'moolatrikona';
  const lord = SIGN_LORDS[signIndex]!;
  if (lord === graha) return 'own_sign';
  return compoundRelationship(naturalRelationship(graha, lord), temporaryRelationship(signIndex, signOfGraha(lord)));
}
