/**
 * The ten electional purposes, each a documented rule set: the general rules of the Moon, the
 * Ascendant and the malefics (generalRules) and the houses and significators of the purpose. The
 * weights are the points a rule adds to a moment's score; docs/api/electional.md lists every one
 * (a test keeps the two alike).
 */
import {
  beneficInHouses,
  fixedSignRising,
  generalRules,
  hourOfSignificator,
  houseRulerRules,
  maleficInHouses,
  moonInFixedSign,
  planetDebilitated,
  planetRetrograde,
  planetUnderPressure,
  rulerRule,
  significator,
  type ElectionRule,
} from './electional-rules.ts';

export const ELECTION_CATEGORY_IDS = [
  'wedding',
  'making-contracts',
  'job-audition',
  'purchase-property',
  'purchase-car',
  'move-into-new-home',
  'starting-journey',
  'legal-proceedings',
  'physical-examination',
  'invest-money',
] as const;
export type ElectionCategoryId = (typeof ELECTION_CATEGORY_IDS)[number];

export interface ElectionCategory {
  id: ElectionCategoryId;
  /** For titles: "Wedding". */
  title: string;
  /** What the search looks for, in a sentence. */
  purpose: string;
  /** The request's natal blocks of the people concerned (the first is the principal). */
  roles: readonly string[];
  /** Whether the purpose wants growth (the Moon waxing then counts for, waning against). */
  wantsIncrease: boolean;
  /** The houses of the matter, for the documentation. */
  houses: readonly number[];
  /** The planets that signify the matter, for the documentation. */
  significators: readonly string[];
  rules: readonly ElectionRule[];
}

const benefics = (houses: readonly number[], topic: string, weight: number) => [
  beneficInHouses('venus', houses, topic, weight),
  beneficInHouses('jupiter', houses, topic, weight),
];
const malefics = (houses: readonly number[], weight: number) => [maleficInHouses('mars', houses, weight), maleficInHouses('saturn', houses, weight)];

