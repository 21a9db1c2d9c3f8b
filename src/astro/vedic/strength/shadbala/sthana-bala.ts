/**
 * Sthana bala, positional strength (Brihat Parashara Hora Shastra, the chapter on the strengths of
 * grahas; B.V. Raman, "Graha and Bhava Balas", chapter III): five parts, in virupas (60 to a rupa).
 */
import { SIGN_LORDS, type SevenGraha } from '../../grahas.ts';
import { EXALTATION, MOOLATRIKONA, compoundRelationship, naturalRelationship, temporaryRelationship, type CompoundRelationship } from '../../dignity.ts';
import { vargaSign, type VargaDivision } from '../../vargas.ts';
import type { StrengthContext } from '../strength-context.ts';
import { arcBetween } from '../strength-context.ts';

/** The debilitation point of each graha: 180° from its point of deepest exaltation. */
export function debilitationPoint(graha: SevenGraha): number {
  const e = EXALTATION[graha];
  return (e.sign * 30 + e.degree! + 180) % 360;
}

/** Uchcha bala: the arc from the debilitation point (at most 180°) divided by 3: 0 at the debilitation point, 60 at deepest exaltation. */
export function uchchaBala(graha: SevenGraha, longitude: number): number {
  return arcBetween(longitude, debilitationPoint(graha)) / 3;
}

/** The seven vargas of saptavargaja bala: rasi, hora, drekkana, saptamsa, navamsa, dwadasamsa, trimsamsa (Parashara's methods). */
export const SAPTAVARGAS: readonly VargaDivision[] = [1, 2, 3, 7, 9, 12, 30];

export type VargaStanding = 'moolatrikona' | 'own_sign' | CompoundRelationship;

/** Virupas of each standing (Raman's values): moolatrikona 45, own sign 30, great friend 20, friend 15, neutral 10, enemy 4, great enemy 2. */
export const SAPTAVARGAJA_VIRUPAS: Readonly<Record<VargaStanding, number>> = {
  moolatrikona: 45,
  own_sign: 30,
  great_friend: 20,
  friend: 15,
  neutral: 10,
  enemy: 4,
  great_enemy: 2,
};

export interface VargaStandingOf {
  division: VargaDivision;
  /** The graha's sign in the varga, 0 (Aries) to 11. */
  sign: number;
  standing: VargaStanding;
  virupas: number;
}

/**
 * A graha's standing in one varga: moolatrikona only in the rasi (by its arc), own sign when the
 * graha rules the varga sign, otherwise its compound relationship to the varga sign's lord, the
 * temporary part taken from the two grahas' places in the rasi chart (Raman). Exaltation has no
 * value of its own here: an exalted graha counts by its relationship to the sign's lord.
 */
export function vargaStanding(ctx: StrengthContext, graha: SevenGraha, division: VargaDivision): VargaStandingOf {
  const g = ctx.graha[graha];
  const sign = vargaSign(g.longitude, division);
  const lord = SIGN_LORDS[sign]!;
  const mt = MOOLATRIKONA[graha];
  let standing: VargaStanding;
  if (division === 1 && sign === mt.sign && g.degreeInSign >= mt.from && g.degreeInSign < mt.to) standing = 'moolatrikona';
  else if (lord === graha) standing = 'own_sign';
  else standing = compoundRelationship(naturalRelationship(graha, lord), temporaryRelationship(g.signIndex, ctx.graha[lord].signIndex));
  return { division, sign, standing, virupas: SAPTAVARGAJA_VIRUPAS[standing] };
}

const isOddSign = (sign: number) => sign % 2 === 0;
/** The Moon and Venus (female) are strong in even signs and navamsas; the other five in odd ones. */
const LIKES_EVEN: ReadonlySet<SevenGraha> = new Set(['moon', 'venus']);

/** Ojhayugmarasyamsa bala: 15 for the rasi sign and 15 for the navamsa sign of the graha's parity. */
export function ojhayugmaBala(graha: SevenGraha, signIndex: number, navamsaSign: number): { rasi: number; navamsa: number } {
  const wants = (sign: number) => (LIKES_EVEN.has(graha) ? !isOddSign(sign) : isOddSign(sign));
  return { rasi: wants(signIndex) ? 15 : 0, navamsa: wants(navamsaSign) ? 15 : 0 };
}

/** Kendradi bala: 60 in a kendra (houses 1, 4, 7, 10), 30 in a panaphara (2, 5, 8, 11), 15 in an apoklima (3, 6, 9, 12). */
export function kendradiBala(house: number): number {
  const kind = (house - 1) % 3;
  return kind === 0 ? 60 : kind === 1 ? 30 : 15;
}

/** Drekkana bala: 15 to the male grahas (Sun, Mars, Jupiter) in the first decanate of a sign, the neuter (Mercury, Saturn) in the second, the female (Moon, Venus) in the third. */
export function drekkanaBala(graha: SevenGraha, degreeInSign: number): number {
  const part = Math.min(2, Math.floor(degreeInSign / 10));
  const wanted = graha === 'sun' || graha === 'mars' || graha === 'jupiter' ? 0 : graha === 'mercury' || graha === 'saturn' ? 1 : 2;
  return part === wanted ? 15 : 0;
}

export interface SthanaBala {
  uchcha: number;
  saptavargaja: number;
  ojhayugma: number;
  kendradi: number;
  drekkana: number;
  total: number;
  /** The seven vargas that make saptavargaja bala. */
  vargas: VargaStandingOf[];
  /** The rasi and navamsa halves of ojhayugma bala. */
  ojhayugmaParts: { rasi: number; navamsa: number };
}

export function sthanaBala(ctx: StrengthContext, graha: SevenGraha): SthanaBala {
  const g = ctx.graha[graha];
  const uchcha = uchchaBala(graha, g.longitude);
  const vargas = SAPTAVARGAS.map((d) => vargaStanding(ctx, graha, d));
  const saptavargaja = vargas.reduce((a, v) => a + v.virupas, 0);
  const ojhayugmaParts = ojhayugmaBala(graha, g.signIndex, vargaSign(g.longitude, 9));
  const ojhayugma = ojhayugmaParts.rasi + ojhayugmaParts.navamsa;
  const kendradi = kendradiBala(g.house);
  const drekkana = drekkanaBala(graha, g.degreeInSign);
  return { uchcha, saptavargaja, ojhayugma, kendradi, drekkana, total: uchcha + saptavargaja + ojhayugma + kendradi + drekkana, vargas, ojhayugmaParts };
}
