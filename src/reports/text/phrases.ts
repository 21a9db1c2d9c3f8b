/**
 * The report's own small vocabulary: names of points, what each planet stands for, the style of
 * each sign and the domain of each house. The stitching text between library entries is built
 * from these, so that a transition can say something true about this chart in a few words.
 */
import { POINT_NAMES } from '../../astro/bodies.ts';
import type { LunationPhase } from '../../astro/progressed-events.ts';
import { joinAnd } from './report-markdown.ts';

export { POINT_NAMES };

/** A point's name inside a sentence ("the Sun", "Mercury", "the Ascendant"). */
export function pointInSentence(id: string): string {
  return nameInSentence(POINT_NAMES[id] ?? id);
}

/** Names that take an article in running prose, as headings and tables write them without one. */
const ARTICLED_NAMES = new Set(['Sun', 'Moon', 'North Node', 'South Node', 'Ascendant', 'Midheaven', 'Descendant']);

/** A point's display name inside a sentence: "Sun" → "the Sun", "Mercury" → "Mercury". */
export function nameInSentence(name: string): string {
  return ARTICLED_NAMES.has(name) ? `the ${name}` : name;
}

/** Points inside a sentence, joined ("the Sun, Mercury and the Moon"). */
export function pointsInSentence(ids: readonly string[]): string {
  return joinAnd(ids.map(pointInSentence));
}

/** An aspect inside a sentence, as the untimed and ranking passages name it: "the Sun's square with the Moon", "Mercury's trine with Uranus". */
export function aspectInSentence(p1: string, type: string, p2: string): string {
  return `${pointInSentence(p1)}'s ${type} with ${pointInSentence(p2)}`;
}

/** What each point stands for, as a noun phrase that follows "your" naturally. */
export const POINT_FUNCTION: Record<string, string> = {
  sun: 'sense of purpose',
  moon: 'emotional needs',
  mercury: 'way of thinking and speaking',
  venus: 'way of loving and valuing',
  mars: 'drive and assertiveness',
  jupiter: 'appetite for growth and meaning',
  saturn: 'relationship with duty and limits',
  uranus: 'need for freedom and change',
  neptune: 'imagination and longing for the ideal',
  pluto: 'capacity for deep renewal',
  chiron: 'most sensitive place',
  north_node: 'direction of growth',
  lilith: 'untamed side',
  asc: 'way of meeting the world',
  mc: 'public direction',
};

/**
 * The same functions in a word or two, for a sentence that comes back to the point after naming
 * it in full ("a step that your independence would rather skip"): always a singular noun phrase.
 */
export const POINT_PART: Record<string, string> = {
  sun: 'your purpose',
  moon: 'your emotional life',
  mercury: 'your thinking',
  venus: 'your heart',
  mars: 'your drive',
  jupiter: 'your hunger for meaning',
  saturn: 'your sense of duty',
  uranus: 'your independence',
  neptune: 'your imagination',
  pluto: 'your power to renew yourself',
  chiron: 'the old hurt',
  north_node: 'your sense of direction',
  lilith: 'your wilder self',
  asc: 'your outward manner',
  mc: 'your ambition',
};

/**
 * What one side of a figure stands for: a point's function in full ("your way of thinking and
 * speaking"), or the short forms of several ("your sense of duty and your emotional life"), since
 * full functions joined by "and" run together where one of them has an "and" of its own.
 */
export function sideFunctions(ids: readonly string[]): string {
  return ids.length === 1 ? `your ${POINT_FUNCTION[ids[0]!]}` : joinAnd(ids.map((id) => POINT_PART[id]!));
}

/** The manner a sign lends to whatever stands in it. */
export const SIGN_STYLE: Record<string, string> = {
  aries: 'directness and a readiness to act first',
  taurus: 'patience and a wish for steady ground',
  gemini: 'curiosity and a light, quick touch',
  cancer: 'protectiveness and a wish to care',
  leo: 'warmth and a wish to be seen',
  virgo: 'attention to detail and a wish to be useful',
  libra: 'tact and a keen sense of fairness',
  scorpio: 'intensity and a need for trust',
  sagittarius: 'optimism and a hunger for meaning',
  capricorn: 'seriousness and a long view',
  aquarius: 'independence and an eye for the unconventional',
  pisces: 'sensitivity and a wide imagination',
};

/**
 * What a sign asks of comfort and home, for the Moon, the IC and the 4th house, and the progressed
 * Moon: the chapters that read care, each with words of its own rather than SIGN_STYLE's again.
 */
