/**
 * Mangal (Kuja) dosha: Mars in one of the houses counted from the lagna, the Moon and Venus that
 * the marriage texts name as harmful to the spouse (Muhurta Chintamani, and the Kerala practice
 * that adds the 2nd). Houses are counted by sign, inclusively (Mars in the reference's own sign is
 * in its 1st).
 *
 * Schools: the North Indian list is 1, 4, 7, 8, 12; the South Indian (Kerala) one adds the 2nd
 * (Mars there is said to harm the family and speech). `south_indian` (all six) is the default.
 *
 * The cancellations are the ones most often cited; each is named and reported where it applies,
 * and a dosha counts as cancelled for a reference when at least one cancellation applies to it.
 */
import { signDistance, type GrahaId } from '../grahas.ts';
import { signIndexOf } from '../../zodiac.ts';
import { aspectedSigns, signOfGraha, type DoshaChart } from './dosha-chart.ts';

export const MANGAL_SCHOOLS = { south_indian: [1, 2, 4, 7, 8, 12], north_indian: [1, 4, 7, 8, 12] } as const;
export type MangalSchool = keyof typeof MANGAL_SCHOOLS;

export const MANGAL_REFERENCES = ['lagna', 'moon', 'venus'] as const;
export type MangalReference = (typeof MANGAL_REFERENCES)[number];

export const MANGAL_CANCELLATIONS = {
  mars_own_or_exalted: 'Mars is in its own sign (Aries, Scorpio) or exalted (Capricorn): a strong Mars does not harm.',
  mars_in_leo_or_aquarius: 'Mars is in Leo or Aquarius, signs in which the texts say Mars gives no dosha.',
  house_sign_exception:
    'Mars is in a house and sign the texts exempt: the 1st in Aries, the 2nd in Gemini or Virgo, the 4th in Aries or Scorpio, the 7th in Cancer or Capricorn, the 8th in Sagittarius or Pisces, the 12th in Taurus or Libra.',
  jupiter_with_or_aspecting_mars: "Jupiter is in Mars's sign or aspects it (Jupiter's 5th, 7th or 9th sign): the great benefic protects.",
  moon_with_mars: 'The Moon is in the same sign as Mars (Chandra-Mangala yoga).',
  benefic_in_lagna: 'Jupiter or Venus is in the lagna.',
  lagna_cancer_or_leo: 'The lagna is Cancer or Leo, for which Mars rules a kendra and a trikona (yogakaraka) and is not counted as harmful.',
} as const;
export type MangalCancellation = keyof typeof MANGAL_CANCELLATIONS;

/** House (counted from the reference) → the Mars signs exempt there. */
const HOUSE_SIGN_EXEMPTIONS: Readonly<Record<number, readonly number[]>> = {
  1: [0],
  2: [2, 5],
  4: [0, 7],
  7: [3, 9],
  8: [8, 11],
  12: [1, 6],
};

export interface MangalFromReference {
  reference: MangalReference;
  /** The reference's sign, 0 Aries … 11 Pisces. */
  referenceSign: number;
  /** The house Mars is in, counted by sign from the reference. */
  marsHouse: number;
  /** Mars is in one of the school's dosha houses from this reference. */
  present: boolean;
  /** The cancellations that apply to this reference's dosha (empty when there is none). */
  cancellations: MangalCancellation[];
  /** Present and not cancelled. */
  active: boolean;
}

export interface MangalDosha {
  school: MangalSchool;
  houses: readonly number[];
  /** Mars's sign. */
  marsSign: number;
  /** One entry per reference counted: lagna (when the birth time is known), Moon, Venus. */
  references: MangalFromReference[];
  /** Mars is in a dosha house from at least one reference. */
  present: boolean;
  /** Present, and cancelled from every reference where it is present. */
  cancelled: boolean;
  /** Present and not cancelled: the person is manglik. */
  active: boolean;
  /** How many references still give the dosha after cancellations (0 to 3): 1 mild, 2 medium, 3 strong. */
  activeCount: number;
  /** Every cancellation that applies to some reference, in the order of MANGAL_CANCELLATIONS. */
  cancellations: MangalCancellation[];
  /** The lagna was not counted (untimed birth). */
  lagnaSkipped: boolean;
}

export function mangalDosha(chart: DoshaChart, school: MangalSchool = 'south_indian'): MangalDosha {
  const houses = MANGAL_SCHOOLS[school];
  const marsSign = signOfGraha(chart, 'mars');
  const lagnaSign = chart.lagna === undefined ? undefined : signIndexOf(chart.lagna);
  const jupiterSign = signOfGraha(chart, 'jupiter');

  // Cancellations that hold for the chart as a whole, whatever the reference.
  const general: MangalCancellation[] = [];
  if (marsSign === 0 || marsSign === 7 || marsSign === 9) general.push('mars_own_or_exalted');
  if (marsSign === 4 || marsSign === 10) general.push('mars_in_leo_or_aquarius');
  if (jupiterSign === marsSign || aspectedSigns('jupiter', jupiterSign).includes(marsSign)) general.push('jupiter_with_or_aspecting_mars');
  if (signOfGraha(chart, 'moon') === marsSign) general.push('moon_with_mars');
  if (lagnaSign !== undefined && (jupiterSign === lagnaSign || signOfGraha(chart, 'venus') === lagnaSign)) general.push('benefic_in_lagna');
  if (lagnaSign === 3 || lagnaSign === 4) general.push('lagna_cancer_or_leo');

  const referenceSigns: [MangalReference, number | undefined][] = [
    ['lagna', lagnaSign],
    ['moon', signOfGraha(chart, 'moon')],
    ['venus', signOfGraha(chart, 'venus' satisfies GrahaId)],
  ];
  const references: MangalFromReference[] = [];
  for (const [reference, referenceSign] of referenceSigns) {
    if (referenceSign === undefined) continue;
    const marsHouse = signDistance(referenceSign, marsSign);
    const present = (houses as readonly number[]).includes(marsHouse);
    const cancellations: MangalCancellation[] = [];
    if (present) {
      if (HOUSE_SIGN_EXEMPTIONS[marsHouse]?.includes(marsSign)) cancellations.push('house_sign_exception');
      cancellations.push(...general);
    }
    references.push({ reference, referenceSign, marsHouse, present, cancellations: ordered(cancellations), active: present && cancellations.length === 0 });
  }
  const present = references.some((r) => r.present);
  const activeCount = references.filter((r) => r.active).length;
  return {
    school,
    houses,
    marsSign,
    references,
    present,
    cancelled: present && activeCount === 0,
    active: activeCount > 0,
    activeCount,
    cancellations: ordered([...new Set(references.flatMap((r) => r.cancellations))]),
    lagnaSkipped: lagnaSign === undefined,
  };
}

const ORDER = Object.keys(MANGAL_CANCELLATIONS) as MangalCancellation[];
const ordered = (list: MangalCancellation[]) => ORDER.filter((c) => list.includes(c));
