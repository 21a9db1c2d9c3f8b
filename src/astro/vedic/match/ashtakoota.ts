/**
 * Ashtakoota (Guna Milan): the eight kootas between the boy's and the girl's natal Moons, 36
 * points in all (North Indian practice after the Muhurta texts). Varna, vashya and gana are read
 * in one direction (boy's class against girl's); tara is counted both ways; the rest are symmetric.
 * Nadi and bhakoot doshas are reported with the exceptions that cancel them; the points stay those
 * of the table, and `adjustedTotal` gives the cancelled kootas their full points (the practice of
 * astrologers who treat a cancelled dosha as no dosha).
 */
import { signDistance } from '../grahas.ts';
import { naturalRelationship, type Relationship } from '../dignity.ts';
import {
  BAD_BHAKOOT_PAIRS,
  BAD_TARAS,
  GANAS,
  KOOTA_TABLES,
  NAKSHATRA_GANA,
  NAKSHATRA_YONI,
  SIGN_VARNA,
  TARA_NAMES,
  VARNAS,
  VASHYAS,
  YONIS,
  nadiOf,
  vashyaOf,
  type KootaSchool,
} from './koota-tables.ts';
import { nakshatraCount, type MatchMoon } from './match-moon.ts';

export const KOOTAS = ['varna', 'vashya', 'tara', 'yoni', 'graha_maitri', 'gana', 'bhakoot', 'nadi'] as const;
export type KootaName = (typeof KOOTAS)[number];
export const KOOTA_MAX: Readonly<Record<KootaName, number>> = { varna: 1, vashya: 2, tara: 3, yoni: 4, graha_maitri: 5, gana: 6, bhakoot: 7, nadi: 8 };

export const NADI_CANCELLATIONS = {
  same_sign_different_nakshatra: 'Both Moons are in one sign but in different nakshatras.',
  same_nakshatra_different_sign: 'Both Moons are in one nakshatra but in different signs (a nakshatra that spans two signs).',
  same_nakshatra_different_pada: 'Both Moons are in one nakshatra but in different padas.',
} as const;
export type NadiCancellation = keyof typeof NADI_CANCELLATIONS;

export const BHAKOOT_CANCELLATIONS = {
  same_sign_lord: 'The two Moon signs have the same lord (Aries–Scorpio, Taurus–Libra, Capricorn–Aquarius).',
  friendly_sign_lords: 'The lords of the two Moon signs are natural friends of each other.',
} as const;
export type BhakootCancellation = keyof typeof BHAKOOT_CANCELLATIONS;

export interface KootaDosha<C extends string> {
  /** Cancellations that apply, in the order of their table. */
  cancellations: C[];
  cancelled: boolean;
}

export interface Koota {
  name: KootaName;
  max: number;
  points: number;
  /** The boy's and the girl's class for this koota (varna, vashya, yoni, gana, nadi, sign lord, tara …). */
  boy: string;
  girl: string;
  /** For nadi and bhakoot: the dosha (0 points) with its cancellations; null when there is none. */
  dosha: KootaDosha<NadiCancellation> | KootaDosha<BhakootCancellation> | null;
}

export interface Ashtakoota {
  /** The school of the point tables used (koota-tables.ts). */
  school: KootaSchool;
  kootas: Koota[];
  total: number;
  max: 36;
  /** The total with cancelled nadi and bhakoot doshas given their full points. */
  adjustedTotal: number;
}

const relationOf = (a: Relationship, b: Relationship) => [a, b].sort().join('+');
/** Graha maitri points by the natural relationship each way. */
const MAITRI: Readonly<Record<string, number>> = {
  'friend+friend': 5,
  'friend+neutral': 4,
  'neutral+neutral': 3,
  'enemy+friend': 1,
  'enemy+neutral': 0.5,
  'enemy+enemy': 0,
};

const taraOf = (from: number, to: number) => nakshatraCount(from, to) % 9 || 9;

