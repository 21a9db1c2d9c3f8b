/**
 * Every word the synastry family says about a relationship: point and aspect labels, the
 * archetypes' labels and one-liners, the text of a contact or an overlay, the headlines of the
 * couple's day. Written for this service (English, neutral tone).
 */
import { POINT_NAMES } from '../../../astro/bodies.ts';
import type { ArchetypeId } from '../../../astro/synastry-model.ts';

/** A point's display name from the one table of them; synastry spells the Descendant `dsc` where the catalogue has `dc`. */
export const pointLabel = (id: string) => POINT_NAMES[id === 'dsc' ? 'dc' : id] ?? id;

export const aspectLabel = (type: string) =>
  type
    .split('_')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('-');

/** What a point stands for in a relationship, as a noun phrase. */
const POINT_MEANINGS: Record<string, string> = {
  sun: 'sense of self',
  moon: 'emotional needs',
  mercury: 'way of thinking and talking',
  venus: 'way of loving',
  mars: 'drive and desire',
  jupiter: 'optimism and generosity',
  saturn: 'sense of duty and limits',
  uranus: 'need for freedom',
  neptune: 'dreams and ideals',
  pluto: 'depth and need for control',
  true_node: 'direction in life',
  mean_node: 'direction in life',
  south_node: 'old habits',
  chiron: 'old wounds',
  lilith: 'untamed side',
  true_lilith: 'untamed side',
  asc: 'outward manner',
  mc: 'public aims',
  dsc: 'idea of a partner',
  ic: 'private roots',
  vertex: 'sense of fated encounters',
  part_of_fortune: 'ease and luck',
};
const meaning = (id: string) => POINT_MEANINGS[id] ?? 'lesser themes';

const ASPECT_PHRASES: Record<string, string> = {
  conjunction: 'merges with',
  opposition: 'faces',
  trine: 'flows easily with',
  square: 'rubs against',
  sextile: 'opens a door to',
  quincunx: 'keeps adjusting to',
  semi_sextile: 'brushes against',
  semi_square: 'irritates',
  sesquiquadrate: 'unsettles',
  quintile: 'sparks ideas in',
};
const ASPECT_ADVICE: Record<string, string> = {
  conjunction: 'This contact is hard to ignore: it colours how the two of you meet.',
  opposition: 'Each sees in the other what they lack; balance comes from meeting halfway.',
  trine: 'Little effort is needed here; the ease is worth using on purpose.',
  square: 'Friction here asks for patience, and it can push both of you to grow.',
  sextile: 'A chance that pays when one of you takes the first step.',
};
const MINOR_ADVICE = 'A subtle contact, felt more over time than at first.';

export function contactText(a: string, b: string, type: string): { title: string; summary: string } {
  return {
    title: `A's ${pointLabel(a)} ${aspectLabel(type).toLowerCase()} B's ${pointLabel(b)}`,
    summary: `A's ${meaning(a)} ${ASPECT_PHRASES[type] ?? 'touches'} B's ${meaning(b)}. ${ASPECT_ADVICE[type] ?? MINOR_ADVICE}`,
  };
}

const HOUSE_AREAS = [
  'identity and first impressions',
  'money and values',
  'daily talk and siblings',
  'home and family',
  'play, romance and creativity',
  'routines and health',
  'partnership',
  'shared resources and intimacy',
  'beliefs and travel',
  'career and standing',
  'friends and hopes',
  'the hidden and the private',
];

export function overlayText(owner: 'a' | 'b', point: string, house: number): { title: string; summary: string } {
  const other = owner === 'a' ? 'B' : 'A';
  const self = owner === 'a' ? 'A' : 'B';
  return {
    title: `${self}'s ${pointLabel(point)} in ${other}'s house ${house}`,
    summary: `${self}'s ${meaning(point)} lands in ${other}'s area of ${HOUSE_AREAS[house - 1]}: ${other} feels it there first.`,
  };
}

