/**
 * The Moon's yogas (Brihat Parashara Hora Shastra, ch. 37 and 38; Phaladeepika 6; Saravali 13):
 * Gajakesari, Sunapha, Anapha, Durudhara, Chandra-Mangala and Adhi, all counted from the Moon's
 * sign, so they hold for an untimed birth too. Kemadruma is in kemadruma.ts.
 */
import type { GrahaId } from '../grahas.ts';
import { houseFrom, inHouseFrom, isKendra, namesOf, nameOf, NATURAL_BENEFICS, ordinal, TARA_GRAHAS, type ChartFacts } from './chart-facts.ts';
import { finding, gradeOf, strength } from './yoga-finding.ts';
import type { RuleOutput, YogaOptions, YogaRule, YogaStrength } from './yoga-types.ts';

function jupiterGrade(facts: ChartFacts): YogaStrength {
  const d = facts.dignity.jupiter;
  if (facts.combust.jupiter || d === 'debilitated' || d === 'enemy' || d === 'great_enemy')
    return strength('weak', 0.34, `Jupiter is ${facts.combust.jupiter ? 'combust' : d === 'debilitated' ? 'debilitated' : "in an enemy's sign"}`);
  if (d === 'exalted' || d === 'moolatrikona' || d === 'own_sign') return strength('strong', 1, `Jupiter ${d === 'exalted' ? 'exalted' : 'in its own sign'}`);
  return strength('moderate', 0.67, "Jupiter in a friend's or a neutral sign");
}

function gajakesari(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const fromMoon = houseFrom(facts, facts.moonSign, 'jupiter');
  const fromLagna = facts.lagnaSign === null ? null : houseFrom(facts, facts.lagnaSign, 'jupiter');
  const byMoon = isKendra(fromMoon);
  const byLagna = options.gajakesari_from === 'moon_or_lagna' && fromLagna !== null && isKendra(fromLagna);
  if (byMoon || byLagna) {
    out.found.push(
      finding(facts, {
        id: 'gajakesari',
        key: 'gajakesari',
        name: 'Gajakesari Yoga',
        category: 'chandra',
        type: 'moon_jupiter',
        theme: 'Wealth & Success',
        grahas: ['moon', 'jupiter'],
        reference: byMoon ? 'moon' : 'lagna',
        evidence: byMoon
          ? `Jupiter is in the ${ordinal(fromMoon)} house from the Moon, a kendra.`
          : `Jupiter is in the ${ordinal(fromLagna!)} house from the lagna, a kendra (the lagna counted as well as the Moon).`,
        strength: jupiterGrade(facts),
        source: 'Brihat Parashara Hora Shastra; Phaladeepika 6 (grading by Jupiter not debilitated, combust or in an enemy sign)',
        description: 'Intelligence, good repute and lasting prosperity; the native overcomes rivals as the elephant-tamer lion.',
      }),
    );
  } else if (options.explain) {
    out.near.push({
      key: 'gajakesari',
      name: 'Gajakesari Yoga',
      category: 'chandra',
      grahas: ['moon', 'jupiter'],
      met: fromLagna !== null && isKendra(fromLagna) ? [`Jupiter is in the ${ordinal(fromLagna)} house from the lagna, a kendra`] : [],
      failed: `Jupiter is in the ${ordinal(fromMoon)} house from the Moon, not a kendra`,
    });
  }
}

const SECOND_TWELFTH = {
  sunapha: { name: 'Sunapha Yoga', description: 'Self-earned wealth, a good name and a sharp mind.' },
  anapha: { name: 'Anapha Yoga', description: 'Good health, a pleasing manner and comfort; a fair, self-reliant character.' },
  durudhara: { name: 'Durudhara Yoga', description: 'Wealth, vehicles and generosity; support on both sides through life.' },
} as const;

