/**
 * Kemadruma (Brihat Parashara Hora Shastra, ch. 37; Phaladeepika 6; Saravali 13): no graha in
 * the 2nd or the 12th sign from the Moon. Which grahas count is where schools differ: Parashara
 * counts Mars to Saturn (the Sun and the nodes do not form or undo the Moon's flanking yogas);
 * others count the Sun, the nodes or both (`kemadruma_grahas`). It is cancelled (Kemadruma
 * bhanga, Phaladeepika 6 and the later compilations) when a counted graha is in a kendra from the
 * lagna or from the Moon (joining the Moon included), or Jupiter aspects the Moon; a cancelled
 * Kemadruma is listed with `status: cancelled` and its cancellations, not as active.
 */
import type { GrahaId } from '../grahas.ts';
import { aspects, houseFrom, inHouseFrom, isKendra, namesOf, TARA_GRAHAS, type ChartFacts } from './chart-facts.ts';
import { finding } from './yoga-finding.ts';
import type { RuleOutput, YogaOptions, YogaRule } from './yoga-types.ts';

export function kemadrumaGrahas(options: YogaOptions): GrahaId[] {
  const set: GrahaId[] = [...TARA_GRAHAS];
  if (options.kemadruma_grahas === 'with_sun' || options.kemadruma_grahas === 'with_sun_and_nodes') set.push('sun');
  if (options.kemadruma_grahas === 'with_nodes' || options.kemadruma_grahas === 'with_sun_and_nodes') set.push('rahu', 'ketu');
  return set;
}

function evaluate(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const counted = kemadrumaGrahas(options);
  const flanking = [...inHouseFrom(facts, facts.moonSign, 2), ...inHouseFrom(facts, facts.moonSign, 12)].filter((g) => counted.includes(g));
  if (flanking.length > 0) return;
  const cancellations: string[] = [];
  if (facts.lagnaSign !== null) {
    const inKendra = counted.filter((g) => isKendra(houseFrom(facts, facts.lagnaSign!, g)));
    if (inKendra.length) cancellations.push(`${namesOf(inKendra)} in a kendra from the lagna`);
  }
  const fromMoon = counted.filter((g) => isKendra(houseFrom(facts, facts.moonSign, g)));
  if (fromMoon.length) cancellations.push(`${namesOf(fromMoon)} in a kendra from the Moon`);
  if (aspects(facts, 'jupiter', 'moon')) cancellations.push('Jupiter aspects the Moon');
  const countedWords =
    options.kemadruma_grahas === 'five'
      ? 'Mars to Saturn'
      : `Mars to Saturn${counted.includes('sun') ? ', the Sun' : ''}${counted.includes('rahu') ? ', Rahu and Ketu' : ''}`;
  out.found.push(
    finding(facts, {
      id: 'kemadruma',
      key: 'kemadruma',
      name: 'Kemadruma Yoga',
      category: 'arishta',
      type: 'moon_unsupported',
      theme: 'Challenges',
      grahas: ['moon'],
      reference: 'moon',
      evidence: `No graha (${countedWords}) is in the 2nd or the 12th from the Moon.${cancellations.length ? ` Cancelled: ${cancellations.join('; ')}.` : ''}`,
      status: cancellations.length ? 'cancelled' : 'present',
      cancellations,
      source: 'Brihat Parashara Hora Shastra, ch. 37; Phaladeepika 6 (cancellations)',
      description: 'A Moon without support: struggle, want and loneliness in its periods unless cancelled.',
    }),
  );
}

export const kemadrumaYoga: YogaRule = { group: 'Kemadruma', needsLagna: () => false, evaluate };
