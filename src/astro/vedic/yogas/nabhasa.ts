/**
 * Nabhasa yogas (Brihat Parashara Hora Shastra, ch. 13; Saravali 12; Brihat Jataka 12), from the
 * places of the seven grahas Sun to Saturn (the nodes take no part):
 *
 * - Akriti (shape), counted from the lagna: the grahas fill exactly the houses named, every
 *   graha in one of them and each of them holding one at least (the reading that keeps the shapes
 *   apart: Gada two adjacent kendras, Sakata the 1st and 7th, Vihaga the 4th and 10th, Kamala all
 *   four kendras, and so on). Vajra and Yava split benefics (the Moon, Mercury, Jupiter, Venus)
 *   from malefics (the Sun, Mars, Saturn) and ask only where each group is.
 * - Dala: Mala, natural benefics (Mercury, Jupiter, Venus) in three kendras; Sarpa, malefics
 *   (the Sun, Mars, Saturn) in three kendras.
 * - Ashraya, by the signs' quality: Rajju all in movable signs, Musala all in fixed, Nala all in dual.
 * - Sankhya, by the number of signs the seven occupy: 7 Vallaki, 6 Dama, 5 Pasha, 4 Kedara,
 *   3 Shula, 2 Yuga, 1 Gola. Parashara gives it only when no other Nabhasa yoga holds
 *   (`nabhasa_sankhya: when_no_other`, default); `always` gives it in every chart.
 */
import type { GrahaId, SevenGraha } from '../grahas.ts';
import { houseFromLagna, isKendra, SEVEN_GRAHAS, namesOf, ordinal, type ChartFacts } from './chart-facts.ts';
import { finding } from './yoga-finding.ts';
import type { RuleOutput, YogaFinding, YogaOptions, YogaRule } from './yoga-types.ts';

const SOURCE = 'Brihat Parashara Hora Shastra, ch. 13; Saravali 12';
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => ((from - 1 + i) % 12) + 1);

interface Shape {
  key: string;
  name: string;
  /** Alternative sets of houses; the shape holds when the grahas fill one of them exactly. */
  sets: number[][];
  description: string;
}

const SHAPES: readonly Shape[] = [
  {
    key: 'gada',
    name: 'Gada Yoga',
    sets: [
      [1, 4],
      [4, 7],
      [7, 10],
      [10, 1],
    ],
    description: 'Effort rewarded with wealth; a life of steady striving and ritual observance.',
  },
  {
    key: 'sakata',
    name: 'Sakata Yoga',
    sets: [[1, 7]],
    description: 'Fortunes that turn like a cart wheel: rises and falls, and work that depends on others.',
  },
  { key: 'vihaga', name: 'Vihaga Yoga', sets: [[4, 10]], description: 'Travel and errands; a messenger\u2019s life, restless and on the move.' },
  { key: 'shringataka', name: 'Shringataka Yoga', sets: [[1, 5, 9]], description: 'Happiness in later life; fond of contest yet well regarded.' },
  {
    key: 'hala',
    name: 'Hala Yoga',
    sets: [
      [2, 6, 10],
      [3, 7, 11],
      [4, 8, 12],
    ],
    description: 'A life close to the land: farming, labour and simple abundance.',
  },
  { key: 'kamala', name: 'Kamala Yoga', sets: [[1, 4, 7, 10]], description: 'Virtue, long life and renown; many good works.' },
  {
    key: 'vapi',
    name: 'Vapi Yoga',
    sets: [
      [2, 5, 8, 11],
      [3, 6, 9, 12],
    ],
    description: 'Wealth stored up like water in a well; comfort kept rather than shown.',
  },
  { key: 'yupa', name: 'Yupa Yoga', sets: [range(1, 4)], description: 'Generosity and devotion; sacrifice and charitable works.' },
  { key: 'shara', name: 'Shara Yoga', sets: [range(4, 4)], description: 'Skill with tools and weapons; hunting, craft or hard outdoor work.' },
  { key: 'shakti', name: 'Shakti Yoga', sets: [range(7, 4)], description: 'Persistence through hardship; success late and by endurance.' },
  { key: 'danda', name: 'Danda Yoga', sets: [range(10, 4)], description: 'Service and toil; distance from family and comfort.' },
  { key: 'nauka', name: 'Nauka Yoga', sets: [range(1, 7)], description: 'Gain through water, trade and travel; fame with restlessness.' },
  { key: 'kuta', name: 'Kuta Yoga', sets: [range(4, 7)], description: 'Cunning and hard dealing; a life in rough places.' },
  { key: 'chhatra', name: 'Chhatra Yoga', sets: [range(7, 7)], description: 'Protection of others; kindness, status and happiness in later years.' },
  { key: 'chapa', name: 'Chapa Yoga', sets: [range(10, 7)], description: 'Bravery and guardianship; gains through vigilance.' },
  {
    key: 'ardha_chandra',
    name: 'Ardha Chandra Yoga',
    sets: [2, 3, 5, 6, 8, 9, 11, 12].map((h) => range(h, 7)),
    description: 'A pleasing presence and leadership; command over people and wealth.',
  },
  { key: 'chakra', name: 'Chakra Yoga', sets: [[1, 3, 5, 7, 9, 11]], description: 'Sovereign dignity: respect and honour from the powerful.' },
  { key: 'samudra', name: 'Samudra Yoga', sets: [[2, 4, 6, 8, 10, 12]], description: 'Abundance like the ocean: riches, pleasures and a generous nature.' },
];