export function ashtakoota(boy: MatchMoon, girl: MatchMoon, school: KootaSchool = 'north_indian'): Ashtakoota {
  const tables = KOOTA_TABLES[school];
  const kootas: Koota[] = [];
  const add = (name: KootaName, points: number, b: string, g: string, dosha: Koota['dosha'] = null) =>
    kootas.push({ name, max: KOOTA_MAX[name], points, boy: b, girl: g, dosha });

  // Varna: the boy's varna at least the girl's.
  const bv = SIGN_VARNA[boy.sign]!,
    gv = SIGN_VARNA[girl.sign]!;
  add('varna', VARNAS.indexOf(bv) <= VARNAS.indexOf(gv) ? 1 : 0, bv, gv);

  const bw = vashyaOf(boy.sign, boy.degreeInSign),
    gw = vashyaOf(girl.sign, girl.degreeInSign);
  add('vashya', tables.vashya[VASHYAS.indexOf(bw)]![VASHYAS.indexOf(gw)]!, bw, gw);

  // Tara: 1½ points for each direction whose tara (count reduced by 9) is not Vipat, Pratyak or Vadha.
  const fromGirl = taraOf(girl.nakshatra, boy.nakshatra),
    fromBoy = taraOf(boy.nakshatra, girl.nakshatra);
  const taraPoints = (BAD_TARAS.includes(fromGirl) ? 0 : 1.5) + (BAD_TARAS.includes(fromBoy) ? 0 : 1.5);
  add('tara', taraPoints, TARA_NAMES[fromBoy - 1]!, TARA_NAMES[fromGirl - 1]!);

  const by = NAKSHATRA_YONI[boy.nakshatra]!,
    gy = NAKSHATRA_YONI[girl.nakshatra]!;
  add('yoni', tables.yoni[YONIS.indexOf(by.yoni)]![YONIS.indexOf(gy.yoni)]!, `${by.yoni} (${by.sex})`, `${gy.yoni} (${gy.sex})`);

  const bl = boy.signLord,
    gl = girl.signLord;
  const maitri = bl === gl ? 5 : MAITRI[relationOf(naturalRelationship(bl, gl), naturalRelationship(gl, bl))]!;
  add('graha_maitri', maitri, bl, gl);

  const bg = NAKSHATRA_GANA[boy.nakshatra]!,
    gg = NAKSHATRA_GANA[girl.nakshatra]!;
  add('gana', tables.gana[GANAS.indexOf(bg)]![GANAS.indexOf(gg)]!, bg, gg);

  // Bhakoot: the sign distance counted both ways; 2/12, 5/9 and 6/8 make the dosha.
  const d1 = signDistance(girl.sign, boy.sign),
    d2 = signDistance(boy.sign, girl.sign);
  const bhakootBad = BAD_BHAKOOT_PAIRS.some(([a, b]) => (d1 === a && d2 === b) || (d1 === b && d2 === a));
  let bhakootDosha: KootaDosha<BhakootCancellation> | null = null;
  if (bhakootBad) {
    const c: BhakootCancellation[] = [];
    if (bl === gl) c.push('same_sign_lord');
    else if (naturalRelationship(bl, gl) === 'friend' && naturalRelationship(gl, bl) === 'friend') c.push('friendly_sign_lords');
    bhakootDosha = { cancellations: c, cancelled: c.length > 0 };
  }
  add('bhakoot', bhakootBad ? 0 : 7, String(d2), String(d1), bhakootDosha);

  // Nadi: the same nadi is the dosha.
  const bn = nadiOf(boy.nakshatra),
    gn = nadiOf(girl.nakshatra);
  let nadiDosha: KootaDosha<NadiCancellation> | null = null;
  if (bn === gn) {
    const c: NadiCancellation[] = [];
    if (boy.sign === girl.sign && boy.nakshatra !== girl.nakshatra) c.push('same_sign_different_nakshatra');
    if (boy.nakshatra === girl.nakshatra && boy.sign !== girl.sign) c.push('same_nakshatra_different_sign');
    if (boy.nakshatra === girl.nakshatra && boy.pada !== girl.pada) c.push('same_nakshatra_different_pada');
    nadiDosha = { cancellations: c, cancelled: c.length > 0 };
  }
  add('nadi', bn === gn ? 0 : 8, bn, gn, nadiDosha);

  const total = kootas.reduce((s, k) => s + k.points, 0);
  const restored = kootas.reduce((s, k) => s + (k.dosha?.cancelled ? k.max - k.points : 0), 0);
  return { school, kootas, total, max: 36, adjustedTotal: total + restored };
}
