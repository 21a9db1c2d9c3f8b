/**
 * EphemerisRequest: the body of POST /api/v1/ephemeris/calculate. GET /api/v1/ephemeris takes the
 * same fields as query parameters (lists comma-separated), turned into this shape first.
 */
import { DECIMAL_TEXT } from '../../requests/query-number.ts';
import { z } from 'zod/v4';
import { AYANAMSA_ACCEPTED_NAMES } from '../../astro/ayanamsas.ts';
import { ISO_DATE_TIME_PATTERN as INSTANT_PATTERN } from '../../astro/iso-date-time.ts';
import { ayanamsa, dstPolicy, houseSystem, latitude, longitude, timeZoneName, zodiacType } from '../../requests/birth-schema.ts';
import { caseInsensitiveEnum } from '../../requests/lenient-enum.ts';
import { MAX_BODIES, MAX_FIXED_STARS } from './limits.ts';
import { resolveBodyName, BODY_NAMES } from './body-names.ts';
import { queryBoolean } from '../../requests/query-boolean.ts';

export const STEP_PATTERN = /^(\d{1,6})\s*(m|h|d)$/;

/**
 * Steps as clients write them: `1d`, `1D`, `6 hours`, `30min`, `1 day`, normalised to
 * `<N>m|h|d`. An upper-case `M` stays unread: it means months to some and minutes to others.
 */
const STEP_UNITS: Record<string, 'm' | 'h' | 'd'> = {
  m: 'm',
  min: 'm',
  mins: 'm',
  minute: 'm',
  minutes: 'm',
  h: 'h',
  hr: 'h',
  hrs: 'h',
  hour: 'h',
  hours: 'h',
  d: 'd',
  day: 'd',
  days: 'd',
};
export function normalizeStep(text: string): string {
  const m = /^\s*(\d{1,6})\s*([A-Za-z]+)\s*$/.exec(text);
  if (!m || m[2] === 'M') return text;
  const unit = STEP_UNITS[m[2]!.toLowerCase()];
  return unit ? `${m[1]}${unit}` : text;
}

const bodyName = z
  .string()
  .max(40)
  .refine((v) => resolveBodyName(v) !== undefined, { message: `unknown body; one of: ${BODY_NAMES.join(', ')}` });

export const ephemerisFormats = ['json', 'table', 'csv', 'ndjson'] as const;

export const ephemerisRequest = z
  .object({
    start: z
      .string()
      .max(40)
      .regex(INSTANT_PATTERN, 'expected an ISO date or date-time, e.g. 2024-03-01 or 2024-03-01T12:00')
      .describe('First instant: YYYY-MM-DD or a date-time, local to `tz_str` unless it carries Z or an offset.'),
    end: z
      .string()
      .max(40)
      .regex(INSTANT_PATTERN, 'expected an ISO date or date-time')
      .nullish()
      .describe('Last instant (included), in the same forms; default: `start` (one row).'),
    step: z
      .string()
      .max(20)
      .transform(normalizeStep)
      .pipe(z.string().regex(STEP_PATTERN, 'expected <N>m, <N>h or <N>d, e.g. 1d'))
      .default('1d')
      .describe('<N>m (minutes), <N>h or <N>d, e.g. 1d; also 1D, 6 hours, 30min'),
    zodiac_type: zodiacType.default('tropical'),
    sidereal_ayanamsa: ayanamsa.nullish().describe(`One of: ${AYANAMSA_ACCEPTED_NAMES.join(', ')}`),
    house_system: houseSystem.default('placidus'),
    bodies: z
      .array(bodyName)
      .min(1)
      .max(MAX_BODIES)
      .nullish()
      .describe(
        'Bodies to list, by name (any case); default: Sun to Pluto, the true node, Chiron and the true Lilith. `Lilith` is the osculating apogee and `Mean_Lilith` the mean one; a request naming only one of them gets it under the key `Lilith`, and `meta.body_definitions` says which.',
      ),
    include_angles: z.boolean().nullish().describe('Ascendant and Midheaven per row (needs a place). Default true when a place is given.'),
    include_houses: z.boolean().nullish().describe('The 12 house cusps (needs a place). Default true when a place is given.'),
    include_speed: z.boolean().default(true).describe('Daily speed in degrees. Default true.'),
    include_retrograde: z.boolean().default(true).describe('Whether each body is retrograde. Default true.'),
    include_dignity: z.boolean().default(false).describe('Essential dignity of each body. Default false.'),
    include_sign_degree: z.boolean().default(true).describe('Sign and degree within the sign besides the longitude. Default true.'),
    include_aspects: z.boolean().default(false).describe('Aspects between the bodies of each row. Default false.'),
    include_minor_aspects: z.boolean().default(false).describe('Minor aspects too (with `include_aspects`). Default false.'),
    include_moon_void_of_course: z.boolean().default(false).describe('Whether the Moon is void of course. Default false.'),
    include_fixed_stars: z
      .boolean()
      .default(false)
      .describe('Conjunctions with fixed stars: those of `fixed_stars` and `fixed_star_packs`, or the royal_4 pack when neither is given. Default false.'),
    fixed_stars: z.array(z.string().min(1).max(40)).max(MAX_FIXED_STARS).nullish().describe('Fixed stars by name (Swiss Ephemeris catalogue).'),
    fixed_star_packs: z.array(z.string().min(1).max(40)).max(10).nullish().describe('Packs of fixed stars: royal_4, behenian_15 (alias behenian_20).'),
    include_sidereal_time: z.boolean().nullish().describe('Local sidereal time per row. Default: true for `table`, false otherwise.'),
    city: z.string().min(1).max(200).nullish().describe('Place for houses and angles, looked up in the gazetteer when `lat`/`lng` are not given.'),
    country: z.string().min(2).max(100).nullish().describe('Country (ISO code or name) to narrow the `city` lookup.'),
    lat: latitude.nullish(),
    lng: longitude.nullish(),
    tz_str: timeZoneName
      .nullish()
      .describe("IANA time zone of local dates and of the `d` step's wall time, or `AUTO` (default): the place's zone, or UTC without a place."),
    timezone: timeZoneName
      .nullish()
      .describe('Alias of `tz_str`. Sent with it, a zone named in one wins over `AUTO` in the other; two different zones are refused (422).'),
    dst_policy: dstPolicy.nullish(),
    format: caseInsensitiveEnum(ephemerisFormats)
      .nullish()
      .describe('`json` (default), `table`, `csv` or `ndjson` (the last two stream); also chosen by `Accept: text/csv` or `application/x-ndjson`.'),
    response_mode: caseInsensitiveEnum(ephemerisFormats)
      .nullish()
      .describe('Alias of `format`. Sent with it, a format named in one wins over `json` in the other; two other different formats are refused (422).'),
    table_style: caseInsensitiveEnum(['rows', 'columns', 'grid'])
      .default('rows')
      .describe('Layout of the `table` format: a row per instant (`rows`, default), a column per instant, or a grid of bodies by instants.'),
    cell_format: caseInsensitiveEnum(['parts', 'text'])
      .nullish()
      .describe('Table cells as parts (sign, degree, minute) or as one text. Default: text for `grid`, parts otherwise.'),
    sign_display: caseInsensitiveEnum(['abbr', 'full'], { abbreviated: 'abbr', short: 'abbr', long: 'full', name: 'full' })
      .nullish()
      .describe('Sign names abbreviated (`abbr`, default) or in full.'),
    show_motion_markers: z.boolean().nullish().describe('Mark retrograde and stationary bodies in table cells.'),
    include_chart_links: z.boolean().default(false).describe('A link per row to draw the chart of that moment. Default false.'),
  })
  .meta({
    id: 'EphemerisRequest',
    example: { start: '2024-03-01', end: '2024-03-03', step: '1d', bodies: ['Sun', 'Moon', 'Chiron'], lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' },
  });

export type EphemerisRequest = z.output<typeof ephemerisRequest>;

const booleanText = queryBoolean();
/** A query field says what the body field of the same name says (when it says nothing itself). */
function describedLikeTheBody<T extends z.ZodRawShape>(shape: T): T {
  const body = ephemerisRequest.shape as Record<string, z.ZodType>;
  // The words may sit on the value inside a default, optional or nullable wrapper.
  const descriptionOf = (field: z.ZodType | undefined): string | undefined => {
    for (let f = field; f; f = (f._zod.def as { innerType?: z.ZodType }).innerType) if (f.description) return f.description;
    return undefined;
  };
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => {
      const words = descriptionOf(body[key]);
      return [key, (field as z.ZodType).description === undefined && words ? (field as z.ZodType).describe(words) : field];
    }),
  ) as T;
}

