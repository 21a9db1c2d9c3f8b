/**
 * Dhana yogas of lords (Brihat Parashara Hora Shastra, ch. 41 and 42): the lord of the 2nd or the
 * 11th (the houses of wealth and gains) in relation (association.ts) with the lord of a trikona
 * (1st, 5th, 9th). Schools differ on the set: `dhana_lords: extended` takes any two of the lords
 * of the 1st, 2nd, 5th, 9th and 11th, as several modern authors do. Graded as the raja yogas.
 */
import { houseFromLagna, nameOf, ordinal, TRIKONAS, type ChartFacts } from './chart-facts.ts';
import { associationWords } from './association.ts';
import { housesWords, lordPairs } from './lordship-pairs.ts';
import { lordsGrade } from './raja-yogas.ts';
import { finding } from './yoga-finding.ts';
import type { RuleOutput, YogaOptions, YogaRule } from './yoga-types.ts';

const WEALTH = [2, 11] as const;
const EXTENDED = [1, 2, 5, 9, 11] as const;

function evaluate(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const pairs = options.dhana_lords === 'extended' ? lordPairs(facts, EXTENDED, EXTENDED) : lordPairs(facts, WEALTH, TRIKONAS);
  for (const pair of pairs) {
    // The extended set: each lord must rule a different house of the set (a pair of which only one rules any is no pair).
    if (options.dhana_lords === 'extended') {
      const aIn = pair.aHouses.filter((h) => (EXTENDED as readonly number[]).includes(h));
      const bIn = pair.bHouses.filter((h) => (EXTENDED as readonly number[]).includes(h));
      if (!aIn.length || !bIn.length) continue;
    }
    const lordsWords = `${nameOf(pair.a)} rules the ${housesWords(pair.aHouses)}, ${nameOf(pair.b)} the ${housesWords(pair.bHouses)}`;
    const setWords = options.dhana_lords === 'extended' ? 'lords of the 1st, 2nd, 5th, 9th or 11th' : 'lords of the 2nd or 11th and of a trikona';
    if (pair.association) {
      const where = [pair.a, pair.b].map((g) => `${nameOf(g)} in the ${ordinal(houseFromLagna(facts, g))}`).join(', ');
      out.found.push(
        finding(facts, {
          id: `dhana_yoga:${pair.a}+${pair.b}`,
          key: 'dhana_yoga',
          name: 'Dhana Yoga',
          category: 'dhana',
          type: pair.association,
          theme: 'Wealth & Success',
          grahas: [pair.a, pair.b],
          reference: 'lagna',
          evidence: `${associationWords(pair.association, pair.a, pair.b)} (${where}); ${lordsWords}: ${setWords}.`,
          strength: lordsGrade(facts, [pair.a, pair.b]),
          source:
            options.dhana_lords === 'extended'
              ? 'Brihat Parashara Hora Shastra, ch. 41, extended set of modern authors'
              : 'Brihat Parashara Hora Shastra, ch. 41',
          description: 'Wealth gathered and kept: earnings and savings grow in the periods of the two lords.',
        }),
      );
    } else if (options.explain && pair.nearly) {
      out.near.push({
        key: 'dhana_yoga',
        name: 'Dhana Yoga',
        category: 'dhana',
        grahas: [pair.a, pair.b],
        met: [`${lordsWords}: ${setWords}`],
        failed: `${pair.nearly}: no exchange, conjunction or mutual aspect`,
      });
    }
  }
}

export const dhanaYogas: YogaRule = { group: 'Dhana (lords of wealth)', needsLagna: () => true, evaluate };
