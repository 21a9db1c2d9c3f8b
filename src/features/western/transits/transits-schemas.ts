/** Request and response schemas of POST /api/v1/transits/calculate. */
import { z } from 'zod/v4';
import {
  birthFields,
  chartSettingsFields,
  isoDateTimeText,
  latitude,
  longitude,
  orbSettings,
  timeZoneName,
  dstPolicy,
} from '../../../requests/birth-schema.ts';
import { angleDetailSchema, aspectSchema, aspectsSummarySchema, houseSchema, planetSchema, subjectSchema, provenanceSchema } from '../natal/natal-schemas.ts';
import { interpretationBlock, interpretationRequest } from '../../../requests/interpretation-schema.ts';
import { exampleBirth } from '../../../requests/examples.ts';

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
    transit_date: isoDateTimeText()
      .optional()
      .describe('Local time at the transit place (YYYY-MM-DDTHH:MM[:SS]), or an instant with Z or an offset; now when omitted'),
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

/**
 * A transiting point: the natal answer's planet without a house of its own (natal_house says
 * where it falls in the birth chart), dignities or a node variant (the transiting node is
 * `true_node`, an id of its own).
 */
const transitPlanet = planetSchema.omit({ house: true, variant: true, dignity: true, dignities: true }).extend({
  natal_house: z.number().int().optional().describe('The natal house 1 to 12 the point falls in; absent when the birth time is unknown'),
});
/** A natal point: the natal answer's planet, without dignities (transits have no include_dignity). */
const natalPlanet = planetSchema.omit({ dignity: true, dignities: true });

/** The natal summary's counts, with how many aspects apply and separate (clients print both). */
const transitAspectsSummary = z.object({
  total: aspectsSummarySchema.shape.total,
  major: aspectsSummarySchema.shape.major,
  minor: aspectsSummarySchema.shape.minor,
  applying: z.number().int().describe('How many of them are applying (`is_applying` true: the orb is shrinking)'),
  separating: z
    .number()
    .int()
    .describe(
      'How many are not applying: separating, or (rarely) with an orb that is not changing at that instant, exact or at a station; applying + separating = total',
    ),
  by_type: aspectsSummarySchema.shape.by_type,
});
export const transitResponse = z.object({
  transit_date: z.string().describe('Date of the transit moment at the transit place, YYYY-MM-DD (local)'),
  location: subjectSchema.shape.location.describe('Where the transits are cast (the same as transit.location)'),
  transit: subjectSchema.describe('The transit moment and place (named `Transits`), and how it was calculated'),
  natal: subjectSchema.describe('The birth, and how its chart was calculated'),
  transit_planets: z
    .array(transitPlanet)
    .describe('Positions of the transiting bodies (no houses of their own: natal_house says where they fall in the birth chart)'),
  natal_planets: z.array(natalPlanet).describe('Positions of the natal points'),
  natal_houses: z.array(houseSchema).optional().describe('The natal house cusps, as houses in the natal answer; absent when the birth time is unknown'),
  natal_angles: z
    .record(z.string(), angleDetailSchema)
    .optional()
    .describe('The natal angles with sign and house, as angles_details in the natal answer; absent when the birth time is unknown'),
  aspects: z
    .array(
      z.object({
        p1: z.string().describe('The transiting point, marked: `sun (T)`'),
        p2: z.string().describe('The natal point, marked: `moon (N)`'),
        type: aspectSchema.shape.type,
        deg: aspectSchema.shape.deg,
        angle: aspectSchema.shape.angle,
        orb: aspectSchema.shape.orb,
        is_major: aspectSchema.shape.is_major,
        is_applying: z.boolean().describe('True when the transiting point moves toward the exact aspect (the natal point stands still)'),
        out_of_sign: aspectSchema.shape.out_of_sign,
        p1_id: z.string().describe("The transiting point's id, as in transit_planets[].id"),
        p2_id: z.string().describe("The natal point's id, as in natal_planets[].id (or asc/mc)"),
        p1_name: z.string().describe('Display name of the transiting point, marked: `Sun (T)`'),
        p2_name: z.string().describe('Display name of the natal point, marked: `Moon (N)`'),
      }),
    )
    .describe('Aspects of the transiting points to the natal points, closest first'),
  aspects_summary: transitAspectsSummary.describe('Counts of the aspects listed'),
  interpretation: interpretationBlock.optional().describe('Unless `interpretation.enable` is false'),
  warnings: z
    .array(z.string())
    .describe(
      'Things to know about the answer (a place chosen among namesakes, a local time skipped or repeated by a daylight-saving change, a house-system fallback, a body outside its ephemeris range); empty when none',
    ),
  provenance: z.object({ transit: provenanceSchema, natal: provenanceSchema }).describe('Where the numbers of each chart came from'),
});
