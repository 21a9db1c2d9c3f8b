/**
 * The synastry model of this service: how strong an inter-chart aspect is, what it is about
 * (polarity, categories, domains, themes), the seven scores and the archetype. Pure and
 * deterministic; symmetric in the two people wherever it can be (swapping A and B swaps the
 * points of each contact and changes no weight, score or archetype). docs/api/synastry.md states every
 * formula; change them there too.
 */

export const SYNASTRY_MODEL = 'orb_weighted_tanh_v1';
/** Written in every contact's weight_breakdown: the parts are defined beside them in the schema and in docs/api/synastry.md. */
export const STRENGTH_FORMULA = 'clamp01(orb_weight*body_weight*aspect_weight+apply_bonus)';

/** A point's weight in a contact: luminaries and the personal points count most. */
const BODY_WEIGHTS: Record<string, number> = {
  sun: 1,
  moon: 1,
  venus: 0.9,
  mars: 0.9,
  mercury: 0.8,
  asc: 0.85,
  dsc: 0.75,
  mc: 0.7,
  ic: 0.65,
  jupiter: 0.7,
  saturn: 0.75,
  uranus: 0.5,
  neptune: 0.5,
  pluto: 0.55,
  true_node: 0.55,
  mean_node: 0.55,
  south_node: 0.45,
  chiron: 0.45,
  vertex: 0.5,
};
const OTHER_BODY_WEIGHT = 0.4; // Lilith, asteroids, Part of Fortune

export const bodyWeight = (id: string) => BODY_WEIGHTS[id] ?? OTHER_BODY_WEIGHT;

const ASPECT_WEIGHTS: Record<string, number> = {
  conjunction: 1,
  opposition: 0.9,
  square: 0.85,
  trine: 0.85,
  sextile: 0.7,
  quincunx: 0.5,
  semi_sextile: 0.4,
  semi_square: 0.45,
  sesquiquadrate: 0.45,
  quintile: 0.45,
};
export const aspectWeight = (type: string) => ASPECT_WEIGHTS[type] ?? 0.4;

export const APPLY_BONUS = 0.05;

