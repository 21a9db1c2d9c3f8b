/**
 * Amala, Lakshmi and Saraswati.
 *
 * - Amala (Phaladeepika 6): a natural benefic (Mercury, Jupiter, Venus) in the 10th from the
 *   lagna or from the Moon. For an untimed birth only the Moon's 10th is read.
 * - Lakshmi (Brihat Parashara Hora Shastra, ch. 41): the lord of the 9th in a kendra or trikona
 *   in its own sign, moolatrikona or exaltation, and the lagna lord strong: not debilitated or
 *   combust, and in a kendra or trikona or in its own, moolatrikona or exaltation sign.
 * - Saraswati (Phaladeepika 6): Jupiter, Venus and Mercury each in a kendra, a trikona or the 2nd
 *   from the lagna, Jupiter in its own, a friend's or its exaltation sign.
 */
import type { GrahaId } from '../grahas.ts';
import { houseFromLagna, inHouseFrom, isKendra, isTrikona, lordOfHouse, namesOf, nameOf, NATURAL_BENEFICS, ordinal, type ChartFacts } from './chart-facts.ts';
import { finding } from './yoga-finding.ts';
import type { RuleOutput, YogaOptions, YogaRule } from './yoga-types.ts';

const isBenefic = (g: GrahaId) => (NATURAL_BENEFICS as readonly GrahaId[]).includes(g);
const wellPlaced = (house: number) => isKendra(house) || isTrikona(house);
const dignified = (facts: ChartFacts, g: GrahaId) => ['exalted', 'moolatrikona', 'own_sign'].includes(facts.dignity[g] ?? '');

function amala(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const refs: { name: 'lagna' | 'Moon'; sign: number }[] = [];
  if (facts.lagnaSign !== null) refs.push({ name: 'lagna', sign: facts.lagnaSign });
  refs.push({ name: 'Moon', sign: facts.moonSign });
  for (const ref of refs) {
    const tenth = inHouseFrom(facts, ref.sign, 10);
    const benefics = tenth.filter(isBenefic);
    if (benefics.length) {
      out.found.push(
        finding(facts, {
          id: 'amala',
          key: 'amala',
          name: 'Amala Yoga',
          category: 'auspicious',
          type: ref.name === 'lagna' ? 'from_lagna' : 'from_moon',
          theme: 'Fortune & Support',
          grahas: benefics,
          reference: ref.name === 'lagna' ? 'lagna' : 'moon',
          evidence: `${namesOf(benefics)} in the 10th house from the ${ref.name}.`,
          source: 'Phaladeepika 6',
          description: 'A spotless reputation: work that earns lasting esteem, and a helpful, principled nature.',
        }),
      );
      return;
    }
  }
  if (options.explain) {
    const others = refs.flatMap((r) => inHouseFrom(facts, r.sign, 10));
    if (others.length)
      out.near.push({
        key: 'amala',
        name: 'Amala Yoga',
        category: 'auspicious',
        grahas: [...new Set(others)],
        met: [],
        failed: `the 10th from the ${refs.map((r) => r.name).join(' and from the ')} holds ${namesOf([...new Set(others)])}, no natural benefic`,
      });
  }
}

