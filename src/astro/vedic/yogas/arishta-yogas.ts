/**
 * Afflictions beside Kemadruma:
 *
 * - Shakata (Phaladeepika 6; Saravali): the Moon in the 6th, 8th or 12th from Jupiter; cancelled
 *   when the Moon is in a kendra from the lagna (listed with `status: cancelled`).
 * - Guru-Chandala (a modern reading, not in Parashara): Jupiter in one sign with Rahu or Ketu.
 * - Grahana (eclipse yoga, a modern reading): the Sun or the Moon in one sign with Rahu or Ketu.
 *
 * All three are read from signs, so an untimed birth has them too (Shakata without its cancellation).
 */
import type { GrahaId } from '../grahas.ts';
import { houseFrom, isKendra, nameOf, ordinal, type ChartFacts } from './chart-facts.ts';
import { finding } from './yoga-finding.ts';
import type { RuleOutput, YogaOptions, YogaRule } from './yoga-types.ts';

function shakata(facts: ChartFacts, out: RuleOutput) {
  const fromJupiter = houseFrom(facts, facts.sign.jupiter, 'moon');
  if (fromJupiter !== 6 && fromJupiter !== 8 && fromJupiter !== 12) return;
  const cancellations: string[] = [];
  if (facts.lagnaSign !== null) {
    const moonHouse = houseFrom(facts, facts.lagnaSign, 'moon');
    if (isKendra(moonHouse)) cancellations.push(`the Moon is in the ${ordinal(moonHouse)} from the lagna, a kendra`);
  }
  out.found.push(
    finding(facts, {
      id: 'shakata',
      key: 'shakata',
      name: 'Shakata Yoga',
      category: 'arishta',
      type: 'moon_jupiter',
      theme: 'Challenges',
      grahas: ['moon', 'jupiter'],
      reference: 'signs',
      evidence: `The Moon is in the ${ordinal(fromJupiter)} from Jupiter.${cancellations.length ? ` Cancelled: ${cancellations.join('; ')}.` : ''}`,
      status: cancellations.length ? 'cancelled' : 'present',
      cancellations,
      source: 'Phaladeepika 6; Saravali',
      description: 'Fortunes that rise and fall like a cart wheel; gains lost and regained.',
    }),
  );
}

function nodeJoins(facts: ChartFacts, out: RuleOutput) {
  const nodesWith = (g: GrahaId) => (['rahu', 'ketu'] as const).filter((n) => facts.sign[n] === facts.sign[g]);
  const withJupiter = nodesWith('jupiter');
  if (withJupiter.length)
    out.found.push(
      finding(facts, {
        id: 'guru_chandala',
        key: 'guru_chandala',
        name: 'Guru-Chandala Yoga',
        category: 'arishta',
        type: 'node_conjunction',
        theme: 'Challenges',
        grahas: ['jupiter', ...withJupiter],
        reference: 'signs',
        evidence: `Jupiter is in one sign with ${withJupiter.map(nameOf).join(' and ')}.`,
        source: 'Modern compilations (not in Brihat Parashara Hora Shastra)',
        description: 'Judgement and faith clouded; unorthodox views and trouble from teachers or advisers.',
      }),
    );
  for (const luminary of ['sun', 'moon'] as const) {
    const nodes = nodesWith(luminary);
    if (nodes.length)
      out.found.push(
        finding(facts, {
          id: `grahana:${luminary}`,
          key: 'grahana',
          name: 'Grahana Yoga',
          category: 'arishta',
          type: luminary === 'sun' ? 'solar' : 'lunar',
          theme: 'Challenges',
          grahas: [luminary, ...nodes],
          reference: 'signs',
          evidence: `The ${nameOf(luminary)} is in one sign with ${nodes.map(nameOf).join(' and ')}.`,
          source: 'Modern compilations (not in Brihat Parashara Hora Shastra)',
          description: luminary === 'sun' ? 'The self-image and the father shadowed: confidence won slowly.' : 'The mind shadowed: worry and changeable moods.',
        }),
      );
  }
}

export const arishtaYogas: YogaRule = {
  group: 'Arishta',
  needsLagna: () => false,
  evaluate(facts: ChartFacts, _options: YogaOptions, out: RuleOutput) {
    shakata(facts, out);
    nodeJoins(facts, out);
  },
};