function moonFlanks(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const counts = (g: GrahaId) => (TARA_GRAHAS as readonly GrahaId[]).includes(g);
  const second = inHouseFrom(facts, facts.moonSign, 2);
  const twelfth = inHouseFrom(facts, facts.moonSign, 12);
  const in2 = second.filter(counts);
  const in12 = twelfth.filter(counts);
  const key = in2.length && in12.length ? 'durudhara' : in2.length ? 'sunapha' : in12.length ? 'anapha' : null;
  if (key) {
    const yoga = SECOND_TWELFTH[key];
    const parts = [in2.length ? `${namesOf(in2)} in the 2nd from the Moon` : '', in12.length ? `${namesOf(in12)} in the 12th from the Moon` : ''].filter(
      Boolean,
    );
    out.found.push(
      finding(facts, {
        id: key,
        key,
        name: yoga.name,
        category: 'chandra',
        type: 'moon_flanks',
        theme: 'Fortune & Support',
        grahas: ['moon', ...in2, ...in12],
        reference: 'moon',
        evidence: `${parts.join(', and ')} (Mars to Saturn count; the Sun and the nodes do not).`,
        source: 'Brihat Parashara Hora Shastra, ch. 37; Phaladeepika 6',
        description: yoga.description,
      }),
    );
  }
  if (options.explain && key !== 'durudhara') {
    const only = (list: readonly GrahaId[]) => list.length > 0 && list.every((g) => !counts(g));
    for (const [house, list, own] of [
      [2, second, in2],
      [12, twelfth, in12],
    ] as const) {
      if (own.length === 0 && only(list))
        out.near.push({
          key: house === 2 ? (in12.length ? 'durudhara' : 'sunapha') : in2.length ? 'durudhara' : 'anapha',
          name: house === 2 ? (in12.length ? 'Durudhara Yoga' : 'Sunapha Yoga') : in2.length ? 'Durudhara Yoga' : 'Anapha Yoga',
          category: 'chandra',
          grahas: ['moon', ...list],
          met: [],
          failed: `the ${ordinal(house)} from the Moon holds only ${namesOf(list)}, which do not count`,
        });
    }
  }
}

function chandraMangala(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const distance = houseFrom(facts, facts.moonSign, 'mars');
  const together = distance === 1;
  const opposite = distance === 7 && options.chandra_mangala === 'conjunction_or_aspect';
  if (together || opposite) {
    out.found.push(
      finding(facts, {
        id: 'chandra_mangala',
        key: 'chandra_mangala',
        name: 'Chandra-Mangala Yoga',
        category: 'chandra',
        type: together ? 'conjunction' : 'mutual_aspect',
        theme: 'Wealth & Success',
        grahas: ['moon', 'mars'],
        reference: 'signs',
        evidence: together ? `The Moon and Mars are together in one sign.` : `The Moon and Mars are in opposite signs, aspecting each other.`,
        source: 'Phaladeepika 6; Saravali (the aspect variant a modern reading)',
        description: 'Earning through enterprise and trade; a bold, restless drive for gain.',
      }),
    );
  } else if (options.explain && (distance === 7 || distance === 2 || distance === 12)) {
    out.near.push({
      key: 'chandra_mangala',
      name: 'Chandra-Mangala Yoga',
      category: 'chandra',
      grahas: ['moon', 'mars'],
      met: [],
      failed:
        distance === 7
          ? 'the Moon and Mars are opposite, not together (the aspect variant is not chosen)'
          : `Mars is in the ${ordinal(distance)} from the Moon, not with it`,
    });
  }
}

function adhi(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const placed = NATURAL_BENEFICS.filter((g) => {
    const h = houseFrom(facts, facts.moonSign, g);
    return h >= 6 && h <= 8;
  });
  const needed = options.adhi_benefics === 'all_three' ? 3 : 2;
  const houses = new Set(placed.map((g) => houseFrom(facts, facts.moonSign, g)));
  const where = placed.map((g) => `${nameOf(g)} ${ordinal(houseFrom(facts, facts.moonSign, g))}`).join(', ');
  if (placed.length >= needed) {
    out.found.push(
      finding(facts, {
        id: 'adhi',
        key: 'adhi',
        name: 'Adhi Yoga',
        category: 'chandra',
        type: 'moon_benefics',
        theme: 'Power & Status',
        grahas: ['moon', ...placed],
        reference: 'moon',
        evidence: `The benefics in the 6th, 7th and 8th from the Moon: ${where}.`,
        strength: gradeOf(houses.size, 3, `${houses.size} of the three houses (6th, 7th, 8th from the Moon) hold a benefic`),
        source: 'Brihat Parashara Hora Shastra, ch. 37; Phaladeepika 6 (graded: all three houses a leader, two a minister, one a commander)',
        description: 'Authority and comfort won through trust; the native leads, counsels or commands.',
      }),
    );
  } else if (options.explain && placed.length > 0) {
    out.near.push({
      key: 'adhi',
      name: 'Adhi Yoga',
      category: 'chandra',
      grahas: ['moon', ...placed],
      met: [`benefics in the 6th to 8th from the Moon: ${where}`],
      failed: `${needed === 3 ? 'all three' : 'two'} of Mercury, Jupiter and Venus are needed there; ${placed.length} ${placed.length === 1 ? 'is' : 'are'}`,
    });
  }
}

export const chandraYogas: YogaRule = {
  group: 'Chandra',
  needsLagna: () => false,
  evaluate(facts, options, out) {
    gajakesari(facts, options, out);
    moonFlanks(facts, options, out);
    chandraMangala(facts, options, out);
    adhi(facts, options, out);
  },
};
