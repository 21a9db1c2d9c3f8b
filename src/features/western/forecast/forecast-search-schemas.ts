/** Request and response schemas of POST /api/v1/western/transits/search. */
import { z } from 'zod/v4';
import { isoDateTimeText } from '../../../requests/birth-schema.ts';
import { exampleForecastNatal, forecastNatal, forecastOrbSettings } from './forecast-request-schemas.ts';

/** The longest search (years). */
export const MAX_SEARCH_YEARS = 150;
/** Most passes on one page of a paged search. */
export const MAX_SEARCH_PAGE_SIZE = 5000;

export const searchRequest = z
  .object({
    natal: forecastNatal,
    transit_planet: z.string().max(40).describe('The transiting body: sun, moon, mercury … pluto, chiron, north_node, true_node, mean_node, lilith …'),
    natal_point: z.string().max(40).describe('The natal point: a planet, north_node, chiron …, or with a birth time ascendant, midheaven, descendant, ic'),
    range_start: isoDateTimeText().optional().describe('Start of the search (ISO date or date and time, UTC unless it carries an offset); with range_end'),
    range_end: isoDateTimeText().optional().describe('End of the search; with range_start'),
    age_start_years: z.number().min(0).max(MAX_SEARCH_YEARS).optional().describe('Or: start of the search as an age in years (365.2425 days) from the birth'),
    age_end_years: z.number().min(0).max(MAX_SEARCH_YEARS).optional().describe('End of the search as an age in years'),
    aspect_types: z
      .array(z.string().max(40))
      .max(10)
      .optional()
      .describe('Aspects to find: conjunction, opposition, square, trine, sextile (the default five), quincunx, semi_sextile …'),
    orb_settings: forecastOrbSettings.optional(),
    include_context: z.boolean().optional().describe("Each hit with the transiting body's sign and, with a birth time, its natal house. Default false."),
    reference_datetime: isoDateTimeText()
      .optional()
      .describe('The instant passes are applying or separating from (ISO, UTC unless it carries an offset); now when omitted'),
    page_size: z
      .number()
      .int()
      .min(1)
      .max(MAX_SEARCH_PAGE_SIZE)
      .optional()
      .describe(
        `Answer in pages of this many passes (at most ${MAX_SEARCH_PAGE_SIZE}), each with the cycles its passes belong to and a \`pagination\` block; the pages together hold exactly the passes and cycles of the whole answer. Omitted: the whole answer at once.`,
      ),
    page: z.number().int().min(1).optional().describe('With page_size: which page, from 1 (default 1). Each page is computed anew and costs its own compute.'),
  })
  .meta({
    id: 'TransitSearchRequest',
    example: {
      natal: exampleForecastNatal,
      transit_planet: 'saturn',
      natal_point: 'sun',
      age_start_years: 0,
      age_end_years: 90,
      aspect_types: ['conjunction', 'opposition'],
    },
  });
export type SearchRequest = z.output<typeof searchRequest>;

const instant = z.string().describe('UTC instant to the second, YYYY-MM-DDTHH:MM:SSZ');

const hit = z.object({
  datetime: instant.describe('The exact instant, UTC to the second'),
  age_years: z.number().describe('Age at the hit in years of 365.2425 days, to 0.0001'),
  motion: z.enum(['direct', 'retrograde']).describe("The transiting body's motion at the hit"),
  transit_sign: z.string().optional().describe('With include_context: the sign the transiting body stands in'),
  natal_house: z.number().int().nullable().optional().describe('With include_context: its natal house; null without a birth time'),
});

export const searchPass = z.object({
  index: z.number().int().describe('Position of the pass in `passes`, from 0'),
  cycle_index: z.number().int().describe('The cycle it belongs to (`cycles[].index`)'),
  label: z.string().describe('`Saturn Conjunction Sun, pass 1`'),
  aspect_type: z.string().describe('The aspect'),
  aspect_angle: z.number().describe('Its angle in degrees'),
  orb_deg: z.number().describe('The orb of the pass (planet > category > aspect > default)'),
  pass_type: z
    .enum(['direct', 'retrograde'])
    .describe('`retrograde` when the body is retrograde at any hit of the pass (a retrograde loop), or, without a hit, at its middle'),
  applying_or_separating: z
    .enum(['applying', 'separating'])
    .describe('`applying` while a hit of the pass (or, without one, its end) is still to come at reference_datetime; `separating` once all are past'),
  start_datetime: z.string().nullable().describe('When the body came within orb before the first hit'),
  end_datetime: z.string().nullable().describe('When it left the orb after the last hit'),
  exact_datetimes: z.array(instant).describe('Every exact instant of the pass: one, or the three of a retrograde loop'),
  exact_age_years: z.array(z.number()).describe('The age at each of them'),
  hit_count: z.number().int().describe('How many exact hits'),
  closest_orb_deg: z.number().describe('0 with a hit; otherwise the closest the body came, in degrees (a station within orb)'),
  hits: z.array(hit).describe('The hits, with their motion'),
});