const NABHASA_BENEFICS: readonly SevenGraha[] = ['moon', 'mercury', 'jupiter', 'venus'];
const NABHASA_MALEFICS: readonly SevenGraha[] = ['sun', 'mars', 'saturn'];

function shapes(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const house = new Map(SEVEN_GRAHAS.map((g) => [g, houseFromLagna(facts, g)]));
  const occupied = new Set(house.values());
  const push = (key: string, name: string, type: string, grahas: GrahaId[], evidence: string, description: string) =>
    out.found.push(
      finding(facts, {
        id: key,
        key,
        name,
        category: 'nabhasa',
        type,
        theme: 'Life Pattern',
        grahas,
        reference: 'lagna',
        evidence,
        source: SOURCE,
        description,
      }),
    );

  for (const shape of SHAPES) {
    for (const set of shape.sets) {
      const outside = SEVEN_GRAHAS.filter((g) => !set.includes(house.get(g)!));
      const empty = set.filter((h) => !occupied.has(h));
      const housesWords = set.map(ordinal).join(', ');
      if (outside.length === 0 && empty.length === 0) {
        push(
          shape.key,
          shape.name,
          'akriti',
          [...SEVEN_GRAHAS],
          `The seven grahas fill the ${housesWords} houses from the lagna, each of them occupied.`,
          shape.description,
        );
        break;
      }
      if (options.explain && outside.length + empty.length === 1)
        out.near.push({
          key: shape.key,
          name: shape.name,
          category: 'nabhasa',
          grahas: [...SEVEN_GRAHAS],
          met: [outside.length ? `the other grahas fill the ${housesWords}` : `every graha is in the ${housesWords}`],
          failed: outside.length ? `${namesOf(outside)} is in the ${ordinal(house.get(outside[0]!)!)}` : `the ${ordinal(empty[0]!)} is empty`,
        });
    }
  }

  const within = (group: readonly SevenGraha[], houses: readonly number[]) => group.every((g) => houses.includes(house.get(g)!));
  if (within(NABHASA_BENEFICS, [1, 7]) && within(NABHASA_MALEFICS, [4, 10]))
    push(
      'vajra',
      'Vajra Yoga',
      'akriti',
      [...SEVEN_GRAHAS],
      'The benefics (Moon, Mercury, Jupiter, Venus) are in the 1st and 7th, the malefics (Sun, Mars, Saturn) in the 4th and 10th.',
      'Happy at the start and the end of life; handsome, brave and fortunate.',
    );
  if (within(NABHASA_MALEFICS, [1, 7]) && within(NABHASA_BENEFICS, [4, 10]))
    push(
      'yava',
      'Yava Yoga',
      'akriti',
      [...SEVEN_GRAHAS],
      'The malefics (Sun, Mars, Saturn) are in the 1st and 7th, the benefics (Moon, Mercury, Jupiter, Venus) in the 4th and 10th.',
      'Happiest in middle life; charitable, steady and well provided.',
    );

  const kendrasHolding = (group: readonly SevenGraha[]) => [...new Set(group.map((g) => house.get(g)!).filter(isKendra))];
  const beneficKendras = kendrasHolding(['mercury', 'jupiter', 'venus']);
  const maleficKendras = kendrasHolding(NABHASA_MALEFICS);
  if (beneficKendras.length >= 3)
    push(
      'mala',
      'Mala Yoga',
      'dala',
      ['mercury', 'jupiter', 'venus'],
      `Mercury, Jupiter and Venus occupy three kendras (the ${beneficKendras
        .sort((a, b) => a - b)
        .map(ordinal)
        .join(', ')}).`,
      'Comfort, good company and enjoyment; a garland of pleasures.',
    );
  if (maleficKendras.length >= 3)
    push(
      'sarpa',
      'Sarpa Yoga',
      'dala',
      [...NABHASA_MALEFICS],
      `The Sun, Mars and Saturn occupy three kendras (the ${maleficKendras
        .sort((a, b) => a - b)
        .map(ordinal)
        .join(', ')}).`,
      'Hardship and harshness; dependence on others, relieved by the benefics.',
    );
}