export const SIGN_CARE: Record<string, string> = {
  aries: 'quick encouragement and room to move',
  taurus: 'steady routines, good food and physical ease',
  gemini: 'talk, news and a lively household',
  cancer: 'closeness, shared memories and a protected nest',
  leo: 'warm praise and open affection',
  virgo: 'practical help and things done properly',
  libra: 'calm, courtesy and pleasing surroundings',
  scorpio: 'loyalty, privacy and deep trust',
  sagittarius: 'freedom, humour and open horizons',
  capricorn: 'reliability, structure and quiet duty',
  aquarius: 'friendship, space and acceptance of difference',
  pisces: 'gentleness, imagination and quiet understanding',
};

/** What a sign looks for in love and in a partner, for Venus and the Descendant. */
export const SIGN_LOVE: Record<string, string> = {
  aries: 'boldness and a spark of challenge',
  taurus: 'constancy and an unhurried warmth',
  gemini: 'wit, conversation and variety',
  cancer: 'tenderness and a sense of belonging',
  leo: 'admiration, loyalty and generous gestures',
  virgo: 'thoughtful care shown in small services',
  libra: 'harmony, grace and partnership as an art',
  scorpio: 'depth, intensity and complete trust',
  sagittarius: 'adventure, honesty and room to roam',
  capricorn: 'commitment, respect and proven reliability',
  aquarius: 'friendship, independence and originality',
  pisces: 'devotion, romance and compassion',
};

/** What a sign brings to work and standing, for the Midheaven, the 10th and 6th houses and Saturn. */
export const SIGN_WORK: Record<string, string> = {
  aries: 'initiative and a readiness to lead',
  taurus: 'patience and work that builds lasting value',
  gemini: 'versatility, communication and quick learning',
  cancer: 'care for people and a protective instinct',
  leo: 'visibility, creativity and leadership',
  virgo: 'precision, skill and useful service',
  libra: 'diplomacy, fairness and a sense of design',
  scorpio: 'focus, investigation and the nerve to face what others avoid',
  sagittarius: 'teaching, exploration and a larger view',
  capricorn: 'responsibility, strategy and long-range goals',
  aquarius: 'innovation, teamwork and independent thinking',
  pisces: 'imagination, empathy and service to others',
};

/**
 * What each house is about, in four phrasings (ReportContext.houseDomain names a house's matters in the next one each
 * time: one wording eight times in a report read as a form). Each reads in every sentence that names a house's matters:
 * "your 6th house (…)", "the house of …", "approach … with", "met through …"; the grammar check knows each one's number.
 */
export const HOUSE_DOMAINS: Record<number, readonly string[]> = {
  1: [
    'how you present yourself and begin things',
    'self-presentation and new beginnings',
    'your manner, your body and your first moves',
    'personal initiative and first impressions',
  ],
  2: ['money, possessions and self-worth', 'what you earn, own and value', 'income and the things you keep', 'your resources and your sense of worth'],
  3: [
    'learning, conversation and your near surroundings',
    'everyday exchange, siblings and the neighbourhood',
    'study, writing and short journeys',
    'the daily traffic of ideas and messages',
  ],
  4: ['home, family and roots', 'your private base and your family ties', 'home life and where you come from', 'the household and the past you carry'],
  5: [
    'creativity, play and romance',
    'pleasure, self-expression and love affairs',
    'what you make and enjoy for its own sake',
    'romance, children and creative risk',
  ],
  6: ['work, routines and the care of daily life', 'daily duties and health', 'the working day and its habits', "service, skill and the body's upkeep"],
  7: ['close partnerships', 'committed one-to-one bonds', 'marriage and lasting agreements', 'the partners you choose'],
  8: [
    'intimacy, trust and what you share with others',
    'shared money, debts and deep bonds',
    'joint resources and emotional exchange',
    'the deep ties you hold in common with others',
  ],
  9: [
    'beliefs, travel and higher learning',
    'far horizons and the search for meaning',
    'study, faith and long journeys',
    'philosophy, publishing and foreign places',
  ],
  10: ['vocation and public standing', 'career and reputation', 'your public role and your ambitions', 'the work you are known for'],
  11: [
    'friendship, groups and hopes for the future',
    'friends, networks and shared causes',
    'the groups you belong to and your long-range wishes',
    'allies, communities and plans for the future',
  ],
  12: [
    'solitude, the inner life and the work done behind the scenes',
    'retreat, privacy and the unseen',
    'quiet work behind the scenes and time alone',
    'the hidden inner life and what you keep private',
  ],
};

