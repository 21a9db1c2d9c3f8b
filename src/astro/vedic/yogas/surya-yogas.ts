/**
 * The Sun's yogas (Brihat Parashara Hora Shastra, ch. 37; Phaladeepika 6): Vesi (a graha in the
 * 2nd from the Sun), Vasi (in the 12th), Ubhayachari (both), counting Mars to Saturn (not the
 * Moon or the nodes); and Budhaditya, the Sun and Mercury in one sign, graded by Mercury's
 * combustion. None needs the lagna.
 */
import type { GrahaId } from '../grahas.ts';
import { houseFrom, inHouseFrom, namesOf, ordinal, TARA_GRAHAS, type ChartFacts } from './chart-facts.ts';
import { longitudeDistance } from '../combustion.ts';
import { finding, strength } from './yoga-finding.ts';
import type { RuleOutput, YogaOptions, YogaRule } from './yoga-types.ts';

const FLANKS = {
  vesi: { name: 'Vesi Yoga', description: 'Truthfulness, steady effort and a balanced outlook; a good name.' },
  vasi: { name: 'Vasi Yoga', description: 'Generosity, skill and the favour of those in power.' },
  ubhayachari: { name: 'Ubhayachari Yoga', description: 'Eloquence, standing and resources on every side; a kingly bearing.' },
} as const;

function sunFlanks(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const counts = (g: GrahaId) => (TARA_GRAHAS as readonly GrahaId[]).includes(g);
  const second = inHouseFrom(facts, facts.sunSign, 2);
  const twelfth = inHouseFrom(facts, facts.sunSign, 12);
  const in2 = second.filter(counts);
  const in12 = twelfth.filter(counts);
  const key = in2.length && in12.length ? 'ubhayachari' : in2.length ? 'vesi' : in12.length ? 'vasi' : null;
  if (key) {
    const parts = [in2.length ? `${namesOf(in2)} in the 2nd from the Sun` : '', in12.length ? `${namesOf(in12)} in the 12th from the Sun` : ''].filter(Boolean);
    out.found.push(
      finding(facts, {
        id: key,
        key,
        name: FLANKS[key].name,
        category: 'surya',
        type: 'sun_flanks',
        theme: 'Fortune & Support',
        grahas: ['sun', ...in2, ...in12],
        reference: 'sun',
        evidence: `${parts.join(', and ')} (Mars to Saturn count; the Moon and the nodes do not).`,
        source: 'Brihat Parashara Hora Shastra, ch. 37; Phaladeepika 6',
        description: FLANKS[key].description,
      }),
    );
  } else if (options.explain) {
    const others = [...second, ...twelfth].filter((g) => !counts(g));
    if (others.length)
      out.near.push({
        key: 'vesi',
        name: 'Vesi / Vasi Yoga',
        category: 'surya',
        grahas: ['sun', ...others],
        met: [],
        failed: `the 2nd and 12th from the Sun hold only ${namesOf(others)}, which do not count`,
      });
  }
}

function budhaditya(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const distance = houseFrom(facts, facts.sunSign, 'mercury');
  if (distance === 1) {
    const gap = longitudeDistance(facts.longitude.sun, facts.longitude.mercury);
    const grade = facts.combust.mercury
      ? strength('weak', 0.34, `Mercury is combust (${gap.toFixed(1)}° from the Sun)`)
      : strength('strong', 1, `Mercury is clear of combustion (${gap.toFixed(1)}° from the Sun)`);
    out.found.push(
      finding(facts, {
        id: 'budhaditya',
        key: 'budhaditya',
        name: 'Budhaditya Yoga',
        category: 'surya',
        type: 'conjunction',
        theme: 'Intellect & Learning',
        grahas: ['sun', 'mercury'],
        reference: 'signs',
        evidence: `The Sun and Mercury are together in one sign.`,
        strength: grade,
        source: 'Phaladeepika 6 (Nipuna yoga); graded by combustion as most modern authors do',
        description: 'A clever, well-spoken mind; skill, learning and recognition for it.',
      }),
    );
  } else if (options.explain) {
    out.near.push({
      key: 'budhaditya',
      name: 'Budhaditya Yoga',
      category: 'surya',
      grahas: ['sun', 'mercury'],
      met: [],
      failed: `Mercury is in the ${ordinal(distance)} sign from the Sun, not with it`,
    });
  }
}

export const suryaYogas: YogaRule = {
  group: 'Surya',
  needsLagna: () => false,
  evaluate(facts, options, out) {
    sunFlanks(facts, options, out);
    budhaditya(facts, options, out);
  },
};
