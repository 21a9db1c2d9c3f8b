/** Request and response schemas of POST /api/v1/transits/calculate. */
import { z } from 'zod/v4';
import { birthFields, chartSettingsFields, isoDateTimeText, latitude, longitude, orbSettings, timeZoneName, dstPolicy } from '../shared/birth-schema.ts';
import { aspectsSummarySchema, planetSchema, subjectSchema, provenanceSchema } from '../natal/schemas.ts';
import { interpretationBlock, interpretationRequest } from '../shared/interpretation-schema.ts';
import { exampleBirth } from '../shared/examples.ts';

/** Where the transits are cast (the natal place when all are absent): the same fields wherever transits are asked for. */
export const transitPlaceFields = {
  current_city: z.string().min(1).max(200).optional().describe('Where the transits are cast, looked up in the gazetteer; default: the natal place.'),
  current_country: z.string().min(2).max(100).optional().describe('Country (ISO code or name) to narrow the `current_city` lookup.'),
  current_lat: latitude.optional().describe('Latitude of the transit place in degrees, -90 to 90; default: the natal place.'),
  current_lng: longitude.optional().describe('Longitude of the transit place in degrees, -180 to 180.'),
};

export const transitRequest = z
  .object({
    natal: z.object(birthFields).describe('The birth the transits are measured against.'),
    ...transitPlaceFields,
    transit_date: isoDateTimeText().optional().describe('Local time at the transit place (YYYY-MM-DDTHH:MM[:SS]), or an instant with Z or an offset; now when omitted'),
    tz_str: timeZoneName.optional(),
    dst_policy: dstPolicy.optional(),
    ...chartSettingsFields,
    orb_settings: orbSettings,
    include_minor: z.boolean().optional().describe('Adds the minor aspects. Default false.'),
    precision: z.number().int().min(0).max(12).optional().describe('Round positions, speeds and orbs to this many decimals (default: full precision).'),
    interpretation: interpretationRequest.optional().describe('Text for the active transits; on by default, `{"enable": false}` turns it off.'),
  })
  .meta({ id: 'TransitRequest', example: { natal: exampleBirth, transit_date: '2025-11-20T09:15' } });

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
    p1: z.string().describe('The transiting point, marked: `sun (T)`'),
    p2: z.string().describe('The natal point, marked: `moon (N)`'),
    p1_id: z.string().describe('The transiting point\'s id, as in transit_planets[].id'),
    p2_id: z.string().describe('The natal point\'s id, as in natal_planets[].id (or asc/mc)'),
    p1_name: z.string(), p2_name: z.string(), type: z.string(), deg: z.number(), angle: z.number(),
    orb: z.number(), is_major: z.boolean(), is_applying: z.boolean(), out_of_sign: z.boolean(),
  })),
  aspects_summary: aspectsSummarySchema,
  interpretation: interpretationBlock.optional().describe('Unless `interpretation.enable` is false'),
  warnings: z.array(z.string()),
  provenance: z.object({ transit: provenanceSchema, natal: provenanceSchema }),
});
