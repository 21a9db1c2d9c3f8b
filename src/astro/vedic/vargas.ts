/**
 * Divisional charts (vargas) after Parashara (Brihat Parashara Hora Shastra, chapter 6): the sign
 * a sidereal longitude falls in in each division. A sign of 30° is cut into N equal parts, and
 * each rule says from which sign the parts are counted. Where schools differ (D2, D3, D30), the
 * default is Parashara's and the other is a named alternative.
 */
import { normalizeDegrees, signIndexOf } from '../zodiac.ts';

export const VARGA_DIVISIONS = [1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45, 60] as const;
export type VargaDivision = (typeof VARGA_DIVISIONS)[number];

export const VARGA_NAMES: Readonly<Record<VargaDivision, string>> = {
  1: 'Rasi',
  2: 'Hora',
  3: 'Drekkana',
  4: 'Chaturthamsa',
  7: 'Saptamsa',
  9: 'Navamsa',
  10: 'Dasamsa',
  12: 'Dwadasamsa',
  16: 'Shodasamsa',
  20: 'Vimsamsa',
  24: 'Chaturvimsamsa',
  27: 'Saptavimsamsa',
  30: 'Trimsamsa',
  40: 'Khavedamsa',
  45: 'Akshavedamsa',
  60: 'Shashtiamsa',
};

/**
 * The methods of the divisions where schools differ. `parashara` is the default of each;
 * `parivritti` is the cyclic division (the parts counted on from Aries without a break through the
 * zodiac: part k of the whole circle is sign k mod 12), which several authors use for D2, D3 and D30.
 */
export const HORA_METHODS = ['parashara', 'parivritti'] as const;
export const DREKKANA_METHODS = ['parashara', 'parivritti'] as const;
export const TRIMSAMSA_METHODS = ['parashara', 'parivritti'] as const;
export type HoraMethod = (typeof HORA_METHODS)[number];
export type DrekkanaMethod = (typeof DREKKANA_METHODS)[number];
export type TrimsamsaMethod = (typeof TRIMSAMSA_METHODS)[number];

export interface VargaMethods {
  hora: HoraMethod;
  drekkana: DrekkanaMethod;
  trimsamsa: TrimsamsaMethod;
}

export const DEFAULT_VARGA_METHODS: VargaMethods = { hora: 'parashara', drekkana: 'parashara', trimsamsa: 'parashara' };

const isOddSign = (sign: number) => sign % 2 === 0; // Aries (index 0) is the first, odd, sign
const modality = (sign: number) => sign % 3; // 0 movable (chara), 1 fixed (sthira), 2 dual (dwiswabhava)
const element = (sign: number) => sign % 4; // 0 fire, 1 earth, 2 air, 3 water

/**
 * Parashara's trimsamsa: unequal parts ruled by the five star planets. Odd signs: Mars 5°
 * (Aries), Saturn 5° (Aquarius), Jupiter 8° (Sagittarius), Mercury 7° (Gemini), Venus 5°
 * (Libra); even signs the reverse: Venus 5° (Taurus), Mercury 7° (Virgo), Jupiter 8° (Pisces),
 * Saturn 5° (Capricorn), Mars 5° (Scorpio).
 */
const TRIMSAMSA_ODD = [
  { to: 5, sign: 0 },
  { to: 10, sign: 10 },
  { to: 18, sign: 8 },
  { to: 25, sign: 2 },
  { to: 30, sign: 6 },
] as const;
const TRIMSAMSA_EVEN = [
  { to: 5, sign: 1 },
  { to: 12, sign: 5 },
  { to: 20, sign: 11 },
  { to: 25, sign: 9 },
  { to: 30, sign: 7 },
] as const;

/** The part (0 to n - 1) of its sign a degree in sign falls in. */
function partOf(degreeInSign: number, n: number): number {
  return Math.min(n - 1, Math.floor((degreeInSign * n) / 30));
}

/** The sign (0-11) of a sidereal longitude in the division D`n`. */
export function vargaSign(longitude: number, n: VargaDivision, methods: VargaMethods = DEFAULT_VARGA_METHODS): number {
  const lon = normalizeDegrees(longitude);
  const sign = signIndexOf(lon);
  const deg = lon - sign * 30;
  const part = partOf(deg, n);
  const from = (start: number) => (start + part) % 12;
  const cyclic = () => (sign * n + part) % 12;
  switch (n) {
    case 1:
      return sign;
    case 2:
      if (methods.hora === 'parivritti') return cyclic();
      // Odd signs: the Sun's hora (Leo) then the Moon's (Cancer); even signs the other way round.
      return isOddSign(sign) === (part === 0) ? 4 : 3;
    case 3:
      if (methods.drekkana === 'parivritti') return cyclic();
      // The sign itself, its 5th, its 9th.
      return (sign + 4 * part) % 12;
    case 4:
      // The sign, its 4th, 7th and 10th.
      return (sign + 3 * part) % 12;
    case 7:
      // Odd signs from the sign itself, even signs from its 7th.
      return from(isOddSign(sign) ? sign : sign + 6);
    case 9:
      // Movable signs from themselves, fixed from their 9th, dual from their 5th: the same as counting on from Aries.
      return from([sign, sign + 8, sign + 4][modality(sign)]!);
    case 10:
      // Odd signs from themselves, even signs from their 9th.
      return from(isOddSign(sign) ? sign : sign + 8);
    case 12:
      return from(sign);
    case 16:
      // Movable signs from Aries, fixed from Leo, dual from Sagittarius.
      return from([0, 4, 8][modality(sign)]!);
    case 20:
      // Movable signs from Aries, fixed from Sagittarius, dual from Leo.
      return from([0, 8, 4][modality(sign)]!);
    case 24:
      // Odd signs from Leo, even signs from Cancer.
      return from(isOddSign(sign) ? 4 : 3);
    case 27:
      // Fire signs from Aries, earth from Cancer, air from Libra, water from Capricorn.
      return from([0, 3, 6, 9][element(sign)]!);
    case 30: {
      if (methods.trimsamsa === 'parivritti') return cyclic();
      const table = isOddSign(sign) ? TRIMSAMSA_ODD : TRIMSAMSA_EVEN;
      return (table.find((t) => deg < t.to) ?? table[4]).sign;
    }
    case 40:
      // Odd signs from Aries, even signs from Libra.
      return from(isOddSign(sign) ? 0 : 6);
    case 45:
      // Movable signs from Aries, fixed from Leo, dual from Sagittarius.
      return from([0, 4, 8][modality(sign)]!);
    case 60:
      // From the sign itself.
      return from(sign);
  }
}