/** Query parameters of GET /api/v1/ephemeris, as they arrive (documented; converted by `queryToRequest`). */
export const ephemerisQuery = z.object(
  describedLikeTheBody({
    start: z.string().max(40).describe('First instant: YYYY-MM-DD or a date-time (local to `tz_str`, or with Z or an offset).').meta({ example: '2024-03-01' }),
    end: z.string().max(40).optional(),
    step: z.string().max(20).optional(),
    zodiac_type: z.string().max(20).optional(),
    sidereal_ayanamsa: z.string().max(40).optional(),
    house_system: z.string().max(40).optional(),
    bodies: z.string().max(1000).optional().describe('Comma-separated body names'),
    include_angles: booleanText,
    include_houses: booleanText,
    include_speed: booleanText,
    include_retrograde: booleanText,
    include_dignity: booleanText,
    include_sign_degree: booleanText,
    include_aspects: booleanText,
    include_minor_aspects: booleanText,
    include_moon_void_of_course: booleanText,
    include_fixed_stars: booleanText,
    fixed_stars: z.string().max(2000).optional().describe('Comma-separated star names'),
    fixed_star_packs: z.string().max(200).optional().describe('Comma-separated packs: royal_4, behenian_15 (alias behenian_20)'),
    city: z.string().max(200).optional(),
    country: z.string().max(100).optional(),
    lat: z.string().max(30).optional(),
    lng: z.string().max(30).optional(),
    tz_str: z.string().max(64).optional(),
    timezone: z.string().max(64).optional(),
    dst_policy: z.string().max(20).optional(),
    format: z.string().max(10).optional(),
    response_mode: z.string().max(10).optional(),
    table_style: z.string().max(10).optional(),
    include_sidereal_time: booleanText,
    cell_format: z.string().max(10).optional(),
    include_chart_links: booleanText,
    sign_display: z.string().max(10).optional(),
    show_motion_markers: booleanText,
  }),
);

const LIST_FIELDS = new Set(['bodies', 'fixed_stars', 'fixed_star_packs']);
const NUMBER_FIELDS = new Set(['lat', 'lng']);

/** Query strings to the body shape: lists split on commas, booleans and numbers parsed. */
export function queryToRequest(query: Record<string, string | boolean | undefined>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (typeof value === 'boolean')
      body[key] = value; // parsed by the query schema
    else if (LIST_FIELDS.has(key))
      body[key] = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
    // Anything but decimal text (a blank, 0x10) stays text and fails validation instead of meaning 0 or 16.
    else if (NUMBER_FIELDS.has(key)) body[key] = DECIMAL_TEXT.test(value) ? Number(value) : value;
    else body[key] = value;
  }
  return body;
}
