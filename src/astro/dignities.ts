/**
 * Essential dignities by sign: domicile, exaltation, detriment and fall. Traditional rulers for
 * the seven visible planets, with the modern rulerships of Uranus (Aquarius), Neptune (Pisces)
 * and Pluto (Scorpio) added for the outer planets; the exaltations of the outer planets follow the
 * common modern attribution (Uranus in Scorpio, Neptune in Cancer, Pluto in Aries). Detriment and
 * fall are the signs opposite domicile and exaltation.
 */
import { SIGNS, signIndexOf } from './zodiac.ts';

export const DIGNITIES = ['domicile', 'exaltation', 'detriment', 'fall'] as const;
export type Dignity = (typeof DIGNITIES)[number];

const DOMICILE: Record<string, string[]> = {
  sun: ['leo'],
  moon: ['cancer'],
  mercury: ['gemini', 'virgo'],
  venus: ['taurus', 'libra'],
  mars: ['aries', 'scorpio'],
  jupiter: ['sagittarius', 'pisces'],
  saturn: ['capricorn', 'aquarius'],
  uranus: ['aquarius'],
  neptune: ['pisces'],
  pluto: ['scorpio'],
};
const EXALTATION: Record<string, string> = {
  sun: 'aries',
  moon: 'taurus',
  mercury: 'virgo',
  venus: 'pisces',
  mars: 'capricorn',
  jupiter: 'cancer',
  saturn: 'libra',
  uranus: 'scorpio',
  neptune: 'cancer',
  pluto: 'aries',
};

const opposite = (signId: string) => SIGNS[(SIGNS.findIndex((s) => s.id === signId) + 6) % 12]!.id;

/** The dignity table, for documentation and the OpenAPI description. */
export const DIGNITY_TABLE = Object.fromEntries(
  Object.keys(DOMICILE).map((body) => [
    body,
    {
      domicile: DOMICILE[body]!,
      exaltation: [EXALTATION[body]!],
      detriment: DOMICILE[body]!.map(opposite),
      fall: [opposite(EXALTATION[body]!)],
    },
  ]),
) as Record<string, Record<Dignity, string[]>>;

/** Each body's dignities in each sign (index 0 Aries), made once: searches ask at every step. */
const BY_SIGN: Readonly<Record<string, readonly (readonly Dignity[])[]>> = Object.fromEntries(
  Object.entries(DIGNITY_TABLE).map(([body, table]) => [body, SIGNS.map((sign) => Object.freeze(DIGNITIES.filter((d) => table[d].includes(sign.id))))]),
);
const NONE: readonly Dignity[] = Object.freeze([]);

/** The body's dignities in the sign of that index (shared and frozen: copy before changing). */
export function dignitiesInSign(bodyId: string, signIndex: number): readonly Dignity[] {
  return BY_SIGN[bodyId]?.[signIndex] ?? NONE;
}

/** Every dignity the body has at this longitude (Mercury in Virgo is both domicile and exalted). */
export function dignitiesOf(bodyId: string, longitude: number): Dignity[] {
  return [...dignitiesInSign(bodyId, signIndexOf(longitude))];
}

export function hasDignityTable(bodyId: string): boolean {
  return bodyId in DIGNITY_TABLE;
}
