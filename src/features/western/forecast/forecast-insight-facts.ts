/**
 * What natal and transit insights share: a fact's category from the point in focus, the fact
 * record with its defaults, its text from the insight library, and the ranking into `importance`
 * and `summary`. Strength and score rules are documented in docs/api/forecast.md ("Natal and transit insights").
 */
import { insightKeys } from '../../../interpretations/insights/insight-keys.ts';
import { insightSentence } from '../../../interpretations/insights/insight-library.ts';
import type { InsightFact, InsightsAnswer, INSIGHT_CATEGORIES } from './forecast-insights-schemas.ts';

type Category = (typeof INSIGHT_CATEGORIES)[number];

const CATEGORY_OF: Readonly<Record<string, Category>> = {
  sun: 'identity',
  ascendant: 'identity',
  moon: 'emotions',
  ic: 'emotions',
  mercury: 'mind',
  venus: 'relationships',
  descendant: 'relationships',
  mars: 'drive',
  jupiter: 'growth',
  chiron: 'growth',
  saturn: 'structure',
  uranus: 'transformation',
  neptune: 'transformation',
  pluto: 'transformation',
  lilith: 'transformation',
  true_lilith: 'transformation',
  north_node: 'life_path',
  south_node: 'life_path',
  true_node: 'life_path',
  mean_node: 'life_path',
  midheaven: 'life_path',
};

/** The life theme of a point (the natal point of a transit, the body of a station). */
export function categoryOf(point: string): Category {
  return CATEGORY_OF[point] ?? 'chart_pattern';
}

/** The weight of a natal point in a strength: the luminaries and angles most, the personal planets next. */
export function pointWeight(point: string): number {
  if (['sun', 'moon', 'ascendant', 'midheaven'].includes(point)) return 1;
  if (['mercury', 'venus', 'mars', 'descendant', 'ic'].includes(point)) return 0.9;
  return 0.75;
}

/** The weight of an aspect in a strength. */
export function aspectWeight(type: string): number {
  return { conjunction: 1, opposition: 0.95, square: 0.9, trine: 0.8, sextile: 0.65 }[type] ?? 0.5;
}

export const round3 = (x: number) => Math.round(x * 1000) / 1000;
export const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

export interface FactDraft {
  id: string;
  category: Category;
  kind: InsightFact['kind'];
  detector: string;
  strength: number;
  title: string;
  textKey: string;
  values: Record<string, string | number>;
  /** Keys of the transiting body and the natal point whose flavour sentences follow the main one. */
  body?: string | undefined;
  point?: string | undefined;
  subjects: string[];
  relationKey: string;
  tags: string[];
  indexKeys: string[];
  flags: InsightFact['flags'];
  start: string | null;
  end: string | null;
  peak: string | null;
  isPointEvent: boolean;
  evidence: Partial<InsightFact['evidence']> & { topic_title: string };
  windowDays: number | null;
}

/** The fact of a draft: its text chosen by the chart's seed and the fact's id, its evidence with every field. */
export function factOf(draft: FactDraft, seed: number): InsightFact {
  const text = [
    insightSentence(draft.textKey, seed, draft.id, draft.values),
    ...(draft.body ? [insightSentence(insightKeys.body(draft.body), seed, draft.id, {})] : []),
    ...(draft.point ? [insightSentence(insightKeys.point(draft.point), seed, draft.id, {})] : []),
  ].join(' ');
  const strength = round3(clamp01(draft.strength));
  const e = draft.evidence;
  return {
    id: draft.id,
    category: draft.category,
    kind: draft.kind,
    detector: draft.detector,
    priority: strength >= 0.85 ? 'high' : strength >= 0.6 ? 'medium' : 'low',
    strength,
    title: draft.title,
    text,
    subjects: draft.subjects,
    relation_key: draft.relationKey,
    tags: draft.tags,
    index_keys: draft.indexKeys,
    search_text: [draft.title, ...draft.tags, ...draft.subjects].join(' ').toLowerCase().replace(/_/g, ' '),
    flags: draft.flags,
    start_datetime: draft.start,
    end_datetime: draft.end,
    peak_datetime: draft.peak,
    is_point_event: draft.isPointEvent,
    evidence: {
      window_type: e.window_type ?? null,
      focus_point: e.focus_point ?? null,
      start_datetime: draft.start,
      end_datetime: draft.end,
      peak_datetime: draft.peak,
      houses: e.houses ?? [],
      house: e.house ?? null,
      aspect_types: e.aspect_types ?? [],
      transit_planets: e.transit_planets ?? [],
      natal_points: e.natal_points ?? [],
      sign_id: e.sign_id ?? null,
      angle_point: e.angle_point ?? null,
      ingress_type: e.ingress_type ?? null,
      loop_body: e.loop_body ?? null,
      loop_phase: e.loop_phase ?? null,
      station_type: e.station_type ?? null,
      topic_title: e.topic_title,
      matched_natal_points: e.matched_natal_points ?? e.natal_points ?? [],
      matched_houses: e.matched_houses ?? e.houses ?? [],
    },
  };
}

/** The facts strongest first, the ten most important ranked, and the summary. */
export function rankedAnswer(
  drafts: FactDraft[],
  seed: number,
  meta: InsightsAnswer['meta'],
  warnings: string[],
): Pick<InsightsAnswer, 'facts' | 'importance' | 'summary' | 'meta' | 'warnings'> {
  const scored = drafts.map((d) => ({ draft: d, fact: factOf(d, seed) }));
  const scoreOf = (f: InsightFact) => round3(f.strength * (f.flags.exact_in_range ? 1.1 : 1) * (f.flags.angular ? 1.05 : 1));
  scored.sort((x, y) => scoreOf(y.fact) - scoreOf(x.fact) || y.fact.strength - x.fact.strength || x.fact.id.localeCompare(y.fact.id));
  const facts = scored.map((s) => s.fact);
  const importance = scored.slice(0, 10).map(({ draft, fact }, i) => ({
    source_fact_ids: [fact.id],
    rank: i + 1,
    title: fact.title,
    focus_type: fact.kind,
    peak_datetime: fact.peak_datetime,
    score: scoreOf(fact),
    window_days: draft.windowDays,
  }));
  const counts = new Map<Category, number>();
  for (const { fact } of scored.slice(0, 10)) counts.set(fact.category, (counts.get(fact.category) ?? 0) + 1);
  const byKind: Record<string, number> = {};
  for (const f of facts) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
  return {
    facts,
    importance,
    summary: {
      headline: facts[0] ? `${facts[0].title}: ${facts[0].text.split('. ')[0]!.replace(/\.$/, '')}.` : 'No fact stands out in this range.',
      fact_count: facts.length,
      top_categories: [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c),
      by_kind: byKind,
    },
    meta,
    warnings,
  };
}
