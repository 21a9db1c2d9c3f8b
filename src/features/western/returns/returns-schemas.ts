/**
 * Request and response schemas of POST /api/v1/western/solar/calculate (the solar return) and
 * POST /api/v1/western/returns/calculate (the returns of any body). Both take the nested natal
 * block (requests/nested-natal-schema.ts) and answer with the same return chart: planets, houses,
 * angles, aspects and the comparison with the natal chart (docs/api/returns.md, "Returns").
 */
import { z } from 'zod/v4';
import { RETURN_BODY_IDS } from '../../../astro/returns.ts';
import { MAX_YEAR, MIN_YEAR, ayanamsa, houseSystem, isoDateTimeText, zodiacType } from '../../../requests/birth-schema.ts';
import { interpretationRequest } from '../../../requests/interpretation-schema.ts';
import { nestedLocation, nestedNatal } from '../../../requests/nested-natal-schema.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';

/** Most returns one request lists (a window of lunar returns is cut there, `truncated` says so). */
export const MAX_RETURNS = 24;
/** Longest search window of the returns endpoint, in years (a Pluto return is 248 years away). */
export const MAX_WINDOW_YEARS = 300;
/** A return planet within this many degrees of a return angle is angular (`natal_comparison.angularity`). */
export const ANGULARITY_ORB = 5;

export const returnSettings = z
  .object({
    house_system: houseSystem.optional().describe('House system of the return chart (and of the natal houses of the overlay). Default placidus.'),
    zodiac_type: zodiacType
      .optional()
      .describe('`tropical` (default) or `sidereal`, in any case (`Tropical` is accepted): the body returns to its natal longitude in this zodiac.'),
    sidereal_ayanamsa: ayanamsa.nullish().describe('Ayanamsa of the sidereal zodiac (default lahiri); ignored for tropical.'),
    aspect_set: caseInsensitiveEnum(['major', 'all'], { minor: 'all', extended: 'all' })
      .optional()
      .describe('`major` (default): conjunction, opposition, trine, square, sextile; `all` (alias `minor`, `extended`): the minor aspects too.'),
    node_type: caseInsensitiveEnum(['mean', 'true']).optional().describe('The North Node of the charts: `mean` (default) or `true`.'),
  })
  .describe('Chart settings; also accepted at the root of the request (`settings`), where the nested ones win key by key.');

export type ReturnSettingsInput = z.output<typeof returnSettings>;

