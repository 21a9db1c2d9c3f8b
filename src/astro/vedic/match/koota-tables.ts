/**
 * The tables of Ashtakoota and Dashakoota matching, as data. Signs are 0 (Aries) … 11 (Pisces),
 * nakshatras 0 (Ashwini) … 26 (Revati). The classifications are those of the Muhurta texts
 * (Muhurta Chintamani, Brihat Samhita's marriage chapter) as North Indian practice uses them;
 * where the point tables differ between schools, the one used is named in docs/api/vedic.md ("Vedic match"). The
 * vashya, yoni and gana points come in two schools (KOOTA_SCHOOLS, at the end).
 */

/** Varna by Moon sign (water signs Brahmin, fire Kshatriya, earth Vaishya, air Shudra); higher rank first. */
export const VARNAS = ['brahmin', 'kshatriya', 'vaishya', 'shudra'] as const;
export type Varna = (typeof VARNAS)[number];
export const SIGN_VARNA: readonly Varna[] = [
  'kshatriya', // Aries
  'vaishya', // Taurus
  'shudra', // Gemini
  'brahmin', // Cancer
  'kshatriya', // Leo
  'vaishya', // Virgo
  'shudra', // Libra
  'brahmin', // Scorpio
  'kshatriya', // Sagittarius
  'vaishya', // Capricorn
  'shudra', // Aquarius
  'brahmin', // Pisces
];

/**
 * Vashya classes. Sagittarius and Capricorn are split at 15°: the archer is human in the first
 * half and a horse in the second; the sea-goat is a goat in the first half and a fish in the second.
 */
export const VASHYAS = ['chatushpada', 'manava', 'jalachara', 'vanachara', 'keeta'] as const;
export type Vashya = (typeof VASHYAS)[number];
export function vashyaOf(sign: number, degreeInSign: number): Vashya {
  switch (sign) {
    case 0:
    case 1:
      return 'chatushpada';
    case 2:
    case 5:
    case 6:
    case 10:
      return 'manava';
    case 3:
    case 11:
      return 'jalachara';
    case 4:
      return 'vanachara';
    case 7:
      return 'keeta';
    case 8:
      return degreeInSign < 15 ? 'manava' : 'chatushpada';
    default: // 9, Capricorn
      return degreeInSign < 15 ? 'chatushpada' : 'jalachara';
  }
}
/** Vashya points, boy's class (row) × girl's class (column), in the order of VASHYAS. */
export const VASHYA_POINTS: readonly (readonly number[])[] = [
  [2, 1, 1, 0.5, 1],
  [1, 2, 0.5, 0, 1],
  [1, 0.5, 2, 1, 1],
  [0.5, 0, 1, 2, 0],
  [1, 1, 1, 0, 2],
];

/** Yoni animals, and each nakshatra's animal and sex. */
export const YONIS = ['horse', 'elephant', 'sheep', 'serpent', 'dog', 'cat', 'rat', 'cow', 'buffalo', 'tiger', 'deer', 'monkey', 'mongoose', 'lion'] as const;
export type Yoni = (typeof YONIS)[number];
export const NAKSHATRA_YONI: readonly { yoni: Yoni; sex: 'male' | 'female' }[] = [
  { yoni: 'horse', sex: 'male' }, // Ashwini
  { yoni: 'elephant', sex: 'male' }, // Bharani
  { yoni: 'sheep', sex: 'female' }, // Krittika
  { yoni: 'serpent', sex: 'male' }, // Rohini
  { yoni: 'serpent', sex: 'female' }, // Mrigashira
  { yoni: 'dog', sex: 'female' }, // Ardra
  { yoni: 'cat', sex: 'female' }, // Punarvasu
  { yoni: 'sheep', sex: 'male' }, // Pushya
  { yoni: 'cat', sex: 'male' }, // Ashlesha
  { yoni: 'rat', sex: 'male' }, // Magha
  { yoni: 'rat', sex: 'female' }, // Purva Phalguni
  { yoni: 'cow', sex: 'male' }, // Uttara Phalguni
  { yoni: 'buffalo', sex: 'female' }, // Hasta
  { yoni: 'tiger', sex: 'female' }, // Chitra
  { yoni: 'buffalo', sex: 'male' }, // Swati
  { yoni: 'tiger', sex: 'male' }, // Vishakha
  { yoni: 'deer', sex: 'female' }, // Anuradha
  { yoni: 'deer', sex: 'male' }, // Jyeshtha
  { yoni: 'dog', sex: 'male' }, // Mula
  { yoni: 'monkey', sex: 'male' }, // Purva Ashadha
  { yoni: 'mongoose', sex: 'male' }, // Uttara Ashadha
  { yoni: 'monkey', sex: 'female' }, // Shravana
  { yoni: 'lion', sex: 'female' }, // Dhanishta
  { yoni: 'horse', sex: 'female' }, // Shatabhisha
  { yoni: 'lion', sex: 'male' }, // Purva Bhadrapada
  { yoni: 'cow', sex: 'female' }, // Uttara Bhadrapada
  { yoni: 'elephant', sex: 'female' }, // Revati
];
/**
 * Yoni points in the order of YONIS: 4 the same animal, 3 friendly, 2 neutral, 1 unfriendly, 0 the
 * sworn enemies (horse–buffalo, elephant–lion, sheep–monkey, serpent–mongoose, dog–deer, cat–rat,
 * cow–tiger). Symmetric.
 */