function lakshmi(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const ninthLord = lordOfHouse(facts, 9);
  const lagnaLord = lordOfHouse(facts, 1);
  const ninthHouse = houseFromLagna(facts, ninthLord);
  const lagnaLordHouse = houseFromLagna(facts, lagnaLord);
  const conditions: [boolean, string][] = [
    [dignified(facts, ninthLord), `the 9th lord ${nameOf(ninthLord)} is in its own, moolatrikona or exaltation sign`],
    [wellPlaced(ninthHouse), `the 9th lord ${nameOf(ninthLord)} is in a kendra or trikona (the ${ordinal(ninthHouse)})`],
    [
      facts.dignity[lagnaLord] !== 'debilitated' && !facts.combust[lagnaLord] && (wellPlaced(lagnaLordHouse) || dignified(facts, lagnaLord)),
      `the lagna lord ${nameOf(lagnaLord)} is strong (not debilitated or combust; in a kendra or trikona, or in its own or exaltation sign)`,
    ],
  ];
  const negatives = [
    `the 9th lord ${nameOf(ninthLord)} is not in its own, moolatrikona or exaltation sign (${facts.dignity[ninthLord] ?? 'none'})`,
    `the 9th lord ${nameOf(ninthLord)} is in the ${ordinal(ninthHouse)}, not a kendra or trikona`,
    `the lagna lord ${nameOf(lagnaLord)} is not strong (in the ${ordinal(lagnaLordHouse)}, ${facts.dignity[lagnaLord] ?? 'no dignity'}${facts.combust[lagnaLord] ? ', combust' : ''})`,
  ];
  const failed = conditions.flatMap(([ok], i) => (ok ? [] : [negatives[i]!]));
  if (failed.length === 0) {
    out.found.push(
      finding(facts, {
        id: 'lakshmi',
        key: 'lakshmi',
        name: 'Lakshmi Yoga',
        category: 'dhana',
        type: 'ninth_lord',
        theme: 'Wealth & Success',
        grahas: [...new Set([ninthLord, lagnaLord])],
        reference: 'lagna',
        evidence: `${conditions.map(([, words]) => words).join('; ')}.`.replace(/^t/, 'T'),
        source: 'Brihat Parashara Hora Shastra, ch. 41',
        description: 'Fortune, wealth and grace; a noble, learned and well-provided life.',
      }),
    );
  } else if (options.explain && failed.length === 1) {
    out.near.push({
      key: 'lakshmi',
      name: 'Lakshmi Yoga',
      category: 'dhana',
      grahas: [...new Set([ninthLord, lagnaLord])],
      met: conditions.filter(([ok]) => ok).map(([, w]) => w),
      failed: failed[0]!,
    });
  }
}

function saraswati(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const trio: GrahaId[] = ['jupiter', 'venus', 'mercury'];
  const placement = (g: GrahaId) => {
    const h = houseFromLagna(facts, g);
    return wellPlaced(h) || h === 2;
  };
  const jd = facts.dignity.jupiter;
  const jupiterWell = jd === 'exalted' || jd === 'moolatrikona' || jd === 'own_sign' || jd === 'friend' || jd === 'great_friend';
  const conditions: [boolean, string, string][] = [
    ...trio.map((g): [boolean, string, string] => {
      const h = houseFromLagna(facts, g);
      return [
        placement(g),
        `${nameOf(g)} in the ${ordinal(h)}, a kendra, trikona or the 2nd`,
        `${nameOf(g)} is in the ${ordinal(h)}, not a kendra, trikona or the 2nd`,
      ];
    }),
    [jupiterWell, `Jupiter in its own, a friend's or its exaltation sign`, `Jupiter is not in its own, a friend's or its exaltation sign (${jd ?? 'none'})`],
  ];
  const failed = conditions.filter(([ok]) => !ok).map(([, , no]) => no);
  if (failed.length === 0) {
    out.found.push(
      finding(facts, {
        id: 'saraswati',
        key: 'saraswati',
        name: 'Saraswati Yoga',
        category: 'auspicious',
        type: 'benefic_trio',
        theme: 'Intellect & Learning',
        grahas: trio,
        reference: 'lagna',
        evidence: `${conditions.map(([, w]) => w).join('; ')}.`,
        source: 'Phaladeepika 6',
        description: 'Learning, eloquence and skill in letters and the arts; honoured for knowledge.',
      }),
    );
  } else if (options.explain && failed.length === 1) {
    out.near.push({
      key: 'saraswati',
      name: 'Saraswati Yoga',
      category: 'auspicious',
      grahas: trio,
      met: conditions.filter(([ok]) => ok).map(([, w]) => w),
      failed: failed[0]!,
    });
  }
}

export const amalaYoga: YogaRule = { group: 'Amala', needsLagna: () => false, evaluate: amala };

export const lakshmiSaraswatiYogas: YogaRule = {
  group: 'Lakshmi and Saraswati',
  needsLagna: () => true,
  evaluate(facts, options, out) {
    lakshmi(facts, options, out);
    saraswati(facts, options, out);
  },
};
