/** Request and response schemas of POST /api/v1/natal/calculate and POST /natal. */
import { z } from 'zod/v4';
import { FEATURE_BODIES } from '../../astro/bodies.ts';
import { DIGNITIES } from '../../astro/dignities.ts';
import { birthFields, chartSettingsFields, orbSettings } from '../shared/birth-schema.ts';
import { interpretationBlock, interpretationRequest } from '../shared/interpretation-schema.ts';
import { queryBoolean } from '../shared/query-boolean.ts';
import { exampleBirth } from '../shared/examples.ts';
import { psychologicalReportRequest, reportSubmission } from '../reports/schemas.ts';

/** Star names, packs (`royal_4`, `behenian_15`, alias `behenian_20`) or `all`: a list, or one comma-separated string. */
const fixedStarsField = z
  .union([z.array(z.string().min(1).max(40)).max(50), z.string().max(1000).transform((v) => v.split(',').map((x) => x.trim()).filter(Boolean))])
  .optional()
  .describe('Fixed stars whose conjunctions with the chart points are listed: names from the Swiss Ephemeris catalogue, packs royal_4 and behenian_15 (alias behenian_20), or all (every named star of the catalogue)');

export const natalRequest = z
  .object({
    ...birthFields,
    ...chartSettingsFields,
    include_speed: z.boolean().optional().describe('Accepted for compatibility: speed and is_stationary are always returned.'),
    include_features: z.array(z.enum(FEATURE_BODIES)).max(FEATURE_BODIES.length).optional().describe('Points added to the planets: asteroids, nodes, Lilith, the Part of Fortune, the angles.'),
    orb_settings: orbSettings,
    include_minor: z.boolean().optional().describe('Adds the minor aspects. Default false.'),
    include_minor_aspects: z.boolean().optional().describe('Alias of `include_minor`.'),
    include_stelliums: z.boolean().optional().describe('Adds the stelliums (three or more planets together). Default false.'),
    include_dignity: z.boolean().optional().describe('Adds planets[].dignity (domicile, exaltation, detriment, fall or null) and planets[].dignities'),
    fixed_stars: fixedStarsField,
    fixed_star_orb: z.number().gt(0).max(3).optional().describe('Orb of a fixed-star conjunction in degrees (default 1)'),
    precision: z.number().int().min(0).max(12).optional().describe('Round positions, speeds and orbs to this many decimals (default: full precision).'),
    interpretation: interpretationRequest.optional().describe('Text for the chart\'s placements, aspects and patterns; off unless `enable` is true.'),
    psychological_report: psychologicalReportRequest.optional().describe('With `enabled: true`, a psychological report is made in the background (one report credit); the answer carries a `report` block with the job to poll.'),
  })
  .meta({ id: 'NatalChartRequest', example: { ...exampleBirth, include_minor: true } });

export type NatalRequest = z.output<typeof natalRequest>;

export const natalQuery = z.object({
  include_minor: queryBoolean().describe('Adds the minor aspects (also a body field; the query wins). Default false.'),
  include_stelliums: queryBoolean().describe('Adds the stelliums (also a body field; the query wins). Default false.'),
});

export const planetSchema = z.object({
  id: z.string(), name: z.string(), sign: z.string(), sign_id: z.string(),
  pos: z.number(), abs_pos: z.number(), retrograde: z.boolean(), house: z.number().int().optional(),
  speed: z.number(), is_stationary: z.boolean(), latitude: z.number(), distance_au: z.number(), declination: z.number(),
  variant: z.enum(['mean', 'true']).optional(),
  dignity: z.enum(DIGNITIES).nullable().optional().describe('With include_dignity: the first of dignities, null when none'),
  dignities: z.array(z.enum(DIGNITIES)).optional(),
});

const house = z.object({ house: z.number().int(), name: z.string(), sign: z.string(), sign_id: z.string(), pos: z.number(), abs_pos: z.number() });
const angleDetail = z.object({ sign: z.string(), sign_id: z.string(), pos: z.number(), abs_pos: z.number(), house: z.number().int() });

export const aspectSchema = z.object({
  p1: z.string(), p2: z.string(), type: z.string(), deg: z.number(), angle: z.number(), orb: z.number(),
  is_major: z.boolean(), is_applying: z.boolean(), out_of_sign: z.boolean(),
});

