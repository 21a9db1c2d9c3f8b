/** Request and response schemas of POST /api/v1/western/transits/timeline. */
import { z } from 'zod/v4';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { exampleForecastNatal, transitRangeFields } from './forecast-request-schemas.ts';

export const TIMELINE_MODES = ['month', 'year_slow', 'day', 'week'] as const;
export type TimelineMode = (typeof TIMELINE_MODES)[number];

/** The longest range (days) of each mode. */
export const TIMELINE_MAX_DAYS: Readonly<Record<TimelineMode, number>> = { day: 2, week: 8, month: 32, year_slow: 367 };

export const timelineRequest = z
  .object({
    ...transitRangeFields,
    mode: caseInsensitiveEnum(TIMELINE_MODES)
      .default('month')
      .describe(
        '`month` (default; up to 32 days, every category), `year_slow` (up to 367 days, medium and slow bodies only), `week` (up to 8 days) or `day` (up to 2 days; the Moon is added to the default bodies of day and week)',
      ),
  })
  .meta({
    id: 'TransitTimelineRequest',
    example: { natal: exampleForecastNatal, range_start: '2026-03-01', range_end: '2026-03-31', mode: 'month', include_houses: true },
  });
export type TimelineRequest = z.output<typeof timelineRequest>;

const instant = z.string().describe('UTC instant to the second, YYYY-MM-DDTHH:MM:SSZ');

export const timelineTransit = z.object({
  id: z.string().describe('Stable id of this window: `<row_key>__<start date>`'),
  series_key: z.string().describe('The same transit in every range: `<transit_planet>__<aspect_type>__<natal_point>`'),
  row_key: z.string().describe('The row a renderer draws it on: `<transit_planet>__<aspect_type>__<natal_point>`'),
  pair_key: z.string().describe('`<transit_planet>__<natal_point>`'),
  label: z.string().describe('`Saturn Square Sun`'),
  short_symbol_label: z.string().describe('Glyphs: `♄ □ ☉`'),
  transit_planet: z.string().describe('Key of the transiting body, as the request names it (`saturn`, `true_node`)'),
  transit_planet_name: z.string().describe('Its display name'),
  natal_point: z.string().describe('Key of the natal point (`sun`, `ascendant`)'),
  natal_point_name: z.string().describe('Its display name'),
  aspect_type: z.string().describe('conjunction, opposition, square, trine, sextile …'),
  aspect_angle: z.number().describe('The aspect angle in degrees'),
  category: z.enum(['fast', 'medium', 'slow']).describe("The transiting body's category"),
  orb_deg: z.number().describe('The orb used for this body and aspect (planet > category > aspect > default)'),
  pass_type: z
    .enum(['direct', 'retrograde'])
    .describe('`retrograde` when the body is retrograde at any exact hit of the window (a retrograde loop), or, without a hit, at its closest approach'),
  start_datetime: z.string().nullable().describe('When the body came within orb (may be before range_start); null beyond 80 years'),
  end_datetime: z.string().nullable().describe('When it leaves the orb (may be after range_end); null beyond 80 years'),
  exact_datetimes: z.array(instant).describe('Every exact instant of the window, in or out of the range (a retrograde loop gives three)'),
  exact_hits_in_month: z.array(instant).describe('The exact instants within the range asked for'),
  closest_orb_deg: z.number().describe('0 when the aspect is exact in the window; otherwise the closest the body comes, in degrees'),
  duration_days: z.number().describe('Length of the whole window in days (start to end), to 0.01'),
  visible_start_day: z.number().int().describe('First day of the range (1 = the day of range_start, UTC) on which the window is in orb'),
  visible_end_day: z.number().int().describe('Last day of the range on which it is in orb'),
  continues_from_previous_month: z.boolean().describe('The window began before range_start'),
  continues_to_next_month: z.boolean().describe('The window goes on after range_end'),
  houses: z
    .object({
      transit_house_at_exact: z
        .number()
        .int()
        .nullable()
        .describe('Natal house of the transiting body at the first exact hit in the range (or in the window); null without a hit'),
      transit_house_in_month: z.number().int().describe('Natal house of the transiting body at the middle of the visible part of the window'),
    })
    .optional()
    .describe('With include_houses and a birth time: where the transiting body falls among the natal houses'),
});

const natalPointEcho = z.object({
  key: z.string().describe('The natal point'),
  name: z.string().describe('Its display name'),
  longitude: z.number().describe('Ecliptic longitude in degrees (the chart zodiac)'),
  sign: z.string().describe('Its sign'),
});

export const timelineResponse = z.object({
  input: z
    .object({
      mode: z.enum(TIMELINE_MODES).describe('The mode'),
      range_start: instant.describe('The range start, UTC'),
      range_end: instant.describe('The range end, UTC'),
      include_houses: z.boolean().describe('Whether houses were asked for'),
      transit_planets: z.array(z.string()).describe('Transiting bodies searched'),
      natal_points: z.array(z.string()).describe('Natal points searched'),
      aspect_types: z.array(z.string()).describe('Aspects searched'),
      transit_categories: z.array(z.string()).describe('Categories kept'),
    })
    .describe('The request as it was read, defaults filled in'),
  meta: z
    .object({
      mode: z.enum(TIMELINE_MODES).describe('The mode'),
      month: z.string().describe('YYYY-MM of range_start (UTC)'),
      cache_month: z.string().describe('The same: the month a client may cache the answer under'),
      range_days: z.number().int().describe('Days of the range, counted as visible days'),
      count: z.number().int().describe('How many windows are listed'),
      zodiac_type: z.string().describe('Tropical or Sidereal'),
      sidereal_ayanamsa: z.string().nullable().describe('The ayanamsa of the sidereal zodiac; null for the tropical one'),
      house_system: z.string().nullable().describe('House system of the natal houses; null without a birth time'),
      time_known: z.boolean().describe('Whether the birth time is known'),
      orb_precedence: z.string().describe('`planet > category > aspect`'),
      natal_points: z.array(natalPointEcho).describe('The natal points and their longitudes'),
    })
    .describe('How the answer was made'),
  transits: z.array(timelineTransit).describe('Every window in orb that overlaps the range, by start'),
  warnings: z.array(z.string()).describe('What to know about the answer (a place among namesakes, bodies or points left out); empty when none'),
});
export type TimelineAnswer = z.output<typeof timelineResponse>;