export const YONI_POINTS: readonly (readonly number[])[] = [
  [4, 2, 2, 3, 2, 2, 2, 1, 0, 1, 3, 3, 2, 1],
  [2, 4, 3, 3, 2, 2, 2, 2, 3, 1, 2, 3, 2, 0],
  [2, 3, 4, 2, 1, 2, 1, 3, 3, 1, 2, 0, 3, 1],
  [3, 3, 2, 4, 2, 1, 1, 1, 1, 2, 2, 2, 0, 2],
  [2, 2, 1, 2, 4, 2, 1, 2, 2, 1, 0, 2, 1, 1],
  [2, 2, 2, 1, 2, 4, 0, 2, 2, 1, 3, 3, 2, 1],
  [2, 2, 1, 1, 1, 0, 4, 2, 2, 2, 2, 2, 1, 2],
  [1, 2, 3, 1, 2, 2, 2, 4, 3, 0, 3, 2, 2, 1],
  [0, 3, 3, 1, 2, 2, 2, 3, 4, 1, 2, 2, 2, 1],
  [1, 1, 1, 2, 1, 1, 2, 0, 1, 4, 1, 1, 2, 1],
  [3, 2, 2, 2, 0, 3, 2, 3, 2, 1, 4, 2, 2, 1],
  [3, 3, 0, 2, 2, 3, 2, 2, 2, 1, 2, 4, 3, 2],
  [2, 2, 3, 0, 1, 2, 1, 2, 2, 2, 2, 3, 4, 2],
  [1, 0, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 4],
];

/** Gana of each nakshatra. */
export const GANAS = ['deva', 'manushya', 'rakshasa'] as const;
export type Gana = (typeof GANAS)[number];
const D = 'deva',
  M = 'manushya',
  R = 'rakshasa';
export const NAKSHATRA_GANA: readonly Gana[] = [D, M, R, M, D, M, D, D, R, R, M, M, D, R, D, R, D, R, R, M, M, D, R, R, M, M, D];
/** Gana points, boy's gana (row) × girl's gana (column), in the order of GANAS. */
export const GANA_POINTS: readonly (readonly number[])[] = [
  [6, 6, 0],
  [5, 6, 0],
  [1, 0, 6],
];

/** Nadi of each nakshatra: the sequence adi, madhya, antya, antya, madhya, adi repeats from Ashwini. */
export const NADIS = ['adi', 'madhya', 'antya'] as const;
export type Nadi = (typeof NADIS)[number];
const NADI_CYCLE: readonly Nadi[] = ['adi', 'madhya', 'antya', 'antya', 'madhya', 'adi'];
export const nadiOf = (nakshatra: number): Nadi => NADI_CYCLE[nakshatra % 6]!;

/** Tara: the count (inclusive) from one nakshatra to another, reduced by 9; these remainders are the unfavourable taras (Vipat, Pratyak, Vadha). */
export const BAD_TARAS: readonly number[] = [3, 5, 7];
export const TARA_NAMES = ['Janma', 'Sampat', 'Vipat', 'Kshema', 'Pratyak', 'Sadhana', 'Vadha', 'Mitra', 'Ati-mitra'] as const;

/** Bhakoot: the sign distances (counted both ways) that make the dosha. */
export const BAD_BHAKOOT_PAIRS: readonly (readonly [number, number])[] = [
  [2, 12],
  [5, 9],
  [6, 8],
];