export interface StrengthParts {
  orb_weight: number;
  body_weight: number;
  body_weight_a: number;
  body_weight_b: number;
  aspect_weight: number;
  apply_bonus: number;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** strength in [0, 1] and its parts, each rounded to 4 decimals (the strength from the unrounded parts). */
export function contactStrength(
  a: string,
  b: string,
  type: string,
  orb: number,
  maxOrb: number,
  applying: boolean,
): { strength: number; parts: StrengthParts } {
  const ratio = maxOrb > 0 ? Math.min(1, orb / maxOrb) : 0;
  const orbWeight = 1 - ratio * ratio;
  const wa = bodyWeight(a),
    wb = bodyWeight(b);
  const bw = Math.sqrt(wa * wb);
  const aw = aspectWeight(type);
  const bonus = applying ? APPLY_BONUS : 0;
  const strength = Math.max(0, Math.min(1, orbWeight * bw * aw + bonus));
  return {
    strength: round4(strength),
    parts: { orb_weight: round4(orbWeight), body_weight: round4(bw), body_weight_a: wa, body_weight_b: wb, aspect_weight: aw, apply_bonus: bonus },
  };
}

export const STRENGTH_LABELS = ['very_weak', 'weak', 'moderate', 'strong', 'very_strong'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

/** 0.8 and above very_strong, 0.6 strong, 0.4 moderate, 0.2 weak, below very_weak. */
export function strengthLabel(strength: number): StrengthLabel {
  return STRENGTH_LABELS[Math.min(4, Math.floor(strength * 5 + 1e-9))]!;
}

export const POLARITIES = ['supportive', 'challenging', 'mixed', 'neutral'] as const;
export type Polarity = (typeof POLARITIES)[number];

const BENEFIC = new Set(['sun', 'moon', 'venus', 'jupiter', 'mercury']);
const MALEFIC = new Set(['mars', 'saturn', 'uranus', 'neptune', 'pluto', 'lilith', 'true_lilith', 'south_node']);

/**
 * Trines and sextiles (and quintiles) are supportive, squares, oppositions, quincunxes,
 * semi-squares and sesquiquadrates challenging, semi-sextiles neutral; a conjunction takes the
 * nature of its points: supportive between two benefics (Sun, Moon, Mercury, Venus, Jupiter),
 * challenging between two malefics, mixed otherwise.
 */
export function contactPolarity(a: string, b: string, type: string): { polarity: Polarity; confidence: number } {
  switch (type) {
    case 'trine':
    case 'sextile':
      return { polarity: 'supportive', confidence: 0.85 };
    case 'quintile':
      return { polarity: 'supportive', confidence: 0.6 };
    case 'square':
    case 'opposition':
      return { polarity: 'challenging', confidence: 0.85 };
    case 'quincunx':
    case 'semi_square':
    case 'sesquiquadrate':
      return { polarity: 'challenging', confidence: 0.6 };
    case 'conjunction': {
      const good = (BENEFIC.has(a) ? 1 : 0) + (BENEFIC.has(b) ? 1 : 0);
      const hard = (MALEFIC.has(a) ? 1 : 0) + (MALEFIC.has(b) ? 1 : 0);
      if (good === 2) return { polarity: 'supportive', confidence: 0.75 };
      if (hard === 2) return { polarity: 'challenging', confidence: 0.7 };
      return { polarity: 'mixed', confidence: 0.6 };
    }
    default:
      return { polarity: 'neutral', confidence: 0.5 };
  }
}

export const DOMAINS = ['romance', 'communication', 'stability', 'intimacy', 'growth', 'friction'] as const;
export type Domain = (typeof DOMAINS)[number];

const BODY_DOMAINS: Record<string, readonly Domain[]> = {
  sun: ['romance', 'growth'],
  moon: ['stability', 'intimacy'],
  mercury: ['communication'],
  venus: ['romance', 'intimacy'],
  mars: ['romance', 'intimacy'],
  jupiter: ['growth'],
  saturn: ['stability'],
  uranus: ['growth'],
  neptune: ['romance'],
  pluto: ['intimacy', 'growth'],
  true_node: ['growth'],
  mean_node: ['growth'],
  south_node: ['growth'],
  chiron: ['growth'],
  lilith: ['intimacy'],
  true_lilith: ['intimacy'],
  asc: ['romance'],
  dsc: ['romance', 'stability'],
  mc: ['stability', 'growth'],
  ic: ['stability', 'intimacy'],
  vertex: ['romance'],
};

/** The domains of a contact: those of its two points in DOMAINS order, with friction when it is challenging. */
export function contactDomains(a: string, b: string, polarity: Polarity): Domain[] {
  const set = new Set<Domain>([...(BODY_DOMAINS[a] ?? []), ...(BODY_DOMAINS[b] ?? [])]);
  if (polarity === 'challenging') set.add('friction');
  return DOMAINS.filter((d) => set.has(d));
}

const BODY_CATEGORIES: Record<string, string> = {
  sun: 'luminary',
  moon: 'luminary',
  mercury: 'personal',
  venus: 'personal',
  mars: 'personal',
  jupiter: 'social',
  saturn: 'social',
  uranus: 'outer',
  neptune: 'outer',
  pluto: 'outer',
  true_node: 'node',
  mean_node: 'node',
  south_node: 'node',
  asc: 'angle',
  dsc: 'angle',
  mc: 'angle',
  ic: 'angle',
  vertex: 'angle',
};
const CATEGORY_ORDER = ['luminary', 'personal', 'social', 'outer', 'node', 'angle', 'minor_body'];

/** The classes of the two points (luminary, personal, social, outer, node, angle, minor_body), each once, in that order. */
export function contactCategories(a: string, b: string): string[] {
  const set = new Set([BODY_CATEGORIES[a] ?? 'minor_body', BODY_CATEGORIES[b] ?? 'minor_body']);
  return CATEGORY_ORDER.filter((c) => set.has(c));
}

const PAIR_THEMES: [string, string, string][] = [
  ['venus', 'mars', 'attraction'],
  ['sun', 'moon', 'emotional_resonance'],
  ['moon', 'moon', 'emotional_resonance'],
  ['sun', 'sun', 'shared_identity'],
  ['mercury', 'mercury', 'shared_language'],
  ['venus', 'venus', 'shared_tastes'],
  ['moon', 'venus', 'tenderness'],
  ['mars', 'mars', 'competing_drives'],
];
const BODY_THEMES: Record<string, string> = {
  saturn: 'commitment',
  pluto: 'transformation',
  neptune: 'idealisation',
  uranus: 'excitement',
  jupiter: 'expansion',
  mercury: 'dialogue',
  true_node: 'shared_direction',
  mean_node: 'shared_direction',
  south_node: 'familiarity',
  chiron: 'healing',
  lilith: 'raw_desire',
  true_lilith: 'raw_desire',
  asc: 'first_impression',
  dsc: 'partnership',
  mc: 'public_life',
  ic: 'home_and_roots',
  vertex: 'fated_meeting',
};

/** Themes of a contact: the pair's own theme, then each point's, each once (sorted ids so that A and B may swap). */
export function contactThemes(a: string, b: string): string[] {
  const [x, y] = a <= b ? [a, b] : [b, a];
  const themes: string[] = [];
  for (const [p, q, theme] of PAIR_THEMES) if ((p === x && q === y) || (p === y && q === x)) themes.push(theme);
  for (const id of [x, y]) {
    const t = BODY_THEMES[id];
    if (t !== undefined && !themes.includes(t)) themes.push(t);
  }
  return themes;
}

/** The contact as the scores read it. */
export interface ScoredContact {
  ref_id: string;
  /** The same for a contact and its mirror (A and B swapped): sorting by it makes the sums symmetric. */
  symmetric_key: string;
  a_point: string;
  b_point: string;
  aspect: string;
  strength: number;
  polarity: Polarity;
  domains: readonly Domain[];
}

export const SCORE_BUCKETS = ['romance', 'communication', 'stability', 'intimacy', 'growth'] as const;
export type ScoreBucket = (typeof SCORE_BUCKETS)[number];
/** How much of a contact's strength counts for the bucket (`for`) and against it: a mixed or neutral contact half each. */
export const POLARITY_SHARE: Record<Polarity, { for: number; against: number }> = {
  supportive: { for: 1, against: 0 },
  mixed: { for: 0.5, against: 0.5 },
  neutral: { for: 0.5, against: 0.5 },
  challenging: { for: 0, against: 1 },
};
/** The prior of every ratio: a bucket with no contact scores 50, one with few stays near it. */
export const SCORE_PRIOR = 1;

/** round(100 × (S_for + 1) / (S_for + S_against + 2)): the supportive share of the contacts' strength, drawn toward 50. */
export function bucketScore(items: readonly { strength: number; polarity: Polarity }[]): number {
  let pro = 0,
    con = 0;
  for (const i of items) {
    pro += i.strength * POLARITY_SHARE[i.polarity].for;
    con += i.strength * POLARITY_SHARE[i.polarity].against;
  }
  return Math.round((100 * (pro + SCORE_PRIOR)) / (pro + con + 2 * SCORE_PRIOR));
}

/** A contact's signed weight in the contributors: + strength supportive, − challenging, 0 mixed or neutral. */
const signedWeight = (c: { strength: number; polarity: Polarity }) => c.strength * (POLARITY_SHARE[c.polarity].for - POLARITY_SHARE[c.polarity].against);

export interface Scores {
  overall: number;
  romance: number;
  communication: number;
  stability: number;
  intimacy: number;
  growth: number;
  tension: number;
  contributors: { ref_id: string; weight: number; bucket: string }[];
}

/** Contributors listed per bucket. */
export const CONTRIBUTORS_PER_BUCKET = 3;

/**
 * Each bucket = bucketScore of the contacts in its domain; tension = 100 − bucketScore of every
 * contact (the challenging share of all the strength, drawn toward 50); overall = round(0.8 × mean
 * of the five buckets + 0.2 × (100 − tension)). Sums run in symmetric_key order, so that swapping
 * A and B changes no score.
 */
export function synastryScores(contacts: readonly ScoredContact[]): Scores {
  const byKey = (p: ScoredContact, q: ScoredContact) =>
    p.symmetric_key < q.symmetric_key ? -1 : p.symmetric_key > q.symmetric_key ? 1 : p.strength - q.strength;
  const sorted = [...contacts].sort(byKey);
  // One pass: each bucket's sums and its contacts (in symmetric_key order), and every contact's sums for tension.
  const pro = [0, 0, 0, 0, 0],
    con = [0, 0, 0, 0, 0];
  const members: ScoredContact[][] = [[], [], [], [], []];
  let allPro = 0,
    allCon = 0;
  for (const c of sorted) {
    const share = POLARITY_SHARE[c.polarity];
    allPro += c.strength * share.for;
    allCon += c.strength * share.against;
    for (let i = 0; i < SCORE_BUCKETS.length; i++) {
      if (!c.domains.includes(SCORE_BUCKETS[i]!)) continue;
      pro[i] = pro[i]! + c.strength * share.for;
      con[i] = con[i]! + c.strength * share.against;
      members[i]!.push(c);
    }
  }
  const ratio = (p: number, q: number) => Math.round((100 * (p + SCORE_PRIOR)) / (p + q + 2 * SCORE_PRIOR));
  const strongest = (items: ScoredContact[], weight: (c: ScoredContact) => number, bucket: string) =>
    items
      .map((c) => ({ c, w: weight(c) }))
      .filter((p) => p.w !== 0)
      .sort((p, q) => Math.abs(q.w) - Math.abs(p.w) || (p.c.symmetric_key < q.c.symmetric_key ? -1 : p.c.symmetric_key > q.c.symmetric_key ? 1 : 0))
      .slice(0, CONTRIBUTORS_PER_BUCKET)
      .map(({ c, w }) => ({ ref_id: c.ref_id, weight: round4(w), bucket }));
  const values = {} as Record<ScoreBucket, number>;
  const contributors: Scores['contributors'] = [];
  SCORE_BUCKETS.forEach((bucket, i) => {
    values[bucket] = ratio(pro[i]!, con[i]!);
    contributors.push(...strongest(members[i]!, signedWeight, bucket));
  });
  const tension = 100 - ratio(allPro, allCon);
  contributors.push(
    ...strongest(
      sorted.filter((c) => c.polarity === 'challenging'),
      (c) => c.strength,
      'tension',
    ),
  );
  const mean = SCORE_BUCKETS.reduce((s, b) => s + values[b], 0) / SCORE_BUCKETS.length;
  const overall = Math.max(0, Math.min(100, Math.round(0.8 * mean + 0.2 * (100 - tension))));
  return { overall, ...values, tension, contributors };
}

export const ARCHETYPE_IDS = [
  'soulmates',
  'kindred_spirits',
  'opposites_attract',
  'karmic_lesson',
  'steady_rock',
  'intellectual_powerhouse',
  'magnetic_attraction',
  'long_term_anchor',
  'mental_synergy',
  'volatile_spark',
  'catalyst_for_change',
  'deep_bond',
  'balanced_connection',
  'discordant_layout',
] as const;
export type ArchetypeId = (typeof ARCHETYPE_IDS)[number];

type ScoreName = 'overall' | ScoreBucket | 'tension';
/**
 * A rule's condition: a score at least `min` or at most `max`, or a count at least `min` of
 * contacts of strength 0.5 or more: oppositions between two non-angle points, or binding contacts
 * (Saturn or a node with a personal point: Sun, Moon, Mercury, Venus, Mars).
 */
type Condition = { score: ScoreName; min?: number; max?: number } | { count: 'oppositions' | 'binding'; min: number };

/** The archetypes in the order they are tried; the first whose conditions all hold is chosen. */
export const ARCHETYPE_RULES: readonly { id: ArchetypeId; when: readonly Condition[]; key: ScoreName }[] = [
  {
    id: 'soulmates',
    key: 'overall',
    when: [
      { score: 'overall', min: 60 },
      { score: 'romance', min: 60 },
      { score: 'intimacy', min: 58 },
      { score: 'tension', max: 44 },
    ],
  },
  {
    id: 'discordant_layout',
    key: 'tension',
    when: [
      { score: 'overall', max: 42 },
      { score: 'tension', min: 57 },
    ],
  },
  {
    id: 'volatile_spark',
    key: 'tension',
    when: [
      { score: 'romance', min: 48 },
      { score: 'intimacy', min: 48 },
      { score: 'tension', min: 54 },
    ],
  },
  {
    id: 'magnetic_attraction',
    key: 'intimacy',
    when: [
      { score: 'intimacy', min: 60 },
      { score: 'romance', min: 56 },
    ],
  },
  {
    id: 'karmic_lesson',
    key: 'stability',
    when: [
      { count: 'binding', min: 3 },
      { score: 'tension', min: 56 },
    ],
  },
  {
    id: 'catalyst_for_change',
    key: 'growth',
    when: [
      { score: 'growth', min: 58 },
      { score: 'tension', min: 52 },
    ],
  },
  {
    id: 'opposites_attract',
    key: 'romance',
    when: [
      { count: 'oppositions', min: 3 },
      { score: 'romance', min: 50 },
    ],
  },
  {
    id: 'intellectual_powerhouse',
    key: 'communication',
    when: [
      { score: 'communication', min: 68 },
      { score: 'growth', min: 55 },
    ],
  },
  { id: 'mental_synergy', key: 'communication', when: [{ score: 'communication', min: 64 }] },
  {
    id: 'steady_rock',
    key: 'stability',
    when: [
      { score: 'stability', min: 61 },
      { score: 'tension', max: 46 },
    ],
  },
  {
    id: 'long_term_anchor',
    key: 'stability',
    when: [
      { score: 'stability', min: 56 },
      { score: 'overall', min: 53 },
    ],
  },
  { id: 'deep_bond', key: 'intimacy', when: [{ score: 'intimacy', min: 57 }] },
  {
    id: 'kindred_spirits',
    key: 'overall',
    when: [
      { score: 'overall', min: 55 },
      { score: 'tension', max: 47 },
    ],
  },
];

const PERSONAL = new Set(['sun', 'moon', 'mercury', 'venus', 'mars']);
const ANGLE_POINTS = new Set(['asc', 'mc', 'dsc', 'ic', 'vertex']);

export interface ArchetypeChoice {
  id: ArchetypeId;
  confidence: number;
  key: ScoreName;
  /** The contacts that drive it: the strongest of the key score's domain (or the binding or opposing ones its rule counts). */
  drivers: { kind: 'score' | 'aspect'; ref_id: string; weight: number }[];
}

/**
 * The first rule that holds; balanced_connection when none does. A condition's margin is how far
 * it holds, in score points (a count: 10 points a contact); confidence = 0.5 + the rule's smallest
 * margin / 80, at most 0.95; balanced_connection's is 0.5 − the nearest rule's shortfall / 40, at
 * least 0.3. Rounded to 2 decimals.
 */
export function chooseArchetype(scores: Scores, contacts: readonly ScoredContact[]): ArchetypeChoice {
  const counts = {
    oppositions: contacts.filter((c) => c.aspect === 'opposition' && c.strength >= 0.5 && !ANGLE_POINTS.has(c.a_point) && !ANGLE_POINTS.has(c.b_point)).length,
    binding: contacts.filter(
      (c) =>
        (c.a_point === 'saturn' || c.b_point === 'saturn' || c.a_point.endsWith('_node') || c.b_point.endsWith('_node')) &&
        (PERSONAL.has(c.a_point) || PERSONAL.has(c.b_point)) &&
        c.strength >= 0.5,
    ).length,
  };
  const margin = (cond: Condition): number => {
    if ('count' in cond) return (counts[cond.count] - cond.min) * 10;
    const v = scores[cond.score];
    return cond.min !== undefined ? v - cond.min : cond.max! - v;
  };
  let nearest = Infinity;
  for (const rule of ARCHETYPE_RULES) {
    const m = Math.min(...rule.when.map(margin));
    if (m >= 0) {
      const confidence = Math.min(0.95, 0.5 + m / 80);
      return { id: rule.id, key: rule.key, confidence: Math.round(confidence * 100) / 100, drivers: drivers(rule.key, scores, contacts) };
    }
    nearest = Math.min(nearest, -m);
  }
  return {
    id: 'balanced_connection',
    key: 'overall',
    confidence: Math.round(Math.max(0.3, 0.5 - nearest / 40) * 100) / 100,
    drivers: drivers('overall', scores, contacts),
  };
}

function drivers(key: ScoreName, scores: Scores, contacts: readonly ScoredContact[]): ArchetypeChoice['drivers'] {
  const domain: Domain | undefined = key === 'tension' ? 'friction' : key === 'overall' ? undefined : key;
  const chosen = contacts
    .filter((c) => domain === undefined || c.domains.includes(domain))
    .sort((p, q) => q.strength - p.strength || (p.symmetric_key < q.symmetric_key ? -1 : p.symmetric_key > q.symmetric_key ? 1 : 0))
    .slice(0, 3);
  return [{ kind: 'score', ref_id: key, weight: scores[key] / 100 }, ...chosen.map((c) => ({ kind: 'aspect' as const, ref_id: c.ref_id, weight: c.strength }))];
}

/** The domains a couple's day is read in, by relationship context. */
export const DAY_DOMAINS = {
  romantic: ['romance', 'communication', 'stability', 'intimacy', 'growth'],
  friendship: ['social_chemistry', 'reliability', 'emotional_boundaries', 'communication', 'growth'],
} as const;

const FRIENDSHIP_DOMAINS: Record<string, readonly string[]> = {
  sun: ['social_chemistry', 'reliability'],
  moon: ['emotional_boundaries'],
  mercury: ['communication', 'social_chemistry'],
  venus: ['social_chemistry'],
  mars: ['reliability'],
  jupiter: ['social_chemistry', 'growth'],
  saturn: ['reliability'],
  uranus: ['growth'],
  neptune: ['emotional_boundaries'],
  pluto: ['emotional_boundaries', 'growth'],
  asc: ['social_chemistry'],
  mc: ['reliability', 'growth'],
};

/** The context's domains of a transit (of its two points, in DAY_DOMAINS order); romantic reads the natal model's domains. */
export function dayDomains(context: keyof typeof DAY_DOMAINS, transit: string, natal: string, polarity: Polarity): string[] {
  if (context === 'romantic') return contactDomains(transit, natal, polarity).filter((d) => d !== 'friction');
  const set = new Set([...(FRIENDSHIP_DOMAINS[transit] ?? []), ...(FRIENDSHIP_DOMAINS[natal] ?? [])]);
  return DAY_DOMAINS.friendship.filter((d) => set.has(d));
}

/** supportive or challenging when that polarity holds 65 % of the strength or more, mixed otherwise, quiet with none. */
export function toneOf(items: readonly { strength: number; polarity: Polarity }[]): 'supportive' | 'challenging' | 'mixed' | 'quiet' {
  let good = 0,
    hard = 0,
    all = 0;
  for (const i of items) {
    all += i.strength;
    if (i.polarity === 'supportive') good += i.strength;
    if (i.polarity === 'challenging') hard += i.strength;
  }
  if (all === 0) return 'quiet';
  if (good / all >= 0.65) return 'supportive';
  if (hard / all >= 0.65) return 'challenging';
  return 'mixed';
}