const exampleNatal = {
  name: 'Ada',
  datetime: '1990-05-17 08:15',
  time_known: true,
  location: { city: 'Lisbon', lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' },
};

export const solarReturnRequest = z
  .object({
    natal: nestedNatal,
    solar_return: z
      .object({
        year: z
          .number()
          .int()
          .min(MIN_YEAR)
          .max(MAX_YEAR)
          .describe(
            `The year of the return: the one nearest the birthday (UTC date and time of birth) in that year, ${MIN_YEAR} to ${MAX_YEAR}, not before the birth year.`,
          ),
        location: nestedLocation
          .optional()
          .describe(
            'Where the return chart is cast (relocated return): `city` or `lat`/`lng`, zone in `tz_str`/`timezone`. Default: the natal location and zone.',
          ),
        settings: returnSettings.optional(),
      })
      .describe('Which return, where, and with which settings'),
    settings: returnSettings.optional(),
    interpretation: interpretationRequest.optional().describe('Accepted for compatibility; the answer carries no text.'),
  })
  .meta({
    id: 'SolarReturnRequest',
    example: {
      natal: exampleNatal,
      solar_return: { year: 2026, settings: { house_system: 'placidus', zodiac_type: 'Tropical', aspect_set: 'major', node_type: 'true' } },
      interpretation: { enable: false },
    },
  });

export type SolarReturnRequest = z.output<typeof solarReturnRequest>;

export const returnsRequest = z
  .object({
    natal: nestedNatal,
    return_target: z
      .object({
        body: caseInsensitiveEnum(RETURN_BODY_IDS as [string, ...string[]]).describe(
          `The body whose return is found: ${RETURN_BODY_IDS.join(', ')} (any case). \`moon\` is the lunar return.`,
        ),
        search_start: isoDateTimeText().describe('Where the search starts: `YYYY-MM-DD` (00:00 UTC) or an ISO date-time (UTC unless it carries an offset).'),
        search_end: isoDateTimeText()
          .optional()
          .describe(
            `With it, every return in [search_start, search_end] (at most ${MAX_RETURNS}, a window of at most ${MAX_WINDOW_YEARS} years; \`YYYY-MM-DD\` is the end of that day UTC). Without it, the first return at or after search_start.`,
          ),
        location: nestedLocation.optional().describe('Where the return charts are cast: `city` or `lat`/`lng`. Default: the natal location and zone.'),
        settings: returnSettings.optional(),
      })
      .describe('Which body, when to search, where to cast'),
    settings: returnSettings.optional(),
    interpretation: interpretationRequest.optional().describe('Accepted for compatibility; the answer carries no text.'),
  })
  .meta({ id: 'PlanetReturnRequest', example: { natal: exampleNatal, return_target: { body: 'moon', search_start: '2026-01-01', search_end: '2026-03-31' } } });

export type ReturnsRequest = z.output<typeof returnsRequest>;

// ---- answers

const signAbbr = () => z.string().describe('Three-letter sign abbreviation: Ari … Pis');
const signId = () => z.string().describe('Sign id in lower case: aries … pisces');
const inSign = () => z.number().describe('Degrees into the sign, 0 to under 30');
const longitude = () => z.number().describe("Ecliptic longitude in degrees, 0 to under 360, in the chart's zodiac");

export const returnPlanet = z.object({
  id: z.string().describe('Point id in lower case (sun, moon, north_node, chiron …)'),
  name: z.string().describe('Display name (Sun, North Node …)'),
  sign: signAbbr(),
  sign_id: signId(),
  pos: inSign(),
  degree: inSign().describe('The same as `pos` (the name some clients read)'),
  abs_pos: longitude(),
  retrograde: z.boolean().describe('True when the longitude is decreasing'),
  house: z.number().int().optional().describe('House of the return chart, 1 to 12; absent when the birth time is unknown'),
  speed: z.number().describe('Daily motion in longitude, degrees per day'),
  is_stationary: z.boolean().describe("True when the speed is below the body's stationary threshold"),
  latitude: z.number().describe('Ecliptic latitude in degrees'),
  distance_au: z.number().describe('Distance from the Earth in AU'),
  declination: z.number().describe('Declination in degrees'),
  variant: z.enum(['mean', 'true']).optional().describe('Nodes only: mean or true node'),
});

const returnHouse = z.object({
  house: z.number().int().describe('House number, 1 to 12'),
  name: z.string().describe('The house number as text'),
  sign: signAbbr(),
  sign_id: signId(),
  pos: inSign(),
  abs_pos: longitude(),
});

const angleDetail = z.object({
  sign: signAbbr(),
  sign_id: signId(),
  pos: inSign(),
  degree: inSign().describe('The same as `pos`'),
  abs_pos: longitude(),
  house: z.number().int().describe('House 1 to 12 of the return chart the angle falls in'),
});

export const returnAspect = z.object({
  p1: z.string().describe("Id of the first point (in natal_comparison: the return chart's point)"),
  p2: z.string().describe('Id of the second point (in natal_comparison: the natal point)'),
  p1_id: z.string().describe('The same as p1'),
  p1_name: z.string().describe('Display name of the first point'),
  p2_id: z.string().describe('The same as p2'),
  p2_name: z.string().describe('Display name of the second point'),
  type: z.string().describe('Aspect name in lower case: conjunction, opposition, trine, square, sextile, or a minor one'),
  deg: z.number().describe('Exact angle of the aspect type, degrees'),
  angle: z.number().describe('Actual separation of the points, degrees, 0 to 180'),
  orb: z.number().describe('Distance from exact, degrees'),
  is_major: z.boolean().describe('True for the five major aspects'),
  is_applying: z.boolean().describe('True when the orb is shrinking (natal points stand still)'),
  out_of_sign: z.boolean().describe('True when the points are not the usual number of signs apart for the aspect'),
});

const natalComparison = z
  .object({
    aspects: z.array(returnAspect).describe("Aspects from the return chart's points (p1) to the natal points (p2), closest first"),
    house_overlay: z
      .array(
        z.object({
          planet: z.string().describe("Id of the return chart's point"),
          name: z.string().describe('Its display name'),
          abs_pos: longitude(),
          house: z.number().int().describe('The natal house (of the natal chart, same house system) the return point falls in'),
        }),
      )
      .optional()
      .describe("The return chart's points in the natal houses; absent when the birth time is unknown"),
    angularity: z
      .array(
        z.object({
          planet: z.string().describe("Id of the return chart's planet"),
          angle: z.enum(['asc', 'mc', 'ic', 'dc']).describe("The return chart's angle it is near"),
          orb: z.number().describe(`Distance from the angle in longitude, degrees (at most ${ANGULARITY_ORB})`),
        }),
      )
      .describe(
        `Return planets within ${ANGULARITY_ORB}° of the return chart's Ascendant, Midheaven, IC or Descendant, closest first; empty when the birth time is unknown`,
      ),
  })
  .describe('The return chart against the natal chart');

/** The return chart's fields, shared by the solar return and every return of the returns endpoint. */
const returnChartFields = {
  planets: z.array(returnPlanet).describe('The points of the return chart: the ten planets, the North Node, Lilith, Chiron'),
  houses: z.array(returnHouse).optional().describe('The twelve cusps of the return chart; absent when the birth time is unknown'),
  angles: z
    .object({
      asc: z.number().describe('Ascendant, longitude in degrees'),
      mc: z.number().describe('Midheaven'),
      ic: z.number().describe('Imum Coeli'),
      dc: z.number().describe('Descendant'),
      desc: z.number().describe('The same as dc'),
      vertex: z.number().describe('Vertex'),
      armc: z.number().describe('Right ascension of the Midheaven, degrees'),
    })
    .optional()
    .describe('Angles of the return chart; absent when the birth time is unknown'),
  angles_details: z
    .object({
      asc: angleDetail.describe('Ascendant'),
      mc: angleDetail.describe('Midheaven'),
      ic: angleDetail.describe('Imum Coeli'),
      dc: angleDetail.describe('Descendant'),
      desc: angleDetail.describe('The same as dc'),
      vertex: angleDetail.describe('Vertex'),
    })
    .optional()
    .describe('The angles with sign, degree and house; absent when the birth time is unknown'),
  aspects: z.array(returnAspect).describe("Aspects among the return chart's points, closest first"),
  natal_comparison: natalComparison,
};

const whereSchema = z
  .object({
    city: z.string().nullable().describe('City found or sent; null for bare coordinates'),
    country: z.string().nullable().describe('Country code of the place; null when none'),
    state: z.string().nullable().describe('First-level region of a gazetteer place; null otherwise'),
    lat: z.number().describe('Latitude in degrees'),
    lng: z.number().describe('Longitude in degrees'),
    timezone: z.string().describe('IANA zone of the local times'),
  })
  .describe('Where the return chart is cast');

const natalMeta = z
  .object({
    name: z.string().describe('The name sent (`User` when none)'),
    datetime: z.string().describe('Local date and time of birth with its UTC offset'),
    datetime_utc: z.string().describe('The birth in UTC'),
    timezone: z.string().describe('IANA zone of the birth'),
    lat: z.number().describe('Latitude of the birth place'),
    lng: z.number().describe('Longitude of the birth place'),
    time_known: z.boolean().describe('False when the birth time is unknown (cast for noon; no houses)'),
  })
  .describe('The birth the returns are of');

const settingsMeta = z
  .object({
    house_system: z.string().describe('House system used'),
    house_system_requested: z.string().describe('House system asked for'),
    zodiac_type: z.string().describe('Tropical or Sidereal'),
    sidereal_ayanamsa: z.string().nullable().describe('Ayanamsa of the sidereal zodiac; null for tropical'),
    aspect_set: z.string().describe('major or all'),
    node_type: z.string().describe('mean or true'),
  })
  .describe('The settings used');

const instantFields = {
  exact_moment_utc: z.string().describe('The return instant in UTC, ISO 8601 with milliseconds and Z (found to well under a second)'),
  exact_moment_local: z.string().describe('The same instant in the zone of the return location, with its offset'),
  julian_day_ut: z.number().describe('Julian day of the instant in UT'),
  julian_day_tt: z.number().describe('Julian day of the instant in TT'),
  delta_t_seconds: z.number().describe('ΔT (TT − UT) at the instant, seconds'),
};

export const solarReturnResponse = z.object({
  meta: z
    .object({
      solar_return: z
        .object({
          target_year: z.number().int().describe('The year asked for'),
          ...instantFields,
          natal_sun_longitude: longitude().describe("The natal Sun's longitude the Sun returns to, in the chart's zodiac"),
          location: whereSchema,
        })
        .describe('The return'),
      natal: natalMeta,
      settings: settingsMeta,
    })
    .describe('What was found and how'),
  exact_return_moment: z.string().describe('The return instant in UTC (the same as meta.solar_return.exact_moment_utc)'),
  return_moment: z.string().describe('The return instant in UTC (the same as exact_return_moment)'),
  ...returnChartFields,
  warnings: z.array(z.string()).describe('Things to know (a place chosen among namesakes, an unknown birth time, a house-system fallback); empty when none'),
});

export type SolarReturnAnswer = z.output<typeof solarReturnResponse>;

export const returnEntry = z.object({
  ...instantFields,
  direction: z.enum(['direct', 'retrograde']).describe('Whether the body crosses its natal longitude moving forward or backward'),
  body_speed: z.number().describe("The body's daily motion at the return, degrees per day"),
  location: whereSchema,
  ...returnChartFields,
});

export const returnsResponse = z.object({
  meta: z
    .object({
      return_target: z
        .object({
          body: z.string().describe('Id of the body'),
          body_name: z.string().describe('Its display name'),
          natal_longitude: longitude().describe("The natal longitude the body returns to, in the chart's zodiac"),
          mode: z.enum(['next', 'window']).describe('`next`: the first return at or after search_start; `window`: every return up to search_end'),
          search_start_utc: z.string().describe('Start of the search, UTC'),
          search_end_utc: z.string().describe("End of the search, UTC (for `next`: the end of the body's longest wait for a return)"),
          count: z.number().int().describe('Number of returns listed'),
          limit: z.number().int().describe(`Most returns listed (${MAX_RETURNS})`),
          truncated: z.boolean().describe('True when the window holds more returns than the limit: the first ones are listed'),
        })
        .describe('The search'),
      natal: natalMeta,
      settings: settingsMeta,
    })
    .describe('What was searched and how'),
  returns: z.array(returnEntry).describe('The returns found, in time order: a body that stations near its natal longitude can return three times in one pass'),
  warnings: z.array(z.string()).describe('Things to know; empty when none'),
});

export type ReturnsAnswer = z.output<typeof returnsResponse>;
export type ReturnChartFields = Omit<z.output<typeof returnEntry>, keyof typeof instantFields | 'direction' | 'body_speed' | 'location'>;