/** Rajju (South Indian): the body part of each nakshatra; the sequence pada, kati, nabhi, kantha, siro, kantha, nabhi, kati, pada repeats three times. */
export const RAJJUS = ['pada', 'kati', 'nabhi', 'kantha', 'siro'] as const;
export type Rajju = (typeof RAJJUS)[number];
const RAJJU_CYCLE: readonly Rajju[] = ['pada', 'kati', 'nabhi', 'kantha', 'siro', 'kantha', 'nabhi', 'kati', 'pada'];
export const rajjuOf = (nakshatra: number): Rajju => RAJJU_CYCLE[nakshatra % 9]!;

/**
 * Vedha (South Indian): pairs of nakshatras (0-based) that obstruct each other: Ashwini–Jyeshtha,
 * Bharani–Anuradha, Krittika–Vishakha, Rohini–Swati, Ardra–Shravana, Punarvasu–Uttara Ashadha,
 * Pushya–Purva Ashadha, Ashlesha–Mula, Magha–Revati, Purva Phalguni–Uttara Bhadrapada,
 * Uttara Phalguni–Purva Bhadrapada, Hasta–Shatabhisha; and Mrigashira, Chitra and Dhanishta
 * obstruct one another.
 */
export const VEDHA_PAIRS: readonly (readonly [number, number])[] = [
  [0, 17],
  [1, 16],
  [2, 15],
  [3, 14],
  [5, 21],
  [6, 20],
  [7, 19],
  [8, 18],
  [9, 26],
  [10, 25],
  [11, 24],
  [12, 23],
  [4, 13],
  [13, 22],
  [4, 22],
];
export const isVedha = (a: number, b: number): boolean => VEDHA_PAIRS.some(([x, y]) => (a === x && b === y) || (a === y && b === x));

/** Vasya (South Indian): the signs each sign holds under its control (Muhurta Chintamani). */
export const SIGN_VASYA: readonly (readonly number[])[] = [
  [4, 7], // Aries: Leo, Scorpio
  [3, 6], // Taurus: Cancer, Libra
  [5], // Gemini: Virgo
  [7, 8], // Cancer: Scorpio, Sagittarius
  [6], // Leo: Libra
  [11, 2], // Virgo: Pisces, Gemini
  [9, 5], // Libra: Capricorn, Virgo
  [3], // Scorpio: Cancer
  [11], // Sagittarius: Pisces
  [0, 10], // Capricorn: Aries, Aquarius
  [0], // Aquarius: Aries
  [9], // Pisces: Capricorn
];

/**
 * The schools of the Guna Milan point tables a request may choose. `north_indian`: the tables
 * above (the common North Indian calculators'). `jagannatha_hora`: the tables of the
 * Jagannatha Hora lineage as PyJHora, its open-source port, tabulates them (its source credits
 * saravali.de for the gana and vashya tables): the gana table the other way round (a deva boy
 * with a manushya girl 5, with a rakshasa girl 1; a manushya boy with a deva girl 6; a rakshasa
 * boy with a deva girl 0), its own vashya table (not symmetric), and horse–deer 1 in yoni.
 * The classes (vashya of the sign, gana of the star, yoni animal) are the same in both.
 */
export const KOOTA_SCHOOLS = ['north_indian', 'jagannatha_hora'] as const;
export type KootaSchool = (typeof KOOTA_SCHOOLS)[number];

export interface KootaTables {
  /** Boy's class (row) × girl's class (column), in the order of VASHYAS. */
  vashya: readonly (readonly number[])[];
  /** In the order of YONIS; symmetric. */
  yoni: readonly (readonly number[])[];
  /** Boy's gana (row) × girl's gana (column), in the order of GANAS. */
  gana: readonly (readonly number[])[];
}

const JAGANNATHA_HORA_YONI = YONI_POINTS.map((row, i) => row.map((v, j) => ((i === 0 && j === 10) || (i === 10 && j === 0) ? 1 : v)));

export const KOOTA_TABLES: Readonly<Record<KootaSchool, KootaTables>> = {
  north_indian: { vashya: VASHYA_POINTS, yoni: YONI_POINTS, gana: GANA_POINTS },
  jagannatha_hora: {
    vashya: [
      [2, 0.5, 1, 0, 1],
      [0.5, 2, 0, 0, 0],
      [1, 0, 2, 2, 1],
      [0, 0, 2, 2, 0],
      [2, 0, 2, 0, 2],
    ],
    yoni: JAGANNATHA_HORA_YONI,
    gana: [
      [6, 5, 1],
      [6, 6, 0],
      [0, 0, 6],
    ],
  },
};