export const ARCHETYPE_WORDS: Record<ArchetypeId, { label: string; one_liner: string }> = {
  soulmates: { label: 'Soulmates', one_liner: 'Warmth, desire and ease line up: a bond that feels familiar from the start.' },
  kindred_spirits: { label: 'Kindred Spirits', one_liner: 'Friends at heart: easy company with little to fight over.' },
  opposites_attract: { label: 'Opposites Attract', one_liner: 'Each holds what the other lacks, and the pull runs across the divide.' },
  karmic_lesson: { label: 'Karmic Lesson', one_liner: 'Serious ties that test both of you and leave you wiser.' },
  steady_rock: { label: 'Steady Rock', one_liner: 'Calm, reliable and low in drama: a base to build on.' },
  intellectual_powerhouse: { label: 'Intellectual Powerhouse', one_liner: 'Minds that sharpen each other and plans that keep getting bigger.' },
  magnetic_attraction: { label: 'Magnetic Attraction', one_liner: 'Strong chemistry that draws you back to each other.' },
  long_term_anchor: { label: 'Long-Term Anchor', one_liner: 'Built for the long run: commitment comes naturally.' },
  mental_synergy: { label: 'Mental Synergy', one_liner: 'Talking is the glue: you understand each other quickly.' },
  volatile_spark: { label: 'Volatile Spark', one_liner: 'Hot attraction and hot tempers, often on the same day.' },
  catalyst_for_change: { label: 'Catalyst for Change', one_liner: 'Not always comfortable, but neither of you stays the same.' },
  deep_bond: { label: 'Deep Bond', one_liner: 'Emotional depth and closeness that grows with time.' },
  balanced_connection: { label: 'Balanced Connection', one_liner: 'No single theme dominates: a relationship shaped by what you make of it.' },
  discordant_layout: { label: 'Discordant Layout', one_liner: 'The charts pull in different directions: it takes work and good will.' },
};

export const BUCKET_DEFINITIONS: Record<string, string> = {
  overall: '0.8 × the mean of the five domain scores + 0.2 × (100 − tension)',
  romance: 'Contacts of Sun, Venus, Mars, Neptune, the Ascendant, Descendant and Vertex',
  communication: 'Contacts of Mercury',
  stability: 'Contacts of Moon, Saturn, the Descendant, Midheaven and Imum Coeli',
  intimacy: 'Contacts of Moon, Venus, Mars, Pluto, Lilith and the Imum Coeli',
  growth: 'Contacts of Sun, Jupiter, Uranus, Pluto, the nodes, Chiron and the Midheaven',
  tension: 'The challenging contacts (squares, oppositions, hard minor aspects, conjunctions of two malefics)',
};

export const DAY_TONE_HEADLINES: Record<string, Record<string, string>> = {
  romantic: {
    supportive: 'A warm day for the two of you: good for plans, affection and making up.',
    challenging: 'A touchy day: go slowly with each other and leave big talks for later.',
    mixed: 'Sweet and sharp by turns: name what you need before it turns into a mood.',
    quiet: 'A quiet day between you: small gestures count most.',
  },
  friendship: {
    supportive: 'A good day to meet, share news and count on each other.',
    challenging: 'Patience helps today: a small slight could look bigger than it is.',
    mixed: 'Good company with a few rough edges: keep it light.',
    quiet: 'Not much moves between you today: a short message keeps the thread.',
  },
};

/** What a contact gives when it works, by aspect (the cards' supportive block). */
const ASPECT_GIFTS: Record<string, string> = {
  conjunction: 'Together these two parts act as one, and the pair feels it at once.',
  opposition: 'Each supplies what the other lacks, and the pair is more complete for it.',
  trine: 'They agree without being asked to, which makes the shared days easy.',
  square: 'The push between them keeps the pair from settling for less than it could be.',
  sextile: 'Small, willing efforts here come back larger than they went in.',
};
/** What a contact costs when it does not, by aspect (the cards' challenging block). */
const ASPECT_CAUTIONS: Record<string, string> = {
  conjunction: 'So close that one can drown out the other; room for each is part of the bond.',
  opposition: 'The same pull can turn into a tug of war when neither gives ground.',
  trine: 'Ease can slide into taking each other for granted.',
  square: 'Tempers meet here first; a pause before answering saves a quarrel.',
  sextile: 'Left alone the chance fades; nothing here happens by itself.',
};
const MINOR_GIFT = 'A quiet contact that rewards attention paid over time.';
const MINOR_CAUTION = 'Easy to overlook, and so easy to let grate unnoticed.';

/** The two readings of a contact on a synastry card: what helps, and what to watch. */
export function contactBlocks(a: string, b: string, type: string) {
  const pair = `${pointLabel(a)} ${aspectLabel(type).toLowerCase()} ${pointLabel(b)}`;
  return {
    supportive: {
      title: `${pair}: what helps`,
      one_liner: `A's ${meaning(a)} can back up B's ${meaning(b)}.`,
      insight: ASPECT_GIFTS[type] ?? MINOR_GIFT,
    },
    challenging: {
      title: `${pair}: what to watch`,
      one_liner: `A's ${meaning(a)} and B's ${meaning(b)} can pull different ways.`,
      insight: ASPECT_CAUTIONS[type] ?? MINOR_CAUTION,
    },
  };
}

/** The tone of the bond on the cards, by the overall score. */
export function bondTone(overall: number): string {
  if (overall >= 70) return 'warm and easy';
  if (overall >= 55) return 'steady, with give and take';
  if (overall >= 45) return 'mixed: close in some areas, apart in others';
  return 'demanding: the pair has to work at it';
}