const ASHRAYA = [
  { key: 'rajju', name: 'Rajju Yoga', quality: 0, words: 'movable', description: 'Love of travel and change; ambition that looks abroad.' },
  { key: 'musala', name: 'Musala Yoga', quality: 1, words: 'fixed', description: 'Steadiness, pride and firm possessions; a settled, resolute life.' },
  { key: 'nala', name: 'Nala Yoga', quality: 2, words: 'dual', description: 'Versatility and skill; resources gathered by many means.' },
] as const;

const SANKHYA: Readonly<Record<number, { key: string; name: string; description: string }>> = {
  7: { key: 'vallaki', name: 'Vallaki (Veena) Yoga', description: 'Many interests and friends; a love of music and the arts.' },
  6: { key: 'dama', name: 'Dama Yoga', description: 'Generosity and renown; helpful to many.' },
  5: { key: 'pasha', name: 'Pasha Yoga', description: 'Bound to work and to many ties; skilled, with a large circle.' },
  4: { key: 'kedara', name: 'Kedara Yoga', description: 'Useful to others; gains from land and agriculture.' },
  3: { key: 'shula', name: 'Shula Yoga', description: 'Sharp, daring and combative; gains through conflict.' },
  2: { key: 'yuga', name: 'Yuga Yoga', description: 'Unconventional views; fortunes that swing between extremes.' },
  1: { key: 'gola', name: 'Gola Yoga', description: 'A narrow, hard-won life; learning and means that come slowly.' },
};

function signCounts(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  const signs = SEVEN_GRAHAS.map((g) => facts.sign[g]);
  const push = (key: string, name: string, type: string, evidence: string, description: string): YogaFinding => {
    const f = finding(facts, {
      id: key,
      key,
      name,
      category: 'nabhasa',
      type,
      theme: 'Life Pattern',
      grahas: [...SEVEN_GRAHAS],
      reference: 'signs',
      evidence,
      source: SOURCE,
      description,
    });
    out.found.push(f);
    return f;
  };
  for (const a of ASHRAYA)
    if (signs.every((s) => s % 3 === a.quality)) push(a.key, a.name, 'ashraya', `All seven grahas are in ${a.words} signs.`, a.description);
  const count = new Set(signs).size;
  const other = out.found.some((f) => f.category === 'nabhasa');
  if (options.nabhasa_sankhya === 'always' || !other) {
    const s = SANKHYA[count]!;
    const note =
      facts.lagnaSign === null && options.nabhasa_sankhya === 'when_no_other' ? ' (the shape yogas, counted from the lagna, could not be checked)' : '';
    push(s.key, s.name, 'sankhya', `The seven grahas occupy ${count} sign${count === 1 ? '' : 's'}${note}.`, s.description);
  }
}

export const nabhasaShapeYogas: YogaRule = { group: 'Nabhasa akriti and dala', needsLagna: () => true, evaluate: shapes };
export const nabhasaSignYogas: YogaRule = { group: 'Nabhasa ashraya and sankhya', needsLagna: () => false, evaluate: signCounts };