const CATEGORIES: readonly ElectionCategory[] = [
  {
    id: 'wedding',
    title: 'Wedding',
    purpose: 'a marriage or union: the 7th house of partnership and Venus',
    roles: ['partner_a_natal', 'partner_b_natal'],
    wantsIncrease: true,
    houses: [7],
    significators: ['venus'],
    rules: [
      ...generalRules(true),
      ...significator('venus', { dignity: 8, pressure: 8, retrograde: 6, combust: 5 }),
      ...houseRulerRules(7, { dignity: 6, pressure: 8 }),
      ...benefics([7], 'partnership', 5),
      ...malefics([7], -6),
      hourOfSignificator(['venus', 'jupiter'], 4),
    ],
  },
  {
    id: 'making-contracts',
    title: 'Making contracts',
    purpose: 'signing an agreement: the 3rd house of documents, the 7th of the other party, and Mercury',
    roles: ['principal_natal'],
    wantsIncrease: true,
    houses: [3, 7],
    significators: ['mercury'],
    rules: [
      ...generalRules(true),
      ...significator('mercury', { dignity: 6, pressure: 8, retrograde: 10, combust: 5, station: 10 }),
      ...houseRulerRules(3, { dignity: 5, pressure: 6 }),
      ...houseRulerRules(7, { dignity: 4, pressure: 6 }),
      ...benefics([3], 'agreement', 4),
      hourOfSignificator(['mercury', 'jupiter'], 4),
    ],
  },
  {
    id: 'job-audition',
    title: 'Job audition',
    purpose: 'an interview, audition or application: the 10th house of standing, the Sun and Jupiter',
    roles: ['candidate_natal'],
    wantsIncrease: true,
    houses: [10],
    significators: ['sun', 'jupiter'],
    rules: [
      ...generalRules(true),
      ...houseRulerRules(10, { dignity: 7, pressure: 8 }),
      ...significator('sun', { dignity: 5, pressure: 6 }),
      ...significator('jupiter', { dignity: 4 }),
      planetRetrograde('mercury', -4),
      ...benefics([10], 'career', 6),
      hourOfSignificator(['sun', 'jupiter'], 4),
    ],
  },
  {
    id: 'purchase-property',
    title: 'Purchase of property',
    purpose: 'buying land or a house: the 4th house of property, the 2nd of the money paid, Saturn for durability',
    roles: ['buyer_natal'],
    wantsIncrease: true,
    houses: [4, 2],
    significators: ['saturn'],
    rules: [
      ...generalRules(true),
      ...houseRulerRules(4, { dignity: 7, pressure: 8 }),
      ...houseRulerRules(2, { dignity: 5, pressure: 6 }),
      ...significator('saturn', { dignity: 5, pressure: 5 }),
      moonInFixedSign(4),
      fixedSignRising(4),
      ...benefics([4], 'property', 5),
      maleficInHouses('mars', [2], -5),
      hourOfSignificator(['jupiter', 'venus'], 4),
    ],
  },
  {
    id: 'purchase-car',
    title: 'Purchase of a car',
    purpose: 'buying a vehicle: the 3rd house of short journeys, Mercury for the papers and the mechanism, Mars for safety',
    roles: ['buyer_natal'],
    wantsIncrease: true,
    houses: [3],
    significators: ['mercury', 'mars'],
    rules: [
      ...generalRules(true),
      ...significator('mercury', { dignity: 5, pressure: 6, retrograde: 8, combust: 4, station: 10 }),
      ...houseRulerRules(3, { dignity: 6, pressure: 7 }),
      planetUnderPressure('mars', -6),
      ...benefics([3], 'mobility', 4),
      hourOfSignificator(['mercury', 'venus'], 4),
    ],
  },
  {
    id: 'move-into-new-home',
    title: 'Moving into a new home',
    purpose: 'moving in: the 4th house of the home, the Moon, and fixed signs for a lasting stay',
    roles: ['resident_natal'],
    wantsIncrease: true,
    houses: [4],
    significators: ['moon'],
    rules: [
      ...generalRules(true),
      ...houseRulerRules(4, { dignity: 7, pressure: 8 }),
      planetUnderPressure('moon', -7),
      moonInFixedSign(5),
      fixedSignRising(4),
      ...benefics([4], 'home', 6),
      hourOfSignificator(['moon', 'venus', 'jupiter'], 4),
    ],
  },
  {
    id: 'starting-journey',
    title: 'Starting a journey',
    purpose: 'setting out: the 9th house of long journeys, the 3rd of short ones, and Mercury',
    roles: ['traveler_natal'],
    wantsIncrease: true,
    houses: [9, 3],
    significators: ['mercury'],
    rules: [
      ...generalRules(true),
      ...houseRulerRules(9, { dignity: 6, pressure: 8 }),
      ...significator('mercury', { dignity: 4, pressure: 6, retrograde: 7, station: 8 }),
      ...benefics([9, 3], 'travel', 5),
      ...malefics([9], -5),
      hourOfSignificator(['mercury', 'moon'], 4),
    ],
  },
  {
    id: 'legal-proceedings',
    title: 'Legal proceedings',
    purpose:
      'filing or pleading a case, for the plaintiff: the 1st house is the plaintiff, the 7th the opponent, the 10th the judge; Jupiter justice, Saturn delay, Mercury procedure',
    roles: ['plaintiff_natal'],
    wantsIncrease: false,
    houses: [1, 7, 10],
    significators: ['jupiter', 'saturn', 'mercury'],
    rules: [
      ...generalRules(false),
      // The opponent's strength counts against the plaintiff, its weakness for.
      rulerRule(7, 'dignified', -5),
      rulerRule(7, 'debilitated', 5),
      ...houseRulerRules(10, { dignity: 5, pressure: 6 }),
      ...significator('jupiter', { dignity: 7, pressure: 7 }),
      planetDebilitated('saturn', -5),
      planetRetrograde('saturn', -3),
      planetRetrograde('mercury', -6),
      beneficInHouses('jupiter', [1, 10], 'judicial', 5),
      hourOfSignificator(['jupiter', 'sun'], 4),
    ],
  },
  {
    id: 'physical-examination',
    title: 'Physical examination',
    purpose: 'a medical examination or check-up: the 6th house of illness, the Moon and the Ascendant for the body, Mercury for the diagnosis',
    roles: ['patient_natal'],
    wantsIncrease: false,
    houses: [6],
    significators: ['moon', 'mercury'],
    rules: [
      ...generalRules(false),
      ...houseRulerRules(6, { dignity: 6, pressure: 8 }),
      planetUnderPressure('moon', -7),
      planetRetrograde('mercury', -6),
      ...benefics([6], 'health', 5),
      ...malefics([6], -5),
      hourOfSignificator(['jupiter', 'venus'], 4),
    ],
  },
  {
    id: 'invest-money',
    title: 'Investing money',
    purpose: "placing money: the 2nd house of one's own money, the 8th of others' money and returns, Jupiter for growth",
    roles: ['investor_natal'],
    wantsIncrease: true,
    houses: [2, 8],
    significators: ['jupiter'],
    rules: [
      ...generalRules(true),
      ...houseRulerRules(2, { dignity: 7, pressure: 8 }),
      ...houseRulerRules(8, { dignity: 5, pressure: 7 }),
      ...significator('jupiter', { dignity: 7, pressure: 7, retrograde: 4 }),
      ...benefics([2, 8, 11], 'finance', 6),
      ...malefics([2, 8], -5),
      hourOfSignificator(['jupiter', 'venus'], 4),
    ],
  },
];

export const ELECTION_CATEGORIES: ReadonlyMap<ElectionCategoryId, ElectionCategory> = new Map(CATEGORIES.map((c) => [c.id, c]));

export function electionCategory(id: ElectionCategoryId): ElectionCategory {
  return ELECTION_CATEGORIES.get(id)!;
}
