/** Request and response schemas of POST /api/v1/western/astrocartography/recommendations. */
import { z } from 'zod/v4';
import { ACG_ANGLES } from '../../../astro/astrocartography.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { ACG_FOCUSES, MATCH_TIERS, SIGNAL_STRENGTHS } from './acg-rules.ts';
import { acgAngles, acgBodies, acgCrossing, acgLine, acgMode, acgNatal, exampleAcgNatal } from './astrocartography-schemas.ts';
import { paranOrbFields } from './astrocartography-parans-schemas.ts';
import { acgCityBlock, acgParanSummary, focusScoreSchema, relocationSummarySchema, visualExplanationSchema } from './astrocartography-city-check-schemas.ts';
import { CANDIDATE_FLOOR, CITY_SIZES, COUNTRY_SCOPES, DEFAULT_LIMIT, MAX_LIMIT } from './recommendation-rules.ts';

const focusName = caseInsensitiveEnum(ACG_FOCUSES, { love: 'romance', relationships: 'romance', work: 'career', family: 'home', spirituality: 'spiritual' });
const citySize = caseInsensitiveEnum(CITY_SIZES);
const population = (what: string) => z.number().int().min(0).max(100_000_000).optional().describe(what);

export const acgRecommendationsRequest = z
  .object({
    natal: acgNatal,
    focus: focusName.describe(
      'The focus the cities are ranked for: career, romance, home, health or spiritual (any case; `love` and `relationships` read as romance, `work` as career, `family` as home, `spirituality` as spiritual).',
    ),
    country_scope: caseInsensitiveEnum(COUNTRY_SCOPES)
      .optional()
      .describe(
        '`all`: every country; `own_country`: the country of the birth place; `selected_countries`: the countries of `countries` (and `country`). Default: selected_countries when `countries` or `country` is sent, else all.',
      ),
    country: z
      .string()
      .min(2)
      .max(100)
      .optional()
      .describe('One country (ISO 3166-1 alpha-2 code or English name), added to `countries` for the selected_countries scope.'),
    countries: z
      .array(z.string().regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 country code, two letters such as FR'))
      .min(1)
      .max(250)
      .optional()
      .describe('ISO 3166-1 alpha-2 codes (any case) of the countries searched with country_scope selected_countries, e.g. ["FR", "ES", "PT"].'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_LIMIT)
      .default(DEFAULT_LIMIT)
      .describe(`How many cities to return, best first: 1 to ${MAX_LIMIT}. Default ${DEFAULT_LIMIT}.`),
    min_population: population(
      `Least population of a city. Default 100,000 for country_scope all and ${CANDIDATE_FLOOR.toLocaleString('en')} within countries (or the city_size's range); below ${CANDIDATE_FLOOR.toLocaleString('en')} reads as ${CANDIDATE_FLOOR.toLocaleString('en')}, the gazetteer's smallest candidates.`,
    ),
    max_population: population('Greatest population of a city (at least min_population). Default: none.'),
    city_size: z
      .union([citySize, z.array(citySize).min(1).max(CITY_SIZES.length)])
      .optional()
      .describe(
        'City sizes, one or a list: small (15,000 to 99,999 people), medium (100,000 to 999,999), large (1,000,000 to 4,999,999), mega (5,000,000 or more). Combined with min/max_population, a city must satisfy both.',
      ),
    min_distance_km: z
      .number()
      .min(0)
      .max(2000)
      .default(0)
      .describe(
        'Leave out a city within this many km of a better-ranked city of the list (the suburbs of one metropolis, the districts of one city), so that the list names different places. Default 0: every city is ranked on its own.',
      ),
    mode: acgMode,
    bodies: acgBodies,
    angles: acgAngles,
    topocentric: z
      .boolean()
      .default(false)
      .describe('Only false: the ranking measures geocentric lines (true is a 422 on `topocentric`; the city check measures one place topocentrically).'),
    ...paranOrbFields,
    include_map_lines: z
      .boolean()
      .default(false)
      .describe(
        "Adds the `map` block: the chart's lines as GeoJSON and each recommended city as a point (about 230 kB more). Default false: the lines are the chart's, the same for every city (the lines endpoint draws them).",
      ),
    include_crossings: z
      .boolean()
      .default(false)
      .describe("Adds the line crossings to the map and to each city's visual explanation. Default false (no plan restriction)."),
    include_paran_summary: z.boolean().default(true).describe("Adds each result's `paran_summary`: the parans whose bands reach the city. Default true."),
    include_relocation_summary: z
      .boolean()
      .default(true)
      .describe("Adds each result's `relocation_summary`: the birth instant's chart cast at the city. Default true."),
  })
  .meta({
    id: 'AstrocartographyRecommendationsRequest',
    example: { natal: exampleAcgNatal, focus: 'career', country_scope: 'selected_countries', countries: ['FR', 'ES', 'PT'], limit: 10, min_population: 150000 },
  });

export type AcgRecommendationsRequest = z.output<typeof acgRecommendationsRequest>;

const angle = z.enum(ACG_ANGLES).describe('asc, dsc, mc or ic');

export const acgRecommendation = z.object({
  rank: z.number().int().describe('1 for the best city'),
  city: acgCityBlock.describe('The city, from the gazetteer'),
  ...focusScoreSchema.shape,
  weak_match: z
    .boolean()
    .describe('True when the match tier is weak or challenging: the city is listed because it is among the best in scope, not because it is good'),
  distance_from_natal_km: z.number().describe('Great-circle distance from the birth place, km'),
  paran_summary: acgParanSummary.nullable().describe('With include_paran_summary: as in the city check; null otherwise'),
  relocation_summary: relocationSummarySchema.nullable().describe("With include_relocation_summary: the birth instant's chart at the city; null otherwise"),
  city_visual_explanation: visualExplanationSchema.describe('What a map of the city should show, as in the city check'),
});

export const acgRecommendationsResponse = z.object({
  meta: z
    .object({
      focus: z.enum(ACG_FOCUSES).describe('The focus ranked for'),
      mode: z.string().describe('in_mundo or projected'),
      country_scope: z.enum(COUNTRY_SCOPES).describe('The scope searched'),
      countries: z.array(z.string()).nullable().describe('The ISO codes searched; null for all'),
      city_size: z.array(z.enum(CITY_SIZES)).nullable().describe('The sizes asked for; null when none'),
      population_min: z.number().describe('Least population of a candidate, as applied'),
      population_max: z.number().nullable().describe('Greatest population of a candidate, as applied; null for none'),
      bodies: z.array(z.string()).describe('Bodies considered'),
      angles: z.array(angle).describe('Angles considered'),
      timezone: z.string().describe('IANA zone of the birth time'),
      datetime_utc: z.string().describe('The birth instant, UTC'),
      paran_orb_deg: z.number().describe('Full-strength paran half-width, degrees of latitude'),
      paran_tail_deg: z.number().describe('Paran fading tail, degrees of latitude'),
      candidate_count: z.number().int().describe('Cities in scope and within the population bounds'),
      scored_count: z.number().int().describe('Cities scored: every candidate'),
      min_distance_km: z.number().describe('The least distance between two listed cities, as asked (0: none)'),
      left_out_as_nearby: z.number().int().describe('Cities ranked above the last result but left out for lying within min_distance_km of a better one'),
      signal_strength: z.enum(SIGNAL_STRENGTHS).nullable().describe("The first result's signal strength; null without results"),
      confidence: z
        .enum(['high', 'medium', 'low'])
        .describe('high: the first city is strong (score ≥ 60) on a strong factor; medium: its score is ≥ 25; low otherwise'),
      match_tier: z.enum(MATCH_TIERS).nullable().describe("The first result's match tier; null without results"),
      no_strong_matches: z.boolean().describe('True when no result is of the strong tier'),
      rules: z.string().describe('Where the scoring and ranking rules are documented'),
    })
    .describe('What was ranked and how, and how clear the answer is'),
  warnings: z.array(z.string()).describe('The exploratory notice, weak-match and scope notices, and any place or local-time notice'),
  results: z
    .array(acgRecommendation)
    .describe("The cities, best first: by score (the city check's score of the focus), then population (larger first), then GeoNames id"),
  map: z
    .object({
      lines: z.array(acgLine).describe('Every line, as in the lines endpoint'),
      crossings: z.array(acgCrossing).describe('With include_crossings: every crossing; else empty'),
      cities: z
        .array(
          z.object({
            rank: z.number().int().describe('The result rank'),
            name: z.string().describe('City name'),
            type: z.literal('Point').describe('A GeoJSON point'),
            coordinates: z.array(z.number()).length(2).describe('[longitude, latitude]'),
          }),
        )
        .describe('Each result as a GeoJSON point, in rank order'),
    })
    .nullable()
    .describe('With include_map_lines: what a map of the answer draws; null otherwise'),
});

export type AcgRecommendationsAnswer = z.output<typeof acgRecommendationsResponse>;