export const aspectsSummarySchema = z.object({ total: z.number().int(), major: z.number().int(), minor: z.number().int(), by_type: z.record(z.string(), z.number().int()) });

export const subjectSchema = z.object({
  name: z.string(),
  datetime: z.string().describe('Local date and time with the UTC offset in force'),
  datetime_utc: z.string(),
  location: z.object({ city: z.string().nullable(), country: z.string().nullable(), state: z.string().nullable().describe('first-level region (state, province, Land) of a city found in the gazetteer; null for coordinates'), lat: z.number(), lng: z.number(), timezone: z.string() }),
  settings: z.object({
    house_system: z.string(), house_system_requested: z.string(), zodiac_type: z.string(), sidereal_ayanamsa: z.string().nullable(),
    ayanamsa_deg: z.number().nullable(), julian_day: z.number(), julian_day_tt: z.number(), delta_t_days: z.number(),
    delta_t_seconds: z.number(), utc_offset: z.string(), time_known: z.boolean(),
  }),
});

export const stelliumsSchema = z.object({
  signs: z.array(z.object({ sign: z.string(), sign_id: z.string(), count: z.number().int(), bodies: z.array(z.string()) })),
  houses: z.array(z.object({ house: z.number().int(), count: z.number().int(), bodies: z.array(z.string()) })).describe('empty when the birth time is unknown'),
}).describe('Three or more of the ten planets in one sign (zodiacal order) or one house (numerical order)');

export const fixedStarsResponse = z.object({
  orb: z.number().describe('The largest separation in longitude counted as a conjunction, degrees'),
  stars_checked: z.number().int(),
  conjunctions: z.array(z.object({
    star: z.string(), designation: z.string(), point: z.string(), orb: z.number(),
    star_abs_pos: z.number(), star_pos: z.number(), star_sign: z.string(), star_sign_id: z.string(), star_latitude: z.number(),
    magnitude: z.number().nullable(), point_abs_pos: z.number(),
  })).describe('Closest first'),
});

export const provenanceSchema = z.object({}).passthrough().describe('Engine, data files, ΔT, time-zone database, DST and house-system decisions');

export const natalResponse = z.object({
  subject: subjectSchema,
  planets: z.array(planetSchema),
  houses: z.array(house).optional(),
  angles: z.object({ asc: z.number(), mc: z.number(), ic: z.number(), dc: z.number(), vertex: z.number(), armc: z.number() }).optional(),
  angles_details: z.record(z.string(), angleDetail).optional(),
  aspects: z.array(aspectSchema),
  aspects_summary: aspectsSummarySchema,
  confidence: z.object({ houses: z.string(), angles: z.string(), overall: z.string(), notes: z.array(z.string()) }),
  stelliums: stelliumsSchema.optional(),
  fixed_stars: fixedStarsResponse.optional(),
  interpretation: interpretationBlock.optional().describe('With `interpretation.enable`'),
  warnings: z.array(z.string()),
  provenance: provenanceSchema,
  report: reportSubmission.optional().describe('With `psychological_report.enabled`: the report job'),
});

/** The compact variant takes the same birth fields as the full chart (city or lat/lng, tz_str or timezone, time_known). */
export const simpleNatalRequest = z.object(birthFields).meta({ id: 'SimpleNatalRequest', example: exampleBirth });

export type SimpleNatalRequest = z.output<typeof simpleNatalRequest>;

export const simpleNatalResponse = z.object({
  subject: z.object({ name: z.string(), datetime: z.string(), datetime_utc: z.string(), timezone: z.string(), lat: z.number(), lng: z.number() }),
  planets: z.record(z.string(), z.object({ sign: z.string(), house: z.number().int().optional().describe('absent when the birth time is unknown'), degree: z.number(), retrograde: z.boolean() })),
  houses: z.record(z.string(), z.string()).describe('empty when the birth time is unknown'),
  summary: z.object({ sun_sign: z.string(), moon_sign: z.string(), rising_sign: z.string().nullable(), dominant_element: z.string(), dominant_modality: z.string() }),
  warnings: z.array(z.string()).optional().describe('present when the city name also names places in other countries: which one was chosen'),
});
