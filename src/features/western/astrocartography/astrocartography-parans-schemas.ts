/** Request and response schemas of POST /api/v1/western/astrocartography/parans. */
import { z } from 'zod/v4';
import { ACG_ANGLES } from '../../../astro/astrocartography.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { acgBodies, acgCity, acgNatal, acgPosition, exampleAcgNatal } from './astrocartography-schemas.ts';

const EVENT = 'asc (rising), dsc (setting), mc (culminating) or ic (anti-culminating)';
const eventName = caseInsensitiveEnum(ACG_ANGLES, { dc: 'dsc', desc: 'dsc', ascendant: 'asc', descendant: 'dsc', midheaven: 'mc', imum_coeli: 'ic' });

export const MAX_PARANS = 300;

/** The orb fields the parans and the city check share. */
export const paranOrbFields = {
  paran_orb_deg: z
    .number()
    .gt(0)
    .max(10)
    .default(1)
    .describe('Half-width, in degrees of latitude, of the band where a paran counts in full. Default 1.0; more than 0, at most 10.'),
  paran_tail_deg: z
    .number()
    .min(0)
    .max(10)
    .default(2)
    .describe(
      "Degrees of latitude beyond the orb over which a paran's strength fades linearly to 0 (so it reaches paran_orb_deg + paran_tail_deg from its latitude). Default 2.0; 0 to 10.",
    ),
};

export const acgParansRequest = z
  .object({
    natal: acgNatal,
    bodies: acgBodies,
    events: z.array(eventName).min(1).max(8).optional().describe('Events to pair: asc, dsc, mc, ic (any case; `dc` reads as dsc). Default: all four.'),
    min_abs_lat: z.number().min(0).max(90).default(0).describe('Least |latitude| of a paran, degrees. Default 0.'),
    max_abs_lat: z
      .number()
      .min(0)
      .max(90)
      .default(66)
      .describe('Greatest |latitude| of a paran, degrees (at least min_abs_lat). Default 66, about the polar circles.'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_PARANS)
      .default(50)
      .describe(`How many parans to return, the highest-ranked first (see \`rank_weight\`): 1 to ${MAX_PARANS}. Default 50.`),
    ...paranOrbFields,
    include_nearby_cities: z
      .boolean()
      .default(false)
      .describe('Adds to each paran up to three of the most populous cities (of 15,000 people or more) within its orb band. Default false.'),
  })
  .meta({ id: 'AstrocartographyParansRequest', example: { natal: exampleAcgNatal, limit: 20, include_nearby_cities: true } });

export type AcgParansRequest = z.output<typeof acgParansRequest>;

export const acgParanRef = {
  id: z.string().describe('`<body_a>:<event_a>:<body_b>:<event_b>:<latitude to 3 decimals>`, e.g. `jupiter:asc:saturn:ic:38.902`'),
  body_a: z.string().describe('The first body, lower case'),
  event_a: z.enum(ACG_ANGLES).describe(`Its event: ${EVENT}`),
  body_b: z.string().describe('The second body, lower case'),
  event_b: z.enum(ACG_ANGLES).describe(`Its event: ${EVENT}`),
};

const bandPolygon = z.object({
  type: z.literal('Polygon').describe('A GeoJSON polygon'),
  coordinates: z.array(z.array(z.array(z.number()).length(2))).describe('One ring of [longitude, latitude] positions, from -180 to 180 across the band'),
});

export const acgParan = z.object({
  ...acgParanRef,
  latitude: z.number().describe('Latitude of the paran, degrees (to 1e-6; exact to far better than 0.01)'),
  local_sidereal_time_deg: z
    .number()
    .describe('The local sidereal time, degrees 0 to 360, at which both events happen at that latitude (at any longitude, once a sidereal day)'),
  description: z.string().describe('The two events in words'),
  rank: z.number().int().describe('Position in the ranking, 1 first'),
  rank_weight: z.number().describe("The ranking's weight: the product of the two bodies' weights (docs: Scoring rules), higher first"),
  band: z
    .object({
      orb_min_lat: z.number().describe('Southern edge of the full-strength band'),
      orb_max_lat: z.number().describe('Northern edge of the full-strength band'),
      tail_min_lat: z.number().describe('Southern edge of the fading tail'),
      tail_max_lat: z.number().describe('Northern edge of the fading tail'),
    })
    .describe('The latitudes the paran reaches: full strength within the orb, fading over the tail'),
  geometry: bandPolygon.describe('The full-strength band as a GeoJSON polygon around the world'),
  nearby_cities: z
    .array(acgCity.extend({ distance_km: z.number().describe("Distance from the city to the paran's latitude (along its meridian), km") }))
    .nullable()
    .describe('With include_nearby_cities: up to three of the most populous cities inside the orb band; null otherwise'),
});

export const acgParansResponse = z.object({
  meta: z
    .object({
      mode: z.literal('in_mundo').describe('Parans are in mundo: the bodies where they are'),
      bodies: z.array(z.string()).describe('The bodies paired'),
      events: z.array(z.enum(ACG_ANGLES)).describe('The events paired'),
      min_abs_lat: z.number().describe('Least |latitude| searched'),
      max_abs_lat: z.number().describe('Greatest |latitude| searched'),
      paran_orb_deg: z.number().describe('Full-strength half-width of a band, degrees of latitude'),
      paran_tail_deg: z.number().describe('Fading tail beyond it, degrees of latitude'),
      limit: z.number().describe('Most parans returned'),
      total_found: z.number().describe('How many parans lie within the latitude bounds before the limit'),
      returned: z.number().describe('How many are returned'),
      datetime_utc: z.string().describe('The birth instant in UTC'),
      timezone: z.string().describe('IANA zone of the birth time'),
      julian_day_ut: z.number().describe('Julian day of the birth instant, UT'),
      sidereal_time_greenwich_deg: z.number().describe('Greenwich apparent sidereal time at birth, degrees'),
      horizon: z.string().describe('What rising and setting mean here'),
    })
    .describe('What was searched and how'),
  positions: z.array(acgPosition).describe("Each body's apparent geocentric right ascension and declination of date at birth"),
  parans: z.array(acgParan).describe('The parans, best-ranked first (rank_weight, then latitude south to north, then id)'),
  warnings: z.array(z.string()).describe('The exploratory notice and any place or local-time notice'),
});

export type AcgParansAnswer = z.output<typeof acgParansResponse>;