export const searchResponse = z.object({
  input: z
    .object({
      transit_planet: z.string().describe('The transiting body'),
      natal_point: z.string().describe('The natal point'),
      aspect_types: z.array(z.string()).describe('The aspects searched'),
      age_start_years: z.number().nullable().describe('As sent; null when the range was given by dates'),
      age_end_years: z.number().nullable().describe('As sent; null when the range was given by dates'),
      include_context: z.boolean().describe('Whether hits carry their context'),
    })
    .describe('The request as it was read'),
  meta: z
    .object({
      range_start: instant.describe('Start of the search, UTC'),
      range_end: instant.describe('End of the search, UTC'),
      reference_datetime: instant.describe('The instant applying and separating are read at'),
      natal_point_longitude: z.number().describe('Longitude of the natal point in degrees'),
      natal_point_sign: z.string().describe('Its sign'),
      zodiac_type: z.string().describe('Tropical or Sidereal'),
      sidereal_ayanamsa: z.string().nullable().describe('The ayanamsa; null for the tropical zodiac'),
      time_known: z.boolean().describe('Whether the birth time is known'),
      cycle_rule: z.string().describe('How cycles are cut: at the first exact conjunction of each conjunction pass'),
    })
    .describe('How the search was made'),
  search_summary: z
    .object({
      cycle_count: z.number().int().describe('Cycles in the range (partial ones at its ends included)'),
      pass_count: z.number().int().describe('Passes'),
      hit_count: z.number().int().describe('Exact hits'),
      first_hit_datetime: z.string().nullable().describe('The first exact hit in the range; null when none'),
      next_hit_datetime: z.string().nullable().describe('The first exact hit after reference_datetime in the range; null when none'),
    })
    .describe('Counts'),
  cycles: z
    .array(
      z.object({
        index: z.number().int().describe('From 0'),
        label: z.string().describe('`Saturn–Sun cycle 1`'),
        cycle_start_datetime: instant.describe('The first exact conjunction opening it, or the range start for the first, partial cycle'),
        cycle_end_datetime: instant.describe('The next cycle start, or the range end'),
        is_partial: z.boolean().describe('The cycle is cut by the range'),
        pass_count: z.number().int().describe('Passes in it'),
        hit_count: z.number().int().describe('Exact hits in it'),
        closest_orb_deg: z.number().nullable().describe('The closest approach among its passes; null without a pass'),
        passes: z
          .array(
            z.object({
              index: z.number().int().describe('`passes[].index`'),
              aspect_type: z.string().describe('The aspect'),
              pass_type: z.enum(['direct', 'retrograde']).describe('As in passes[]'),
              exact_datetimes: z.array(instant).describe('As in passes[]'),
            }),
          )
          .describe('Its passes, briefly'),
      }),
    )
    .describe("The transiting body's circuits relative to the natal point, from one conjunction to the next"),
  passes: z.array(searchPass).describe('Every pass in the range, in time order (with page_size: the passes of this page)'),
  warnings: z.array(z.string()).describe('What to know about the answer; empty when none'),
  pagination: z
    .object({
      page: z.number().int().describe('This page, from 1'),
      page_size: z.number().int().describe('Passes per page'),
      page_count: z.number().int().describe('Pages of the whole answer (at least 1, also when it has no pass)'),
      next_page: z.number().int().nullable().describe('The page to ask for next; null on the last page'),
      first_pass_index: z.number().int().describe('`passes[].index` of the first pass on this page'),
    })
    .optional()
    .describe(
      "Only with page_size: where this page stands. `search_summary` always counts the whole answer; `cycles` holds the cycles of this page's passes (a cycle whose passes span two pages is on both).",
    ),
});
export type SearchAnswer = z.output<typeof searchResponse>;
