/** Request and response schemas of POST /api/v1/western/astrocartography/lines. */
import { z } from 'zod/v4';
import { ACG_ANGLES } from '../../../astro/astrocartography.ts';
import { TEN_PLANETS } from '../../../astro/bodies.ts';
import { birthFields, houseSystem } from '../../../requests/birth-schema.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';

/** The bodies that can have lines: the ten planets, the nodes, Chiron and the two Liliths. */
export const ACG_BODIES = [...TEN_PLANETS, 'true_node', 'mean_node', 'chiron', 'lilith', 'true_lilith'] as const;
export type AcgBodyId = (typeof ACG_BODIES)[number];

/** The public service's default: Sun through Pluto plus the True Node. */
export const DEFAULT_ACG_BODIES: readonly AcgBodyId[] = [...TEN_PLANETS, 'true_node'];

export const ACG_MODES = ['in_mundo', 'projected'] as const;

/** Paris, 1995-09-05 20:00 local time: the public service's documented example birth. */
export const exampleAcgNatal = {
  name: 'Paris example',
  year: 1995,
  month: 9,
  day: 5,
  hour: 20,
  minute: 0,
  city: 'Paris',
  lat: 48.8566,
  lng: 2.3522,
  tz_str: 'Europe/Paris',
  time_known: true,
  house_system: 'placidus',
};

const bodyName = caseInsensitiveEnum(ACG_BODIES, { 'true node': 'true_node', 'mean node': 'mean_node', 'true lilith': 'true_lilith' });
const angleName = caseInsensitiveEnum(ACG_ANGLES, { dc: 'dsc', desc: 'dsc', ascendant: 'asc', descendant: 'dsc', midheaven: 'mc', imum_coeli: 'ic' });

/** The birth block every endpoint of the family takes. */
export const acgNatal = z
  .object({ ...birthFields, house_system: houseSystem.optional() })
  .describe(
    'The birth: the flat western birth block (year, month, day, hour, minute, city or lat/lng, tz_str, time_known, house_system). The birth time is required: `time_known: false` is a 422 on `natal.time_known`. `house_system` is accepted and does not change the lines; other keys a natal request carries (zodiac_type, include_features, interpretation...) are ignored.',
  );

/** `mode`, for the lines, the city check and the recommendations. */
export const acgMode = caseInsensitiveEnum(ACG_MODES)
  .default('in_mundo')
  .describe(
    "`in_mundo` (default): the body where it really is, with its ecliptic latitude; `projected`: the body's zodiacal degree, a point of the ecliptic (latitude 0) at its longitude. Any case.",
  );

/** `bodies`. */
export const acgBodies = z
  .array(bodyName)
  .min(1)
  .max(ACG_BODIES.length * 2)
  .optional()
  .describe(
    `Bodies to draw, in any case (\`Sun\`, \`True_Node\`): ${ACG_BODIES.join(', ')}. Default: sun through pluto and true_node. A body named twice is drawn once.`,
  );

export const acgAngles = z
  .array(angleName)
  .min(1)
  .max(8)
  .optional()
  .describe('Angles to draw: asc (rising), dsc (setting), mc (culminating), ic (anti-culminating), any case (`dc` is read as dsc). Default: all four.');

export const acgLinesRequest = z
  .object({
    natal: acgNatal,
    mode: acgMode,
    bodies: acgBodies,
    angles: acgAngles,
    topocentric: z
      .boolean()
      .default(false)
      .describe(
        "True: the horizon lines are where the body's centre is on the horizon as seen from the Earth's surface (parallax; the Moon's moves its lines by up to about 1°); MC and IC do not change (parallax has no east-west part on the meridian). Only with mode `in_mundo`: a projected point has no distance (422 on `topocentric`). Default false: geocentric.",
      ),
    include_crossings: z
      .boolean()
      .default(false)
      .describe('Adds `crossings`: the points where lines of two different bodies cross. Default false (no plan restriction).'),
  })
  .meta({ id: 'AstrocartographyLinesRequest', example: { natal: exampleAcgNatal, mode: 'in_mundo', include_crossings: true } });

export type AcgLinesRequest = z.output<typeof acgLinesRequest>;

// An array of two numbers rather than a tuple: MCP clients validate outputSchema with draft-07 validators, which read a tuple's `prefixItems` wrongly.
const position = z.array(z.number()).length(2).describe('[longitude, latitude] in degrees: longitude -180 to 180, latitude -90 to 90');

const lineString = z.object({
  type: z.literal('LineString').describe('One unbroken line'),
  coordinates: z.array(position).describe('[longitude, latitude] positions, WGS84 degrees'),
});
const multiLineString = z.object({
  type: z.literal('MultiLineString').describe('A line cut at the antimeridian into runs'),
  coordinates: z
    .array(z.array(position))
    .describe('Runs of [longitude, latitude] positions, cut at the antimeridian (each run ends on ±180 where the next begins)'),
});

const BODY = 'Body id, lower case (sun ... pluto, true_node)';
const ANGLE = 'asc (rising), dsc (setting), mc (culminating) or ic (anti-culminating)';

const lineRef = z.object({
  id: z.string().describe('`<body>:<angle>`'),
  body: z.string().describe(BODY),
  angle: z.enum(ACG_ANGLES).describe(ANGLE),
});

/** A city of the gazetteer, as the family's answers name it. */
export const acgCity = z.object({
  name: z.string().describe('City name (GeoNames main name)'),
  country: z.string().describe('ISO 3166-1 alpha-2 country code'),
  state: z.string().nullable().describe('First-level region (state, province), or null'),
  lat: z.number().describe('Latitude, degrees'),
  lng: z.number().describe('Longitude, degrees east'),
  population: z.number().describe('Population (GeoNames)'),
});

