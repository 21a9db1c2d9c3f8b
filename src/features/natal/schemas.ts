/** Request and response schemas of POST /api/v1/natal/calculate and POST /natal. */
import { z } from 'zod/v4';
import { FEATURE_BODIES } from '../../astro/bodies.ts';
import { birthFields, chartSettingsFields, orbSettings } from '../shared/birth-schema.ts';

export const natalRequest = z
  .object({
    ...birthFields,
    ...chartSettingsFields,
    include_speed: z.boolean().optional().describe('Accepted for compatibility: speed and is_stationary are always returned.'),
    include_features: z.array(z.enum(FEATURE_BODIES)).max(FEATURE_BODIES.length).optional(),
    orb_settings: orbSettings,
    include_minor: z.boolean().optional(),
    include_minor_aspects: z.boolean().optional(),
    include_stelliums: z.boolean().optional(),
    precision: z.number().int().min(0).max(12).optional().describe('Round positions, speeds and orbs to this many decimals (default: full precision).'),
  })
  .meta({ id: 'NatalChartRequest' });

export type NatalRequest = z.output<typeof natalRequest>;

export const natalQuery = z.object({
  include_minor: z.stringbool().optional(),
  include_stelliums: z.stringbool().optional(),
});

export const planetSchema = z.object({
  id: z.string(), name: z.string(), sign: z.string(), sign_id: z.string(),
  pos: z.number(), abs_pos: z.number(), retrograde: z.boolean(), house: z.number().int().optional(),
  speed: z.number(), is_stationary: z.boolean(), latitude: z.number(), distance_au: z.number(), declination: z.number(),
  variant: z.enum(['mean', 'true']).optional(),
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
  location: z.object({ city: z.string().nullable(), country: z.string().nullable(), lat: z.number(), lng: z.number(), timezone: z.string() }),
  settings: z.object({
    house_system: z.string(), house_system_requested: z.string(), zodiac_type: z.string(), sidereal_ayanamsa: z.string().nullable(),
    ayanamsa_deg: z.number().nullable(), julian_day: z.number(), julian_day_tt: z.number(), delta_t_days: z.number(),
    delta_t_seconds: z.number(), utc_offset: z.string(), time_known: z.boolean(),
  }),
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
  stelliums: z.array(z.object({ kind: z.enum(['sign', 'house']), sign_id: z.string().optional(), house: z.number().int().optional(), bodies: z.array(z.string()) })).optional(),
  warnings: z.array(z.string()),
  provenance: provenanceSchema,
});

/** The compact variant takes the same birth fields as the full chart (city or lat/lng, tz_str or timezone, time_known). */
export const simpleNatalRequest = z.object(birthFields).meta({ id: 'SimpleNatalRequest' });

export type SimpleNatalRequest = z.output<typeof simpleNatalRequest>;

export const simpleNatalResponse = z.object({
  subject: z.object({ name: z.string(), datetime: z.string(), datetime_utc: z.string(), timezone: z.string(), lat: z.number(), lng: z.number() }),
  planets: z.record(z.string(), z.object({ sign: z.string(), house: z.number().int().optional().describe('absent when the birth time is unknown'), degree: z.number(), retrograde: z.boolean() })),
  houses: z.record(z.string(), z.string()).describe('empty when the birth time is unknown'),
  summary: z.object({ sun_sign: z.string(), moon_sign: z.string(), rising_sign: z.string().nullable(), dominant_element: z.string(), dominant_modality: z.string() }),
});
