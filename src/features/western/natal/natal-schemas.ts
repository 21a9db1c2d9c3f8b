/** Request and response schemas of POST /api/v1/natal/calculate and POST /natal. */
import { z } from 'zod/v4';
import { FEATURE_BODIES } from '../../../astro/bodies.ts';
import { DIGNITIES } from '../../../astro/dignities.ts';
import { birthFields, chartSettingsFields, orbSettings } from '../../../requests/birth-schema.ts';
import { interpretationBlock, interpretationRequest } from '../../../requests/interpretation-schema.ts';
import { queryBoolean } from '../../../requests/query-boolean.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { exampleBirth } from '../../../requests/examples.ts';
import { psychologicalReportRequest, reportSubmission } from '../../../reports/http/report-schemas.ts';

/** Star names, packs (`royal_4`, `behenian_15`, alias `behenian_20`) or `all`: a list, or one comma-separated string. */
const fixedStarsField = z
  .union([
    z.array(z.string().min(1).max(40)).max(50),
    z
      .string()
      .max(1000)
      .transform((v) =>
        v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
  ])
  .optional()
  .describe(
    'Fixed stars whose conjunctions with the chart points are listed: names from the Swiss Ephemeris catalogue, packs royal_4 and behenian_15 (alias behenian_20), or all (every named star of the catalogue)',
  );

export const natalRequest = z
  .object({
    ...birthFields,
    ...chartSettingsFields,
    include_speed: z.boolean().optional().describe('Accepted for compatibility: speed and is_stationary are always returned.'),
    include_features: z
      .array(z.enum(FEATURE_BODIES))
      .max(FEATURE_BODIES.length)
      .optional()
      .describe('Points added to the planets: asteroids, nodes, Lilith, the Part of Fortune, the angles.'),
    orb_settings: orbSettings,
    include_minor: z.boolean().optional().describe('Adds the minor aspects. Default false.'),
    include_minor_aspects: z.boolean().optional().describe('Alias of `include_minor`.'),
    include_stelliums: z.boolean().optional().describe('Adds the stelliums (three or more planets together). Default false.'),
    include_dignity: z.boolean().optional().describe('Adds planets[].dignity (domicile, exaltation, detriment, fall or null) and planets[].dignities'),
    include_dominants: z
      .boolean()
      .optional()
      .describe('Adds `dominants`: the element, modality and sign that hold the most weight among the planets and the Ascendant. Default false.'),
    dominants_method: caseInsensitiveEnum(['modern', 'traditional'])
      .optional()
      .describe('`modern` (default): the ten planets and the Ascendant; `traditional`: the seven visible planets (Sun to Saturn) and the Ascendant.'),
    include_declination_aspects: z
      .boolean()
      .optional()
      .describe('Adds `declination_aspects`: parallels and contra-parallels between the chart points, within 1° of declination. Default false.'),
    fixed_stars: fixedStarsField,
    fixed_star_orb: z.number().gt(0).max(3).optional().describe('Orb of a fixed-star conjunction in degrees (default 1)'),
    precision: z.number().int().min(0).max(12).optional().describe('Round positions, speeds and orbs to this many decimals (default: full precision).'),
    interpretation: interpretationRequest.optional().describe("Text for the chart's placements, aspects and patterns; off unless `enable` is true."),
    psychological_report: psychologicalReportRequest
      .optional()
      .describe(
        'With `enabled: true`, a psychological report is made in the background (one report credit); the answer carries a `report` block with the job to poll.',
      ),
  })
  .meta({ id: 'NatalChartRequest', example: { ...exampleBirth, include_minor: true } });

export type NatalRequest = z.output<typeof natalRequest>;

export const natalQuery = z.object({
  include_minor: queryBoolean().describe('Adds the minor aspects (also a body field; the query wins). Default false.'),
  include_stelliums: queryBoolean().describe('Adds the stelliums (also a body field; the query wins). Default false.'),
});

/** The words of a position in the zodiac, shared by planets, cusps, angles and stars. */
const signAbbr = () => z.string().describe('Three-letter sign abbreviation: Ari, Tau, Gem … Pis');
const signId = () => z.string().describe('Sign id in lower case: aries … pisces');
const degreeInSign = () => z.number().describe('Degrees into the sign, 0 to under 30');
const longitude = () => z.number().describe("Ecliptic longitude in degrees, 0 to under 360, in the chart's zodiac (tropical or sidereal)");

export const planetSchema = z.object({
  id: z.string().describe('Point id in lower case (sun, moon, north_node, part_of_fortune, asc …)'),
  name: z.string().describe('Display name of the point (Sun, North Node …)'),
  sign: signAbbr(),
  sign_id: signId(),
  pos: degreeInSign(),
  abs_pos: longitude(),
  retrograde: z.boolean().describe('True when the longitude is decreasing (speed below 0); always false for the angles'),
  speed: z.number().describe('Daily motion in longitude, degrees per day; negative when retrograde'),
  is_stationary: z.boolean().describe("True when the speed is below the body's stationary threshold (planets, Chiron, Pholus and the main asteroids only)"),
  latitude: z.number().describe('Ecliptic latitude in degrees; 0 for calculated points (angles, Part of Fortune)'),
  distance_au: z.number().describe('Distance from the Earth in astronomical units; 0 for calculated points (angles, Part of Fortune)'),
  declination: z.number().describe('Declination in degrees north (positive) or south (negative) of the celestial equator'),
  house: z.number().int().optional().describe('House 1 to 12 the point falls in; absent when the birth time is unknown'),
  variant: z.enum(['mean', 'true']).optional().describe('Nodes only: whether the mean or the true node was used'),
  dignity: z.enum(DIGNITIES).nullable().optional().describe('With include_dignity: the first of dignities, null when none'),
  dignities: z.array(z.enum(DIGNITIES)).optional().describe('With include_dignity: every essential dignity the point has in its sign (empty when none)'),
});

export const houseSchema = z.object({
  house: z.number().int().describe('House number, 1 to 12'),
  name: z.string().describe('The house number as text'),
  sign: signAbbr(),
  sign_id: signId(),
  pos: z.number().describe('Degrees of the cusp into its sign, 0 to under 30'),
  abs_pos: z.number().describe("Ecliptic longitude of the cusp in degrees, 0 to under 360, in the chart's zodiac"),
});
export const angleDetailSchema = z.object({
  sign: signAbbr(),
  sign_id: signId(),
  pos: degreeInSign(),
  abs_pos: longitude(),
  house: z.number().int().describe('House 1 to 12 the angle falls in'),
});

export const aspectSchema = z.object({
  p1: z.string().describe('Id of the first point (a planets[].id, or asc or mc)'),
  p2: z.string().describe('Id of the second point (a planets[].id, or asc or mc)'),
  type: z.string().describe('Aspect name: conjunction, opposition, trine, square, sextile, or a minor one (quincunx, semi_sextile …)'),
  deg: z.number().describe('The exact angle of the aspect type in degrees (0, 60, 90, 120, 180 …)'),
  angle: z.number().describe('The actual separation of the two points in longitude, degrees, 0 to 180'),
  orb: z.number().describe('How far the separation is from the exact angle, degrees'),
  is_major: z.boolean().describe('True for conjunction, opposition, trine, square and sextile'),
  is_applying: z.boolean().describe('True when the orb is shrinking (the aspect is getting closer to exact), false when separating'),
  out_of_sign: z
    .boolean()
    .describe('True when the points are not the usual number of signs apart for this aspect (only for aspects that are multiples of 30°)'),
});

export const aspectsSummarySchema = z.object({
  total: z.number().int().describe('Number of aspects listed'),
  major: z.number().int().describe('How many of them are major'),
  minor: z.number().int().describe('How many of them are minor'),
  by_type: z.record(z.string(), z.number().int()).describe('Number of aspects of each type found, by aspect name'),
});

export const subjectSchema = z.object({
  name: z.string().describe('The name sent with the request (`User` when none was sent)'),
  datetime: z.string().describe('Local date and time with the UTC offset in force'),
  datetime_utc: z.string().describe('The same instant in UTC, ISO 8601 with Z'),
  location: z
    .object({
      city: z.string().nullable().describe('The city found in the gazetteer, or as sent alongside coordinates; null when only coordinates were sent'),
      country: z.string().nullable().describe('ISO 3166-1 alpha-2 code of the gazetteer place, or the country as sent alongside coordinates; null when none'),
      state: z.string().nullable().describe('first-level region (state, province, Land) of a city found in the gazetteer; null for coordinates'),
      lat: z.number().describe('Latitude in degrees, -90 (south) to 90 (north)'),
      lng: z.number().describe('Longitude in degrees, -180 (west) to 180 (east)'),
      timezone: z.string().describe('IANA time-zone name used for the local time'),
    })
    .describe('Where the chart is cast'),
  settings: z
    .object({
      house_system: z.string().describe('House system used (it differs from the requested one where that is undefined at this latitude)'),
      house_system_requested: z.string().describe('House system asked for (placidus by default)'),
      zodiac_type: z.string().describe('Tropical or Sidereal'),
      sidereal_ayanamsa: z.string().nullable().describe('The ayanamsa used in the sidereal zodiac; null for the tropical zodiac'),
      ayanamsa_deg: z.number().nullable().describe('Value of the ayanamsa at this moment in degrees; null for the tropical zodiac'),
      julian_day: z.number().describe('Julian day of the moment in Universal Time'),
      julian_day_tt: z.number().describe('Julian day of the moment in Terrestrial Time'),
      delta_t_days: z.number().describe('ΔT (TT minus UT) in days'),
      delta_t_seconds: z.number().describe('ΔT (TT minus UT) in seconds'),
      utc_offset: z.string().describe('UTC offset in force at the local time, ±HH:MM (±HH:MM:SS for an old local mean time with seconds)'),
      time_known: z.boolean().describe('False when the birth time is unknown (cast for local noon, without houses)'),
    })
    .describe('How the chart was calculated'),
});

export const stelliumsSchema = z
  .object({
    signs: z
      .array(
        z.object({
          sign: signAbbr(),
          sign_id: signId(),
          count: z.number().int().describe('Number of planets in the sign, 3 or more'),
          bodies: z.array(z.string()).describe('Ids of those planets'),
        }),
      )
      .describe('Stelliums by sign; empty when none'),
    houses: z
      .array(
        z.object({
          house: z.number().int().describe('House number, 1 to 12'),
          count: z.number().int().describe('Number of planets in the house, 3 or more'),
          bodies: z.array(z.string()).describe('Ids of those planets'),
        }),
      )
      .describe('empty when the birth time is unknown'),
  })
  .describe('Three or more of the ten planets in one sign (zodiacal order) or one house (numerical order)');

export const fixedStarsResponse = z.object({
  orb: z.number().describe('The largest separation in longitude counted as a conjunction, degrees'),
  stars_checked: z.number().int().describe('How many distinct stars were looked at (a star asked for twice counts once)'),
  conjunctions: z
    .array(
      z.object({
        star: z.string().describe("The star's traditional name in the catalogue"),
        designation: z.string().describe("The star's Bayer-style designation in the catalogue (alTau for Aldebaran)"),
        point: z.string().describe('Id of the chart point the star is conjunct (sun, moon, asc …)'),
        orb: z.number().describe('Separation of point and star in longitude, degrees'),
        star_abs_pos: z.number().describe("Ecliptic longitude of the star in degrees, 0 to under 360, in the chart's zodiac"),
        star_pos: z.number().describe('Degrees of the star into its sign, 0 to under 30'),
        star_sign: z.string().describe("Three-letter abbreviation of the star's sign"),
        star_sign_id: z.string().describe('Sign id of the star in lower case'),
        star_latitude: z.number().describe('Ecliptic latitude of the star in degrees (not used to find conjunctions)'),
        magnitude: z.number().nullable().describe('Visual magnitude (smaller is brighter); null when the catalogue has none'),
        point_abs_pos: z.number().describe('Ecliptic longitude of the chart point in degrees'),
      }),
    )
    .describe('Closest first'),
});

export const provenanceSchema = z
  .object({
    engine: z.string().describe('The ephemeris engine (Swiss Ephemeris)'),
    engine_version: z.string().describe('Its version'),
    ephemeris: z
      .object({
        mode: z
          .enum(['swiss_ephemeris_files', 'moshier_fallback'])
          .describe('The data files, or the analytic Moshier theory for a moment outside them (or a body they lack)'),
        files: z.array(z.string()).describe('The data files the service carries'),
        files_range: z
          .object({
            start_jd: z.number().describe('First Julian day the files cover'),
            end_jd: z.number().describe('Julian day after the last they cover'),
            start: z.string().describe('First date they cover'),
            end: z.string().describe('Last date they cover'),
          })
          .describe('The span of the files'),
      })
      .describe('Where the positions came from'),
    frame: z.string().describe('The coordinate frame of the positions'),
    delta_t_seconds: z.number().describe('ΔT (TT minus UT) used, seconds'),
    time_scale: z.string().describe('How civil time was taken'),
    tz_database: z.string().describe('The IANA time-zone database release that resolved the local time'),
    time_zone: z.string().describe('The IANA zone of the local time'),
    time_zone_source: z.enum(['request', 'auto']).describe('request: the zone was sent; auto: looked up from the place'),
    utc_offset: z.string().describe('UTC offset in force at the local time'),
    dst_resolution: z
      .object({
        status: z.enum(['ok', 'gap', 'fold']).describe('ok, or gap (a local time skipped by a clock change) or fold (one that occurs twice)'),
        policy: z.enum(['reject', 'earlier', 'later', 'shift_forward']).describe('The dst_policy in force'),
        applied: z.boolean().describe('True when the policy decided the instant (a gap or a fold)'),
        candidate_offsets: z.array(z.string()).optional().describe('A fold: both offsets the local time has'),
      })
      .describe('How a daylight-saving change at the local time was resolved'),
    place_source: z.enum(['request', 'gazetteer']).describe('request: coordinates as sent; gazetteer: the city looked up'),
    house_system_requested: z.string().nullable().describe('House system asked for; null without a birth time'),
    house_system_used: z.string().nullable().describe('House system used; null without a birth time'),
    house_fallback: z.boolean().describe('True when another house system had to be used (the one asked for is undefined at this latitude)'),
  })
  .describe('Engine, data files, ΔT, time-zone database, DST and house-system decisions');

export const natalResponse = z.object({
  subject: subjectSchema.describe('Who and where the chart is for, and how it was calculated'),
  planets: z.array(planetSchema).describe('The planets and the points asked for, with their positions'),
  houses: z.array(houseSchema).optional().describe('The twelve house cusps; absent when the birth time is unknown'),
  angles: z
    .object({
      asc: z.number().describe('Ascendant, ecliptic longitude in degrees'),
      mc: z.number().describe('Midheaven, ecliptic longitude in degrees'),
      ic: z.number().describe('Imum Coeli (opposite the Midheaven), ecliptic longitude in degrees'),
      dc: z.number().describe('Descendant (opposite the Ascendant), ecliptic longitude in degrees'),
      vertex: z.number().describe('Vertex, ecliptic longitude in degrees'),
      armc: z.number().describe('Right ascension of the Midheaven (local sidereal time as an angle), degrees'),
    })
    .optional()
    .describe("Angles in the chart's zodiac; absent when the birth time is unknown"),
  angles_details: z
    .record(z.string(), angleDetailSchema)
    .optional()
    .describe('asc, mc, ic, dc and vertex with sign and house; absent when the birth time is unknown'),
  aspects: z.array(aspectSchema).describe('Aspects between the points of the chart'),
  fixed_stars: fixedStarsResponse.optional().describe('With fixed_stars: conjunctions of the chart points with the stars asked for'),
  declination_aspects: z
    .array(
      z.object({
        p1: z.string().describe('Id of the first point'),
        p2: z.string().describe('Id of the second point'),
        type: z.string().describe('parallel (same declination, same side of the equator) or contra_parallel (same declination, opposite sides)'),
        orb: z.number().describe('Distance from exact in degrees of declination, at most 1'),
        p1_declination: z.number().describe('Declination of the first point, degrees (north positive)'),
        p2_declination: z.number().describe('Declination of the second point, degrees (north positive)'),
      }),
    )
    .optional()
    .describe('With include_declination_aspects: parallels and contra-parallels, closest first'),
  aspects_summary: aspectsSummarySchema.describe('Counts of the aspects listed'),
  confidence: z
    .object({
      houses: z
        .string()
        .describe(
          'high; medium when another house system had to be used, or when the cusps turn back on themselves (Topocentric and Sunshine-Makransky near the poles); unavailable without a birth time',
        ),
      angles: z.string().describe('high, or unavailable without a birth time'),
      overall: z.string().describe('high, or medium without a birth time'),
      notes: z.array(z.string()).describe('Why a level is below high; empty when all are high'),
    })
    .describe('How far the chart can be trusted given the data sent'),
  stelliums: stelliumsSchema.optional(),
  dominants: z
    .object({
      method: z.string().describe('modern or traditional, as asked'),
      element: z.string().describe('fire, earth, air or water: the element with the most weight (Sun, Moon and Ascendant count twice, the other planets once)'),
      modality: z.string().describe('cardinal, fixed or mutable, weighted the same way'),
      sign: signAbbr(),
      sign_id: signId(),
      element_scores: z.record(z.string(), z.number()).describe('Weight in each element'),
      modality_scores: z.record(z.string(), z.number()).describe('Weight in each modality'),
      points_counted: z.array(z.string()).describe('Ids of the points counted (the Ascendant only with a birth time)'),
    })
    .optional()
    .describe('With include_dominants: what the chart has most of; ties go to the first in zodiacal order'),
  interpretation: interpretationBlock.optional().describe('With `interpretation.enable`'),
  warnings: z
    .array(z.string())
    .describe(
      'Things to know about the answer (a place chosen among namesakes, a local time skipped or repeated by a daylight-saving change, a house-system fallback, a body outside its ephemeris range); empty when none',
    ),
  provenance: provenanceSchema,
  report: reportSubmission.optional().describe('With `psychological_report.enabled`: the report job'),
});

/**
 * The compact variant takes the same birth fields as the full chart (city or lat/lng, tz_str or
 * timezone, time_known). Its OpenAPI component keeps the public id it was published under,
 * SimpleNatalRequest, which generated clients name their type after.
 */
export const compactNatalRequest = z.object(birthFields).meta({ id: 'SimpleNatalRequest', example: exampleBirth });

export type CompactNatalRequest = z.output<typeof compactNatalRequest>;

export const compactNatalResponse = z.object({
  subject: z
    .object({
      name: z.string().describe('The name sent with the request (`User` when none was sent)'),
      datetime: z.string().describe('Local date and time with the UTC offset in force'),
      datetime_utc: z.string().describe('The same instant in UTC, ISO 8601 with Z'),
      timezone: z.string().describe('IANA time-zone name used for the local time'),
      lat: z.number().describe('Latitude in degrees, -90 to 90'),
      lng: z.number().describe('Longitude in degrees, -180 to 180'),
    })
    .describe('Who and where the chart is for'),
  planets: z
    .record(
      z.string(),
      z.object({
        sign: z.string().describe('Full sign name (Aries … Pisces), tropical zodiac'),
        house: z.number().int().optional().describe('absent when the birth time is unknown'),
        degree: z.number().describe('Degrees into the sign, 0 to under 30'),
        retrograde: z.boolean().describe('True when the body moves backwards in longitude'),
      }),
    )
    .describe('The ten planets and the mean North Node, by id'),
  houses: z.record(z.string(), z.string()).describe('empty when the birth time is unknown'),
  summary: z
    .object({
      sun_sign: z.string().describe("Full name of the Sun's sign"),
      moon_sign: z.string().describe("Full name of the Moon's sign"),
      rising_sign: z.string().nullable().describe("Full name of the Ascendant's sign; null when the birth time is unknown"),
      dominant_element: z.string().describe('fire, earth, air or water: the most weighted among the planets and Ascendant (Sun, Moon, Ascendant count twice)'),
      dominant_modality: z.string().describe('cardinal, fixed or mutable, weighted the same way'),
    })
    .describe('The chart in a few words'),
  warnings: z
    .array(z.string())
    .optional()
    .describe(
      'present when the city name also names places in other countries (which one was chosen), or when a daylight-saving change skipped or repeated the local time (how it was read)',
    ),
});
