/** Request and response schemas of POST /api/v1/western/natal/insights and POST /api/v1/western/transits/insights. */
import { z } from 'zod/v4';
import { birthFields, chartSettingsFields } from '../../../requests/birth-schema.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { exampleForecastNatal, transitRangeFields } from './forecast-request-schemas.ts';

export const INSIGHT_CATEGORIES = [
  'chart_pattern',
  'drive',
  'emotions',
  'growth',
  'identity',
  'life_path',
  'mind',
  'relationships',
  'structure',
  'transformation',
] as const;
export const TRANSIT_INSIGHT_KINDS = [
  'activation_cluster',
  'angular_activation',
  'background_theme_window',
  'ingress',
  'pressure_window',
  'retrograde_loop_phase',
  'station',
  'support_window',
] as const;
export const NATAL_INSIGHT_KINDS = ['stellium', 'angular_activation', 'tight_aspect'] as const;
export const INSIGHT_KINDS = [...new Set([...TRANSIT_INSIGHT_KINDS, ...NATAL_INSIGHT_KINDS])] as [string, ...string[]];

export const natalInsightsRequest = z.object({ ...birthFields, ...chartSettingsFields }).meta({ id: 'NatalInsightsRequest', example: exampleForecastNatal });
export type NatalInsightsRequest = z.output<typeof natalInsightsRequest>;

export const transitInsightsRequest = z
  .object({
    ...transitRangeFields,
    mode: caseInsensitiveEnum(['month', 'week', 'day'])
      .default('month')
      .describe('`month` (default, up to 32 days), `week` (up to 8) or `day` (up to 2): the range the facts are read over'),
  })
  .meta({
    id: 'TransitInsightsRequest',
    example: { natal: exampleForecastNatal, range_start: '2026-03-01', range_end: '2026-03-31', mode: 'month', include_houses: true },
  });
export type TransitInsightsRequest = z.output<typeof transitInsightsRequest>;

const when = z.string().nullable();

export const insightEvidence = z.object({
  window_type: z.string().nullable().describe('pressure, support, conjunction, background, cluster, station, ingress, loop, natal'),
  focus_point: z.string().nullable().describe('The natal point (or the transiting body for stations and ingresses) the fact is about'),
  start_datetime: when.describe('Start of the window (UTC); null for natal facts'),
  end_datetime: when.describe('End of the window (UTC); null for natal facts'),
  peak_datetime: when.describe('The exact or central instant (UTC); null for natal facts'),
  houses: z.array(z.number().int()).describe('Natal houses involved (with a birth time and, for transits, include_houses)'),
  house: z.number().int().nullable().describe('The main house; null when unknown'),
  aspect_types: z.array(z.string()).describe('Aspects involved'),
  transit_planets: z.array(z.string()).describe('Transiting bodies involved'),
  natal_points: z.array(z.string()).describe('Natal points involved'),
  sign_id: z.string().nullable().describe('Sign involved (a stellium, an ingress, a station)'),
  angle_point: z.string().nullable().describe('The angle involved (ascendant, midheaven, descendant, ic)'),
  ingress_type: z.string().nullable().describe('`sign` for an ingress'),
  loop_body: z.string().nullable().describe('The body making a retrograde loop'),
  loop_phase: z.enum(['first_pass', 'retrograde_pass', 'final_pass']).nullable().describe('Which pass of the loop falls in the range'),
  station_type: z.enum(['retrograde', 'direct']).nullable().describe('The station turning the body retrograde or direct'),
  topic_title: z.string().describe('A short title of the topic'),
  matched_natal_points: z.array(z.string()).describe('Natal points within 3° of a station or an ingress degree, or the points of the fact'),
  matched_houses: z.array(z.number().int()).describe('Their natal houses'),
});

export const insightFact = z.object({
  id: z.string().describe('Stable id: `<kind>__<subjects>__<date>`'),
  category: z.enum(INSIGHT_CATEGORIES).describe('The life theme, from the natal point (or body) in focus'),
  kind: z.enum(INSIGHT_KINDS).describe('What kind of fact'),
  detector: z.string().describe('The rule that found it'),
  priority: z.enum(['high', 'medium', 'low']).describe('From the strength: high ≥ 0.85, medium ≥ 0.6'),
  strength: z.number().describe('0 to 1, see the conventions in the documentation'),
  title: z.string().describe('`Saturn square Sun`'),
  text: z.string().describe("A few sentences from the project's interpretation library, chosen deterministically"),
  subjects: z.array(z.string()).describe('Bodies and points involved'),
  relation_key: z.string().describe('`<transit>__<aspect>__<natal>` or the fact kind and subject'),
  tags: z.array(z.string()).describe('Category, kind, aspect family, bodies'),
  index_keys: z.array(z.string()).describe('Keys to look the fact up by (`planet:saturn`, `point:sun`, `aspect:square`, `house:10`)'),
  search_text: z.string().describe('Lower-case words for search'),
  flags: z
    .object({
      exact_in_range: z.boolean().describe('An exact hit falls in the range'),
      retrograde: z.boolean().describe('A retrograde motion is involved'),
      angular: z.boolean().describe('An angle is involved'),
      slow: z.boolean().describe('A slow body is involved'),
    })
    .describe('Yes/no facts of the fact'),
  start_datetime: when.describe('Start (UTC); null for natal facts'),
  end_datetime: when.describe('End (UTC); null for natal facts'),
  peak_datetime: when.describe('Peak (UTC); null for natal facts'),
  is_point_event: z.boolean().describe('A moment (station, ingress) rather than a window'),
  evidence: insightEvidence.describe('What the fact rests on'),
});

export const insightsResponse = z.object({
  facts: z.array(insightFact).describe('The facts, strongest first'),
  importance: z
    .array(
      z.object({
        source_fact_ids: z.array(z.string()).describe('The facts ranked'),
        rank: z.number().int().describe('1 = most important'),
        title: z.string().describe("The fact's title"),
        focus_type: z.string().describe("The fact's kind"),
        peak_datetime: when.describe('Its peak; null for natal facts'),
        score: z.number().describe('Strength, raised for an exact hit in the range and an angle, to 0.001'),
        window_days: z.number().nullable().describe('Length of its window in days; null for moments and natal facts'),
      }),
    )
    .describe('The ten most important facts, ranked'),
  summary: z
    .object({
      headline: z.string().describe('The top fact in one sentence'),
      fact_count: z.number().int().describe('How many facts'),
      top_categories: z.array(z.enum(INSIGHT_CATEGORIES)).describe('The categories of the ranked facts, most frequent first'),
      by_kind: z.record(z.string(), z.number().int()).describe('Facts by kind'),
    })
    .describe('The answer at a glance'),
  meta: z
    .object({
      mode: z.enum(['natal', 'month', 'week', 'day']).describe('`natal`, or the transit range mode'),
      range_start: when.describe('Start of the range (UTC); null for natal insights'),
      range_end: when.describe('End of the range (UTC); null for natal insights'),
      time_known: z.boolean().describe('Whether the birth time is known'),
      zodiac_type: z.string().describe('Tropical or Sidereal'),
      library_version: z.string().describe('Version of the insight texts'),
    })
    .describe('How the answer was made'),
  warnings: z.array(z.string()).describe('What to know about the answer; empty when none'),
});
export type InsightsAnswer = z.output<typeof insightsResponse>;
export type InsightFact = z.output<typeof insightFact>;
