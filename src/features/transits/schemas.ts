/** Request and response schemas of POST /api/v1/transits/calculate. */
import { z } from 'zod/v4';
import { birthFields, chartSettingsFields, latitude, longitude, orbSettings, timeZoneName, dstPolicy } from '../shared/birth-schema.ts';
import { aspectsSummarySchema, planetSchema, subjectSchema, provenanceSchema } from '../natal/schemas.ts';

/** `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff]]`, optionally with `Z` or `±HH:MM` for an absolute instant. */
export const TRANSIT_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}(?:\.\d{1,6})?))?)?(Z|[+-]\d{2}:\d{2})?$/;

/** Where the transits are cast (the natal place when all are absent): the same fields wherever transits are asked for. */
export const transitPlaceFields = {
  current_city: z.string().min(1).max(200).optional(),
  current_country: z.string().min(2).max(100).optional(),
  current_lat: latitude.optional(),
  current_lng: longitude.optional(),
};

export const transitRequest = z
  .object({
    natal: z.object(birthFields),
    ...transitPlaceFields,
    transit_date: z.string().max(40).regex(TRANSIT_DATE_PATTERN, 'expected YYYY-MM-DDTHH:MM (local time at the transit place), optionally with seconds and an offset').optional(),
    tz_str: timeZoneName.optional(),
    dst_policy: dstPolicy.optional(),
    ...chartSettingsFields,
    orb_settings: orbSettings,
    include_minor: z.boolean().optional(),
    precision: z.number().int().min(0).max(12).optional(),
  })
  .meta({ id: 'TransitRequest' });

export type TransitRequest = z.output<typeof transitRequest>;

const transitPlanet = planetSchema.extend({ natal_house: z.number().int().optional() });

export const transitResponse = z.object({
  transit_date: z.string(),
  location: subjectSchema.shape.location.describe('Where the transits are cast (the same as transit.location)'),
  transit: subjectSchema,
  natal: subjectSchema,
  transit_planets: z.array(transitPlanet),
  natal_planets: z.array(transitPlanet),
  natal_houses: z.array(z.object({}).passthrough()).optional(),
  natal_angles: z.object({}).passthrough().optional(),
  aspects: z.array(z.object({
    p1: z.string(), p2: z.string(), p1_name: z.string(), p2_name: z.string(), type: z.string(), deg: z.number(), angle: z.number(),
    orb: z.number(), is_major: z.boolean(), is_applying: z.boolean(), out_of_sign: z.boolean(),
  })),
  aspects_summary: aspectsSummarySchema,
  warnings: z.array(z.string()),
  provenance: z.object({ transit: provenanceSchema, natal: provenanceSchema }),
});
