/**
 * The rules a muhurta is judged by, after the conventions of Muhurta Chintamani (Daivajna Rama,
 * 1600) as the almanac makers apply them: for each purpose the nakshatras, weekdays, tithis and
 * horas it favours, and the elements every auspicious act avoids (the rikta tithis, Amavasya,
 * the inauspicious yogas, the fixed karanas after Krishna Chaturdashi; Vishti karana and the
 * three kalams are not scored but excluded). Tara bala and chandra bala are reckoned from the
 * person's natal Moon. The points are this service's weighting of those rules, documented in
 * docs/api/vedic.md ("Vedic muhurta"); a window's score is its points as a share of the range the
 * scored factors allow.
 */
import type { GrahaId } from '../grahas.ts';

export const MUHURTA_PURPOSES = ['general_work', 'vehicle_purchase', 'property_purchase', 'griha_pravesh', 'namkaran', 'mundan', 'marriage', 'travel'] as const;
export type MuhurtaPurpose = (typeof MUHURTA_PURPOSES)[number];

/**
 * The seven classes of nakshatras (Muhurta Chintamani, nakshatra prakarana), by index from
 * Ashwini (0): what each class suits.
 */
export const NAKSHATRA_CLASSES = {
  dhruva: [3, 11, 20, 25], // fixed: Rohini and the three Uttaras — lasting things, foundations, entering a house
  chara: [6, 14, 21, 22, 23], // movable: Punarvasu, Swati, Shravana, Dhanishta, Shatabhisha — travel, vehicles
  kshipra: [0, 7, 12], // swift: Ashwini, Pushya, Hasta — trade, medicine, journeys
  mridu: [4, 13, 16, 26], // soft: Mrigashira, Chitra, Anuradha, Revati — marriage, friendship, the arts
  mishra: [2, 15], // mixed: Krittika, Vishakha
  ugra: [1, 9, 10, 19, 24], // fierce: Bharani, Magha and the three Purvas
  tikshna: [5, 8, 17, 18], // sharp: Ardra, Ashlesha, Jyeshtha, Mula
} as const;
export type NakshatraClass = keyof typeof NAKSHATRA_CLASSES;

export function nakshatraClass(index: number): NakshatraClass {
  for (const [name, members] of Object.entries(NAKSHATRA_CLASSES)) if ((members as readonly number[]).includes(index)) return name as NakshatraClass;
  throw new RangeError(`no nakshatra ${index}`);
}

export interface PurposeRules {
  /** The nakshatras (0 Ashwini … 26 Revati) the purpose is done in. */
  nakshatras: readonly number[];
  /** Weekdays (0 Sunday … 6) favoured, and those avoided. */
  goodWeekdays: readonly number[];
  badWeekdays: readonly number[];
  /** Tithis of a paksha (1-15) favoured; `shuklaOnly`: only in the bright half. */
  goodTithis: readonly number[];
  shuklaOnly: boolean;
  /** Horas whose lord suits the purpose. */
  horas: readonly GrahaId[];
}

const AUSPICIOUS_WEEKDAYS = [1, 3, 4, 5]; // Monday, Wednesday, Thursday, Friday: the benefics' days
const MALEFIC_WEEKDAYS = [2, 6]; // Tuesday, Saturday
const NANDA_BHADRA_JAYA_PURNA = [2, 3, 5, 7, 10, 11, 12, 13, 15];

