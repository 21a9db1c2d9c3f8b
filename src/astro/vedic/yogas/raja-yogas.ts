/**
 * Raja yogas of the lords of kendras and trikonas (Brihat Parashara Hora Shastra, ch. 39): a lord
 * of a kendra (1st, 4th, 7th, 10th) and a lord of a trikona (1st, 5th, 9th), two different grahas,
 * in relation: exchange, one sign, or mutual aspect. The lagna is both a kendra and a trikona. The
 * pair of the 9th and 10th lords is named Dharma-Karmadhipati. A single graha that rules both a
 * kendra other than the lagna and a trikona other than the lagna is a yogakaraka (ch. 34) and is
 * listed as one. Graded by what spoils a raja yoga in the same texts: a lord that also rules a
 * dusthana (6th, 8th, 12th), the relation falling in a dusthana, and a lord debilitated or combust.
 */
import type { SevenGraha } from '../grahas.ts';
import {
  DUSTHANAS,
  houseFromLagna,
  housesRuledBy,
  isDusthana,
  isKendra,
  isTrikona,
  KENDRAS,
  nameOf,
  ordinal,
  SEVEN_GRAHAS,
  TRIKONAS,
  type ChartFacts,
} from './chart-facts.ts';
import { associationWords } from './association.ts';
import { housesWords, lordPairs } from './lordship-pairs.ts';
import { finding, gradeOf } from './yoga-finding.ts';
import type { RuleOutput, YogaOptions, YogaRule, YogaStrength } from './yoga-types.ts';

/** The grade of a lords' yoga: three checks, each failed one lowers it. */
export function lordsGrade(facts: ChartFacts, lords: readonly SevenGraha[]): YogaStrength {
  const spoilers: string[] = [];
  const dusthanaLords = lords.filter((g) => housesRuledBy(facts, g).some((h) => (DUSTHANAS as readonly number[]).includes(h)));
  if (dusthanaLords.length) spoilers.push(`${dusthanaLords.map(nameOf).join(' and ')} also ${dusthanaLords.length > 1 ? 'rule' : 'rules'} a dusthana`);
  const inDusthana = lords.filter((g) => isDusthana(houseFromLagna(facts, g)));
  if (inDusthana.length) spoilers.push(`${inDusthana.map(nameOf).join(' and ')} in a dusthana`);
  const afflicted = lords.filter((g) => facts.dignity[g] === 'debilitated' || facts.combust[g]);
  if (afflicted.length) spoilers.push(`${afflicted.map(nameOf).join(' and ')} debilitated or combust`);
  return gradeOf(
    3 - spoilers.length,
    3,
    spoilers.length ? `weakened: ${spoilers.join('; ')}` : 'no dusthana lordship or placement, no debilitation or combustion',
  );
}

function kendraTrikona(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  for (const pair of lordPairs(facts, KENDRAS, TRIKONAS)) {
    const ninthTenth = (pair.aHouses.includes(9) && pair.bHouses.includes(10)) || (pair.aHouses.includes(10) && pair.bHouses.includes(9));
    const name = ninthTenth ? 'Dharma-Karmadhipati Raja Yoga' : 'Raja Yoga';
    const lordsWords = `${nameOf(pair.a)} rules the ${housesWords(pair.aHouses)}, ${nameOf(pair.b)} the ${housesWords(pair.bHouses)}`;
    if (pair.association) {
      const where = [pair.a, pair.b].map((g) => `${nameOf(g)} in the ${ordinal(houseFromLagna(facts, g))}`).join(', ');
      out.found.push(
        finding(facts, {
          id: `raja_yoga:${pair.a}+${pair.b}`,
          key: ninthTenth ? 'dharma_karmadhipati' : 'raja_yoga',
          name,
          category: 'raja',
          type: pair.association,
          theme: 'Power & Status',
          grahas: [pair.a, pair.b],
          reference: 'lagna',
          evidence: `${associationWords(pair.association, pair.a, pair.b)} (${where}); ${lordsWords}: lords of a kendra and a trikona.`,
          strength: lordsGrade(facts, [pair.a, pair.b]),
          source: 'Brihat Parashara Hora Shastra, ch. 39',
          description: ninthTenth
            ? 'Duty and fortune joined: a career that rises on merit and right action.'
            : 'Rise in rank and influence; authority and recognition in the periods of the two lords.',
        }),
      );
    } else if (options.explain && pair.nearly) {
      out.near.push({
        key: ninthTenth ? 'dharma_karmadhipati' : 'raja_yoga',
        name,
        category: 'raja',
        grahas: [pair.a, pair.b],
        met: [`${lordsWords}: lords of a kendra and a trikona`],
        failed: `${pair.nearly}: no exchange, conjunction or mutual aspect`,
      });
    }
  }
}

function yogakaraka(facts: ChartFacts, out: RuleOutput) {
  for (const g of SEVEN_GRAHAS) {
    const ruled = housesRuledBy(facts, g);
    const kendra = ruled.find((h) => h !== 1 && isKendra(h));
    const trikona = ruled.find((h) => h !== 1 && isTrikona(h));
    if (kendra === undefined || trikona === undefined) continue;
    const house = houseFromLagna(facts, g);
    const placed = isKendra(house) || isTrikona(house);
    const afflicted = facts.dignity[g] === 'debilitated' || facts.combust[g] || isDusthana(house);
    const held = (placed ? 1 : 0) + (afflicted ? 0 : 1);
    out.found.push(
      finding(facts, {
        id: `yogakaraka:${g}`,
        key: 'yogakaraka',
        name: 'Yogakaraka Raja Yoga',
        category: 'raja',
        type: 'yogakaraka',
        theme: 'Power & Status',
        grahas: [g],
        reference: 'lagna',
        evidence: `${nameOf(g)} alone rules the ${ordinal(kendra)} (a kendra) and the ${ordinal(trikona)} (a trikona); it is in the ${ordinal(house)}.`,
        strength: gradeOf(
          held,
          2,
          `${placed ? 'in a kendra or trikona' : 'not in a kendra or trikona'}; ${afflicted ? 'debilitated, combust or in a dusthana' : 'not debilitated, combust or in a dusthana'}`,
        ),
        source: 'Brihat Parashara Hora Shastra, ch. 34',
        description: 'One graha that carries both power and fortune: its periods bring advancement.',
      }),
    );
  }
}

export const rajaYogas: YogaRule = {
  group: 'Raja (kendra and trikona lords)',
  needsLagna: () => true,
  evaluate(facts, options, out) {
    kendraTrikona(facts, options, out);
    yogakaraka(facts, out);
  },
};
