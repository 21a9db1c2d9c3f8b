/**
 * Parivartana yogas, exchanges of signs (Phaladeepika 6; Brihat Parashara Hora Shastra): two
 * grahas each in a sign the other rules. Named by the houses (from the lagna) of the two signs:
 * Dainya when one of them is a dusthana (6th, 8th, 12th); else Khala when one is the 3rd; else
 * Maha (both among the 1st, 2nd, 4th, 5th, 7th, 9th, 10th, 11th).
 */
import { SIGN_LORDS } from '../grahas.ts';
import { houseFromLagna, isDusthana, nameOf, ordinal, SEVEN_GRAHAS, type ChartFacts } from './chart-facts.ts';
import { finding } from './yoga-finding.ts';
import type { RuleOutput, YogaOptions, YogaRule } from './yoga-types.ts';

const KINDS = {
  dainya: {
    name: 'Dainya Parivartana Yoga',
    theme: 'Challenges',
    description: 'An exchange through a house of trouble: struggle, debts or illness mixed into the matters of the other house, eased later in life.',
  },
  khala: {
    name: 'Khala Parivartana Yoga',
    theme: 'Exchange',
    description: 'An exchange through the 3rd: a restless, uneven course; gains by effort and daring, with reversals.',
  },
  maha: {
    name: 'Maha Parivartana Yoga',
    theme: 'Power & Status',
    description: 'A great exchange of two good houses: each lord strengthens the other, bringing wealth, status and comfort.',
  },
} as const;

function evaluate(facts: ChartFacts, _options: YogaOptions, out: RuleOutput) {
  for (let i = 0; i < SEVEN_GRAHAS.length; i++) {
    for (let j = i + 1; j < SEVEN_GRAHAS.length; j++) {
      const a = SEVEN_GRAHAS[i]!;
      const b = SEVEN_GRAHAS[j]!;
      if (SIGN_LORDS[facts.sign[a]] !== b || SIGN_LORDS[facts.sign[b]] !== a) continue;
      const ha = houseFromLagna(facts, a);
      const hb = houseFromLagna(facts, b);
      const kind = isDusthana(ha) || isDusthana(hb) ? 'dainya' : ha === 3 || hb === 3 ? 'khala' : 'maha';
      out.found.push(
        finding(facts, {
          id: `parivartana:${a}+${b}`,
          key: `${kind}_parivartana`,
          name: KINDS[kind].name,
          category: 'parivartana',
          type: kind,
          theme: KINDS[kind].theme,
          grahas: [a, b],
          reference: 'lagna',
          evidence: `${nameOf(a)} in the ${ordinal(ha)} is in a sign of ${nameOf(b)}, and ${nameOf(b)} in the ${ordinal(hb)} in a sign of ${nameOf(a)}: the lords of the ${ordinal(Math.min(ha, hb))} and ${ordinal(Math.max(ha, hb))} exchange.`,
          source: 'Phaladeepika 6',
          description: KINDS[kind].description,
        }),
      );
    }
  }
}

export const parivartanaYogas: YogaRule = { group: 'Parivartana', needsLagna: () => true, evaluate };