/** Where the North Node in each sign points. */
export const NODE_DIRECTION: Record<string, string> = {
  aries: 'acting on your own initiative instead of waiting for agreement',
  taurus: 'building simple, steady security at your own pace',
  gemini: 'curiosity, listening and honest everyday exchange',
  cancer: 'emotional openness and a place where you belong',
  leo: 'creative self-expression and leading with the heart',
  virgo: 'practical service and care taken over small things',
  libra: 'cooperation and partnership between equals',
  scorpio: 'depth, trust and letting yourself be changed by others',
  sagittarius: 'faith in a larger meaning and the courage to explore',
  capricorn: 'responsibility and long-term, purposeful effort',
  aquarius: 'community and an original contribution to it',
  pisces: 'compassion, imagination and trust in what you cannot control',
};

/**
 * Where the North Node in each house points: a timed chart's node is read by house (sections/nodes-chiron.ts), and the
 * synthesis's suggestion follows it (a Kiruna reader met the node's 1st house read as standing on your own feet and its
 * Libra, in the synthesis, as partnership between equals).
 */
export const NODE_HOUSE_DIRECTION: Record<number, string> = {
  1: 'standing on your own feet and deciding for yourself who you are',
  2: 'building resources of your own and trusting your own values',
  3: 'curiosity, plain talk and the people and places close at hand',
  4: 'a home and an inner life of your own making',
  5: 'play, making things and the risk of being seen to enjoy yourself',
  6: 'useful daily work, good habits and care of the body',
  7: 'partnership, listening and meeting others halfway',
  8: 'sharing, trusting and letting yourself be changed by others',
  9: 'learning, travel and a wider view of what life means',
  10: 'a public aim and responsibility taken in your own name',
  11: 'friends, groups and hopes shared with others',
  12: 'quiet, solitude and trust in what you cannot control',
};

/** Growth suggestions for an element the chart has little of (one chosen per chart). */
export const WEAK_ELEMENT_SUGGESTION: Record<string, readonly string[]> = {
  fire: [
    'Kindle the fire your chart keeps in reserve: a sport, a dance class or a project undertaken purely for fun can teach you that enthusiasm is allowed before certainty.',
    'Let yourself be visibly keen about something: tell someone what you are looking forward to, or take up a challenge whose only reward is the fun of meeting it.',
  ],
  earth: [
    'Give your life a few reliable anchors, such as regular meals, a fixed hour for practical tasks and work with your hands, so that your ideas and feelings have somewhere solid to land.',
    'Turn one idea a month into something you can touch or count, a finished object, a saved sum, a booked date, and notice how much steadier the next idea feels.',
  ],
  air: [
    'Practise stepping back: write things down, ask someone how they see a situation, or read outside your usual interests, and notice how a little distance changes what you feel.',
    'Before a big reaction, describe the situation aloud as a neutral observer would; the words themselves often loosen its grip.',
  ],
  water: [
    'Spend a few minutes a day naming what you feel, without fixing it; music, a journal or an unhurried talk with someone you trust can open a door your practical side tends to keep shut.',
    'Let a feeling finish before you act on it or explain it away, and let one trusted person see it unedited now and then.',
  ],
};

/** Growth suggestions for an element the chart has much of. */
export const STRONG_ELEMENT_SUGGESTION: Record<string, readonly string[]> = {
  fire: [
    'Pace your fire. Plan recovery time as deliberately as you plan new ventures, and let slower companions show you what lasts.',
    'Put rest in the diary before the next venture, and count a project kept alive for a year as a bigger win than three begun.',
  ],
  earth: [
    'Loosen the grip of the practical now and then: leave an afternoon unplanned, or follow an idea that has no obvious use yet.',
    'Give imagination a budget of its own, an hour or a small sum for something with no purpose but delight.',
  ],
  air: [
    'Let your thoughts land in your body. A walk, a shared meal or simple physical work can bring feelings forward that analysis keeps at arm’s length.',
    'When a conversation turns to feelings, stay with the feeling a moment longer than feels comfortable before you start to explain it.',
  ],
  water: [
    'Protect your sensitivity with clear limits and time alone, so that caring for others does not drain the well it comes from.',
    'Decide in advance how much of other people’s trouble you can carry this week, and keep a little of every day for your own recovery.',
  ],
};