export const nearestCity = acgCity
  .extend({ distance_km: z.number().describe('Great-circle distance from the point to the city, km') })
  .nullable()
  .describe('The nearest city of 15,000 people or more (great circle on the mean-radius sphere); null only without a gazetteer');

export const acgCrossing = z.object({
  id: z.string().describe('`<line_a_id>|<line_b_id>@<latitude>`'),
  line_a_id: z.string().describe('The first line, `<body>:<angle>`'),
  line_b_id: z.string().describe('The second line, of another body'),
  lines: z.array(lineRef).describe('The two lines, with their bodies and angles'),
  label: z.string().describe('A short caption: the two lines and the nearest city'),
  point: z
    .object({
      type: z.literal('Point').describe('A GeoJSON point'),
      coordinates: position,
    })
    .describe('Where the two lines cross, as GeoJSON'),
  lat: z.number().describe('Latitude of the crossing, degrees'),
  lng: z.number().describe('Longitude of the crossing, degrees east'),
  nearest_city: nearestCity,
});

export const acgLine = z.object({
  id: z.string().describe('`<body>:<angle>`, e.g. `jupiter:mc`'),
  body: z.string().describe('Body id, lower case (sun ... pluto, true_node)'),
  angle: z.enum(ACG_ANGLES).describe(ANGLE),
  geometry: z
    .union([lineString, multiLineString])
    .describe('GeoJSON geometry: MC/IC a meridian from pole to pole, ASC/DSC a curve between its turning latitudes'),
  latitude_min: z.number().describe('Southernmost latitude the line reaches'),
  latitude_max: z.number().describe('Northernmost latitude the line reaches'),
  split_at_antimeridian: z.boolean().describe('True when the line crossed ±180° and is a MultiLineString'),
});

export const acgPosition = z.object({
  body: z.string().describe(BODY),
  right_ascension: z.number().describe('Right ascension of date the lines use, degrees 0 to 360 (projected mode: of the ecliptic point)'),
  declination: z.number().describe('Declination of date the lines use, degrees'),
  distance_au: z.number().nullable().describe('Geocentric distance in AU; null for points without one (nodes, Lilith) and in projected mode'),
  circumpolar_beyond_lat: z
    .number()
    .nullable()
    .describe(
      '|latitude| beyond which the body never rises or sets (90 − |declination| geocentrically): its ASC and DSC lines stop there; null for a body on the equator',
    ),
});

export const acgLinesResponse = z.object({
  meta: z
    .object({
      geometry_format: z.literal('geojson').describe('Every geometry is GeoJSON (RFC 7946), positions as [longitude, latitude]'),
      coordinate_reference_system: z.literal('WGS84').describe('Longitudes and latitudes are WGS84 degrees'),
      mode: z.enum(ACG_MODES).describe('The mode the lines were drawn in: in_mundo (the body where it is) or projected (its ecliptic degree)'),
      topocentric: z.boolean().describe('Whether the horizon lines include parallax'),
      bodies: z.array(z.string()).describe('The bodies drawn, in the order of `lines`'),
      angles: z.array(z.enum(ACG_ANGLES)).describe("The angles drawn, in the order of each body's lines"),
      include_crossings: z.boolean().describe('Whether `crossings` was asked for'),
      datetime: z.string().describe('The birth: local date and time with the UTC offset in force'),
      datetime_utc: z.string().describe('The birth instant in UTC (ISO 8601, Z): the instant every line is drawn for'),
      timezone: z.string().describe('IANA zone of the local time'),
      julian_day_ut: z.number().describe('Julian day of the birth instant, Universal Time'),
      sidereal_time_greenwich_deg: z.number().describe('Greenwich apparent sidereal time at the birth instant, degrees (0 to 360)'),
      obliquity_deg: z.number().describe("True obliquity of the ecliptic at the birth instant, degrees (the projected mode's conversion)"),
      horizon: z.string().describe("What `asc`/`dsc` mean: the body's centre at true (geometric) altitude 0, without refraction"),
      max_error_deg: z.number().describe('max_error_km as an angle of a great circle on the Earth, degrees'),
      max_error_km: z
        .number()
        .describe(
          'Largest distance on the ground between a drawn line and the true line, whether a client joins the positions straight in longitude/latitude or by great-circle arcs, km',
        ),
      birth_place: z
        .object({
          city: z.string().nullable().describe('The city named in the request or found from it; null for coordinates'),
          country: z.string().nullable().describe("The city's country; null for coordinates"),
          lat: z.number().describe('Latitude of the birth place, degrees'),
          lng: z.number().describe('Longitude of the birth place, degrees east'),
        })
        .describe('Where the birth time was read (its zone); the lines themselves do not depend on it'),
    })
    .describe('What was drawn and how'),
  positions: z.array(acgPosition).describe("Each body's equatorial position at the birth instant (apparent, equatorial of date, geocentric)"),
  lines: z.array(acgLine).describe("Every line, body by body in the order of `meta.bodies`, each body's angles in the order of `meta.angles`"),
  crossings: z
    .array(acgCrossing)
    .describe(
      'With include_crossings: where lines of two different bodies cross (a horizon line with another meridian or horizon line), in line order then south to north; empty otherwise',
    ),
  map: z
    .object({
      line_ids: z.array(z.string()).describe('The ids of the drawn lines, in the order of `lines` (whose geometries are there)'),
      crossings: z.array(acgCrossing).describe('The same crossings as the top-level `crossings`, where map clients read them'),
    })
    .describe('The map block: the drawn lines by id and the crossings'),
  warnings: z.array(z.string()).describe('The exploratory notice, the date-line split when a line was split, and any place or local-time notice'),
});

export type AcgLinesAnswer = z.output<typeof acgLinesResponse>;
