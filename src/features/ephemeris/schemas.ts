/**
 * EphemerisRequest: the body of POST /api/v1/ephemeris/calculate. GET /api/v1/ephemeris takes the
 * same fields as query parameters (lists comma-separated), turned into this shape first.
 */
import { z } from 'zod/v4';
import { AYANAMSA_ACCEPTED_NAMES } from '../../astro/ayanamsas.ts';
import { ayanamsa, dstPolicy, houseSystem, latitude, longitude, timeZoneName, zodiacType } from '../shared/birth-schema.ts';
import { MAX_BODIES, MAX_FIXED_STARS } from './limits.ts';
import { resolveBodyName, BODY_NAMES } from './body-names.ts';

/** ISO date or date-time with optional seconds, fraction and offset. */
export const INSTANT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
export const STEP_PATTERN = /^(\d{1,6})\s*(m|h|d)$/;

const bodyName = z.string().max(40).refine((v) => resolveBodyName(v) !== undefined, { message: `unknown body; one of: ${BODY_NAMES.join(', ')}` });

export const ephemerisFormats = ['json', 'table', 'csv', 'ndjson'] as const;

export const ephemerisRequest = z
  .object({
    start: z.string().max(40).regex(INSTANT_PATTERN, 'expected an ISO date or date-time, e.g. 2024-03-01 or 2024-03-01T12:00'),
    end: z.string().max(40).regex(INSTANT_PATTERN, 'expected an ISO date or date-time').nullish(),
    step: z.string().max(12).regex(STEP_PATTERN, 'expected <N>m, <N>h or <N>d, e.g. 1d').default('1d'),
    zodiac_type: zodiacType.default('tropical'),
    sidereal_ayanamsa: ayanamsa.nullish().describe(`One of: ${AYANAMSA_ACCEPTED_NAMES.join(', ')}`),
    house_system: houseSystem.default('placidus'),
    bodies: z.array(bodyName).min(1).max(MAX_BODIES).nullish(),
    include_angles: z.boolean().nullish(),
    include_houses: z.boolean().nullish(),
    include_speed: z.boolean().default(true),
    include_retrograde: z.boolean().default(true),
    include_dignity: z.boolean().default(false),
    include_sign_degree: z.boolean().default(true),
    include_aspects: z.boolean().default(false),
    include_minor_aspects: z.boolean().default(false),
    include_moon_void_of_course: z.boolean().default(false),
    include_fixed_stars: z.boolean().default(false),
    fixed_stars: z.array(z.string().min(1).max(40)).max(MAX_FIXED_STARS).nullish(),
    fixed_star_packs: z.array(z.string().min(1).max(40)).max(10).nullish(),
    include_sidereal_time: z.boolean().nullish(),
    city: z.string().min(1).max(200).nullish(),
    country: z.string().min(2).max(100).nullish(),
    lat: latitude.nullish(),
    lng: longitude.nullish(),
    tz_str: timeZoneName.nullish(),
    timezone: timeZoneName.nullish(),
    dst_policy: dstPolicy.nullish(),
    format: z.enum(ephemerisFormats).nullish(),
    response_mode: z.enum(ephemerisFormats).nullish(),
    table_style: z.enum(['rows', 'columns', 'grid']).default('rows'),
    cell_format: z.enum(['parts', 'text']).nullish(),
    sign_display: z.enum(['abbr', 'full']).nullish(),
    show_motion_markers: z.boolean().nullish(),
    include_chart_links: z.boolean().default(false),
  })
  .meta({ id: 'EphemerisRequest' });

export type EphemerisRequest = z.output<typeof ephemerisRequest>;

/** Booleans in a query string, read as FastAPI reads them (true/false, 1/0, yes/no, on/off, any case). */
const booleanText = z.stringbool().optional();
/** Query parameters of GET /api/v1/ephemeris, as they arrive (documented; converted by `queryToRequest`). */
export const ephemerisQuery = z.object({
  start: z.string().max(40),
  end: z.string().max(40).optional(),
  step: z.string().max(12).optional(),
  zodiac_type: z.string().max(20).optional(),
  sidereal_ayanamsa: z.string().max(40).optional(),
  house_system: z.string().max(40).optional(),
  bodies: z.string().max(1000).optional().describe('Comma-separated body names'),
  include_angles: booleanText, include_houses: booleanText, include_speed: booleanText, include_retrograde: booleanText,
  include_dignity: booleanText, include_sign_degree: booleanText, include_aspects: booleanText, include_minor_aspects: booleanText,
  include_moon_void_of_course: booleanText, include_fixed_stars: booleanText,
  fixed_stars: z.string().max(2000).optional().describe('Comma-separated star names'),
  fixed_star_packs: z.string().max(200).optional().describe('Comma-separated packs: royal_4, behenian_15'),
  city: z.string().max(200).optional(), country: z.string().max(100).optional(),
  lat: z.string().max(30).optional(), lng: z.string().max(30).optional(),
  tz_str: z.string().max(64).optional(), timezone: z.string().max(64).optional(),
  dst_policy: z.string().max(20).optional(),
  format: z.string().max(10).optional(), response_mode: z.string().max(10).optional(),
  table_style: z.string().max(10).optional(), include_sidereal_time: booleanText,
  cell_format: z.string().max(10).optional(), include_chart_links: booleanText,
  sign_display: z.string().max(10).optional(), show_motion_markers: booleanText,
});

const LIST_FIELDS = new Set(['bodies', 'fixed_stars', 'fixed_star_packs']);
const NUMBER_FIELDS = new Set(['lat', 'lng']);

/** Query strings to the body shape: lists split on commas, booleans and numbers parsed. */
export function queryToRequest(query: Record<string, string | boolean | undefined>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (typeof value === 'boolean') body[key] = value; // parsed by the query schema
    else if (LIST_FIELDS.has(key)) body[key] = value.split(',').map((v) => v.trim()).filter(Boolean);
    // Number(' ') is 0: a blank coordinate stays text and fails validation instead of meaning 0.
    else if (NUMBER_FIELDS.has(key)) body[key] = value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    else body[key] = value;
  }
  return body;
}