/** Growth suggestions for a modality the chart has little of. */
export const WEAK_MODALITY_SUGGESTION: Record<string, readonly string[]> = {
  cardinal: [
    'Make beginnings small enough to take today: one message sent or one page written. Starting is a habit you can build.',
    'Keep a short list of things you could start in ten minutes, and start one whenever you catch yourself waiting for a sign.',
  ],
  fixed: [
    'Choose one commitment and keep it visibly, with a regular time and a friend who asks how it is going. Staying power grows by being used.',
    'Give one interest a season rather than a week before deciding whether it suits you; depth often arrives after the novelty has gone.',
  ],
  mutable: [
    'Practise small changes of plan on purpose, so that the large ones life brings feel less like threats and more like weather.',
    'When something goes off plan, find one thing the change makes possible before you try to restore the old arrangement.',
  ],
};

/** Growth suggestions for a modality the chart has much of. */
export const STRONG_MODALITY_SUGGESTION: Record<string, readonly string[]> = {
  cardinal: [
    'Before you launch the next thing, ask what the last thing still needs. Finishing can be as satisfying as starting.',
    'Hand over one of your beginnings to someone good at keeping things going, and stay close enough to see it through.',
  ],
  fixed: [
    'Review now and then what you hold on to out of loyalty and what out of habit; letting a form go can keep its meaning alive.',
    'Once a year, change one fixed routine on purpose and notice which parts of it you actually miss.',
  ],
  mutable: [
    'Name two or three priorities that stay fixed while everything else moves, and let them decide what you say yes to.',
    'Before agreeing to something new, check it against one commitment you have already made.',
  ],
};

/** The four life areas of the report and the houses each gathers. */
export const LIFE_AREAS = [
  { id: 'relationships', title: 'Relationships', houses: [7, 5] },
  { id: 'vocation', title: 'Vocation and Work', houses: [10, 6] },
  { id: 'home', title: 'Home and Roots', houses: [4] },
  { id: 'resources', title: 'Resources and Security', houses: [2, 8] },
  { id: 'other', title: 'Other Areas of Emphasis', houses: [1, 3, 9, 11, 12] },
] as const;

export const ELEMENT_NAMES: Record<string, string> = { fire: 'Fire', earth: 'Earth', air: 'Air', water: 'Water' };
export const MODALITY_NAMES: Record<string, string> = { cardinal: 'Cardinal', fixed: 'Fixed', mutable: 'Mutable' };

export const ASPECT_WORDS: Record<string, string> = {
  conjunction: 'conjunct',
  opposition: 'opposite',
  trine: 'trine',
  square: 'square',
  sextile: 'sextile',
};

/** The same words in a heading's title case: "Saturn Sextile Your Sun", as "Moon in Harmony with Saturn" is cased. */
export const ASPECT_TITLES: Record<string, string> = Object.fromEntries(
  Object.entries(ASPECT_WORDS).map(([type, word]) => [type, word.charAt(0).toUpperCase() + word.slice(1)]),
);

/** A lunation phase as astrologers name it (Rudhyar's eight, each 45° from a turning point): "first-quarter", "Full Moon". */
export const lunationName = (phase: LunationPhase) => (phase === 'new_moon' ? 'New Moon' : phase === 'full_moon' ? 'Full Moon' : phase.replace('_', '-'));

/**
 * Where a Moon stands from a Sun, as a reader pictures it: ahead of it up to the opposition, just past the opposition,
 * then closing on it from behind ("356° ahead" is true of a Moon 4° short of the New Moon, and baffling).
 */
export function moonFromSun(elongation: number, moon: string, sun: string): string {
  if (elongation <= 180) return `${moon} ${Math.round(elongation)}° ahead of ${sun}`;
  if (elongation < 225) return `${moon} ${Math.round(elongation - 180)}° past its opposition to ${sun}`;
  return `${moon} ${Math.round(360 - elongation)}° behind ${sun}`;
}

/**
 * A moment's distance from another, `hours` from `from` to it, positive when it came after ("about 5 hours after your
 * birth"); under an hour in minutes, since "within the hour" read as vague where the New Moon fell a minute from the birth.
 */
export function hoursFrom(hours: number, from: string): string {
  const n = Math.round(Math.abs(hours));
  const minutes = Math.round(Math.abs(hours) * 60);
  const side = hours > 0 ? 'after' : 'before';
  if (minutes < 1) return `within a minute of ${from}`;
  if (minutes < 60) return `${minutes === 1 ? 'a minute' : `${minutes} minutes`} ${side} ${from}`;
  return `about ${n === 1 ? 'an hour' : `${n} hours`} ${side} ${from}`;
}
