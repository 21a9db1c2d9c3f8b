/**
 * Viparita raja yogas (Brihat Parashara Hora Shastra, ch. 39; named Harsha, Sarala and Vimala in
 * Uttara Kalamrita and the later compilations): the lord of a dusthana in a dusthana. The lord of
 * the 6th in the 6th, 8th or 12th is Harsha; of the 8th, Sarala; of the 12th, Vimala. A graha
 * that rules two dusthanas forms one yoga for each.
 */
import { houseFromLagna, isDusthana, lordOfHouse, nameOf, ordinal, type ChartFacts } from './chart-facts.ts';
import { finding } from './yoga-finding.ts';
import type { RuleOutput, YogaOptions, YogaRule } from './yoga-types.ts';

const VIPARITA = [
  { house: 6, key: 'harsha', name: 'Harsha Yoga', description: 'Victory over rivals and illness; good health, courage and happiness.' },
  { house: 8, key: 'sarala', name: 'Sarala Yoga', description: 'Fearlessness, long life and steady prosperity; obstacles turn to gain.' },
  { house: 12, key: 'vimala', name: 'Vimala Yoga', description: 'Thrift, independence and a good name; losses held in check.' },
] as const;

function evaluate(facts: ChartFacts, _options: YogaOptions, out: RuleOutput) {
  for (const v of VIPARITA) {
    const lord = lordOfHouse(facts, v.house);
    const house = houseFromLagna(facts, lord);
    if (isDusthana(house)) {
      out.found.push(
        finding(facts, {
          id: v.key,
          key: v.key,
          name: v.name,
          category: 'raja',
          type: 'viparita',
          theme: 'Power & Status',
          grahas: [lord],
          reference: 'lagna',
          evidence: `${nameOf(lord)}, lord of the ${ordinal(v.house)}, is in the ${ordinal(house)}, a dusthana.`,
          source: 'Brihat Parashara Hora Shastra, ch. 39; Uttara Kalamrita (names)',
          description: v.description,
        }),
      );
    }
  }
}

export const viparitaYogas: YogaRule = { group: 'Viparita raja', needsLagna: () => true, evaluate };
