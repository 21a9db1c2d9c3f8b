/**
 * The five Pancha Mahapurusha yogas (Brihat Parashara Hora Shastra, ch. 75; Phaladeepika 6):
 * Mars, Mercury, Jupiter, Venus or Saturn in a kendra from the lagna in its own sign (its
 * moolatrikona included) or its exaltation sign. Graded: exalted strong; own sign or moolatrikona
 * moderate; combust, or joined by the Sun or the Moon (which Saravali says spoils the yoga's
 * royal result), weak.
 */
import { houseFrom, isKendra, nameOf, ordinal, TARA_GRAHAS, type ChartFacts } from './chart-facts.ts';
import { finding, strength } from './yoga-finding.ts';
import type { RuleOutput, YogaOptions, YogaRule } from './yoga-types.ts';

const MAHAPURUSHA: Readonly<Record<string, { key: string; name: string; description: string }>> = {
  mars: { key: 'ruchaka', name: 'Ruchaka Yoga', description: 'Courage, physical vigour and command; a leader of action.' },
  mercury: { key: 'bhadra', name: 'Bhadra Yoga', description: 'A quick, articulate intellect; skill in learning, speech and trade.' },
  jupiter: { key: 'hamsa', name: 'Hamsa Yoga', description: 'Wisdom, righteousness and respect; a counsellor or teacher others trust.' },
  venus: { key: 'malavya', name: 'Malavya Yoga', description: 'Charm, refinement and comfort; a love of beauty, art and pleasure.' },
  saturn: { key: 'sasa', name: 'Sasa Yoga', description: 'Endurance, discipline and authority over people and resources.' },
};

const dignityWords = (d: string | null) => (d === 'exalted' ? 'exalted' : d === 'moolatrikona' ? 'in its moolatrikona' : 'in its own sign');

function evaluate(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const references: { name: string; sign: number }[] = [];
  if (facts.lagnaSign !== null) references.push({ name: 'lagna', sign: facts.lagnaSign });
  if (options.mahapurusha_from === 'lagna_or_moon') references.push({ name: 'Moon', sign: facts.moonSign });
  for (const graha of TARA_GRAHAS) {
    const yoga = MAHAPURUSHA[graha]!;
    const d = facts.dignity[graha];
    const dignified = d === 'exalted' || d === 'moolatrikona' || d === 'own_sign';
    if (references.length === 0) return;
    const kendraFrom = references.find((r) => isKendra(houseFrom(facts, r.sign, graha)));
    if (dignified && kendraFrom) {
      const house = houseFrom(facts, kendraFrom.sign, graha);
      const spoilers = facts.occupants[facts.sign[graha]]!.filter((g) => g === 'sun' || g === 'moon');
      const weak = facts.combust[graha] || spoilers.length > 0;
      const grade = weak
        ? strength(
            'weak',
            0.34,
            facts.combust[graha] ? `${nameOf(graha)} is combust` : `${nameOf(graha)} is joined by the ${spoilers.map(nameOf).join(' and ')}`,
          )
        : d === 'exalted'
          ? strength('strong', 1, `${nameOf(graha)} exalted`)
          : strength('moderate', 0.67, `${nameOf(graha)} in its own sign`);
      out.found.push(
        finding(facts, {
          id: yoga.key,
          key: yoga.key,
          name: yoga.name,
          category: 'pancha_mahapurusha',
          type: 'mahapurusha',
          theme: 'Character & Fame',
          grahas: [graha],
          reference: kendraFrom.name === 'lagna' ? 'lagna' : 'moon',
          evidence: `${nameOf(graha)} is ${dignityWords(d)} in the ${ordinal(house)} house from the ${kendraFrom.name}, a kendra.`,
          strength: grade,
          source: 'Brihat Parashara Hora Shastra (Mahapurusha yogas); Phaladeepika 6',
          description: yoga.description,
        }),
      );
    } else if (options.explain && (dignified || (references[0] && isKendra(houseFrom(facts, references[0].sign, graha))))) {
      const ref = references[0]!;
      const house = houseFrom(facts, ref.sign, graha);
      out.near.push({
        key: yoga.key,
        name: yoga.name,
        category: 'pancha_mahapurusha',
        grahas: [graha],
        met: [dignified ? `${nameOf(graha)} is ${dignityWords(d)}` : `${nameOf(graha)} is in the ${ordinal(house)} house from the ${ref.name}, a kendra`],
        failed: dignified
          ? `${nameOf(graha)} is in the ${ordinal(house)} house from the ${ref.name}, not a kendra`
          : `${nameOf(graha)} is not in its own or exaltation sign (${d ?? 'no dignity'})`,
      });
    }
  }
}

export const mahapurushaYogas: YogaRule = { group: 'Pancha Mahapurusha', needsLagna: (o) => o.mahapurusha_from === 'lagna', evaluate };