export const PURPOSE_RULES: Readonly<Record<MuhurtaPurpose, PurposeRules>> = {
  general_work: {
    nakshatras: [...NAKSHATRA_CLASSES.dhruva, ...NAKSHATRA_CLASSES.chara, ...NAKSHATRA_CLASSES.kshipra, ...NAKSHATRA_CLASSES.mridu],
    goodWeekdays: AUSPICIOUS_WEEKDAYS,
    badWeekdays: MALEFIC_WEEKDAYS,
    goodTithis: NANDA_BHADRA_JAYA_PURNA,
    shuklaOnly: false,
    horas: ['jupiter', 'venus', 'mercury', 'moon'],
  },
  vehicle_purchase: {
    // Swift, movable and soft stars: a thing that moves.
    nakshatras: [0, 4, 6, 7, 12, 13, 14, 16, 21, 22, 23, 26],
    goodWeekdays: AUSPICIOUS_WEEKDAYS,
    badWeekdays: MALEFIC_WEEKDAYS,
    goodTithis: [1, 2, 3, 5, 6, 7, 10, 11, 12, 13, 15],
    shuklaOnly: false,
    horas: ['venus', 'moon', 'mercury'],
  },
  property_purchase: {
    // Fixed and soft stars, and Pushya: a thing meant to last.
    nakshatras: [3, 4, 7, 11, 13, 16, 20, 25, 26],
    goodWeekdays: [1, 3, 4, 5],
    badWeekdays: MALEFIC_WEEKDAYS,
    goodTithis: NANDA_BHADRA_JAYA_PURNA,
    shuklaOnly: false,
    horas: ['jupiter', 'venus'],
  },
  griha_pravesh: {
    // Entering a new house: fixed and soft stars, Dhanishta and Shatabhisha; not on Sunday or Tuesday.
    nakshatras: [3, 4, 11, 13, 16, 20, 22, 23, 25, 26],
    goodWeekdays: [1, 3, 4, 5],
    badWeekdays: [0, 2, 6],
    goodTithis: [2, 3, 5, 7, 10, 11, 12, 13],
    shuklaOnly: true,
    horas: ['jupiter', 'venus', 'moon'],
  },
  namkaran: {
    nakshatras: [0, 3, 4, 6, 7, 11, 12, 13, 14, 16, 20, 21, 22, 23, 25, 26],
    goodWeekdays: AUSPICIOUS_WEEKDAYS,
    badWeekdays: MALEFIC_WEEKDAYS,
    goodTithis: [1, 2, 3, 5, 7, 10, 11, 12, 13],
    shuklaOnly: false,
    horas: ['jupiter', 'venus', 'mercury', 'moon'],
  },
  mundan: {
    // Chudakarana: swift, movable and soft stars, and Jyeshtha.
    nakshatras: [0, 4, 6, 7, 12, 13, 14, 17, 21, 22, 23, 26],
    goodWeekdays: AUSPICIOUS_WEEKDAYS,
    badWeekdays: MALEFIC_WEEKDAYS,
    goodTithis: [2, 3, 5, 7, 10, 11, 13],
    shuklaOnly: true,
    horas: ['jupiter', 'mercury', 'moon'],
  },
  marriage: {
    // The eleven stars of vivaha: Rohini, Mrigashira, Magha, Uttara Phalguni, Hasta, Swati, Anuradha, Mula, Uttara Ashadha, Uttara Bhadrapada, Revati.
    nakshatras: [3, 4, 9, 11, 12, 14, 16, 18, 20, 25, 26],
    goodWeekdays: AUSPICIOUS_WEEKDAYS,
    badWeekdays: MALEFIC_WEEKDAYS,
    goodTithis: [2, 3, 5, 7, 10, 11, 13],
    shuklaOnly: false,
    horas: ['venus', 'jupiter'],
  },
  travel: {
    // Yatra: Ashwini, Mrigashira, Punarvasu, Pushya, Hasta, Anuradha, Shravana, Dhanishta, Revati.
    nakshatras: [0, 4, 6, 7, 12, 16, 21, 22, 26],
    goodWeekdays: AUSPICIOUS_WEEKDAYS,
    badWeekdays: MALEFIC_WEEKDAYS,
    goodTithis: [2, 3, 5, 7, 10, 11, 13],
    shuklaOnly: false,
    horas: ['moon', 'mercury', 'jupiter', 'venus'],
  },
};

/** Tithis of a paksha that are rikta ("empty"): Chaturthi, Navami, Chaturdashi. */
export const RIKTA_TITHIS = [4, 9, 14];
/** The yogas (0 Vishkambha … 26 Vaidhriti) every auspicious act avoids; Vyatipata and Vaidhriti above all. */
export const BAD_YOGAS = [0, 5, 8, 9, 12, 14, 16, 18, 26];
export const WORST_YOGAS = [16, 26];
/** Karana numbers (1-60) of the three fixed karanas at the month's dark end: Shakuni, Chatushpada, Naga. */
export const DARK_FIXED_KARANAS = [58, 59, 60];
/** Vishti (Bhadra): the seventh movable karana, karana numbers 8, 15, 22 … 57. */
export const isVishti = (karanaNumber: number) => karanaNumber >= 2 && karanaNumber <= 57 && (karanaNumber - 2) % 7 === 6;
export const BENEFIC_HORAS: readonly GrahaId[] = ['jupiter', 'venus', 'mercury', 'moon'];
export const MALEFIC_HORAS: readonly GrahaId[] = ['saturn', 'mars'];

/** The nine taras counted from the birth nakshatra, and whether each is good. */
export const TARAS = [
  { name: 'Janma', good: false },
  { name: 'Sampat', good: true },
  { name: 'Vipat', good: false },
  { name: 'Kshema', good: true },
  { name: 'Pratyari', good: false },
  { name: 'Sadhaka', good: true },
  { name: 'Vadha', good: false },
  { name: 'Mitra', good: true },
  { name: 'Parama Mitra', good: true },
] as const;

/** The tara (1-9) of the day's nakshatra counted from the birth nakshatra (both 0-26): the count from it, in nines. */
export function taraOf(birthNakshatra: number, nakshatra: number): number {
  const count = ((nakshatra - birthNakshatra + 27) % 27) + 1;
  return ((count - 1) % 9) + 1;
}

/** Points of each factor: [worst, best]; a window's score is its sum's place between the sums of the scored factors' ends. */
export const POINTS = {
  tithi: { good: 10, rikta: -15, amavasya: -20, other: 0 },
  nakshatra: { purpose: 20, avoided: -15, other: 0 },
  weekday: { good: 10, bad: -10, other: 0 },
  yoga: { good: 5, bad: -10, worst: -20 },
  karana: { good: 5, darkFixed: -5 },
  hora: { purpose: 10, benefic: 5, malefic: -5, other: 0 },
  abhijit: { in: 10, out: 0 },
  taraBala: { good: 10, janma: -5, bad: -10 },
  chandraBala: { good: 10, eighth: -20, other: -5 },
} as const;

/** The lowest and highest points of each factor. */
export const FACTOR_RANGE = {
  tithi: [-20, 10],
  nakshatra: [-15, 20],
  weekday: [-10, 10],
  yoga: [-20, 5],
  karana: [-5, 5],
  hora: [-5, 10],
  abhijit: [0, 10],
  taraBala: [-10, 10],
  chandraBala: [-20, 10],
} as const;

/** The quality named for a score. */
export function qualityOf(score: number): 'excellent' | 'good' | 'fair' | 'poor' {
  return score >= 80 ? 'excellent' : score >= 65 ? 'good' : score >= 50 ? 'fair' : 'poor';
}
