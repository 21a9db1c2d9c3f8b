/** GET /api/v1/geo/search: query and response. */
import { z } from 'zod/v4';

/** Queries shorter than this get at most SHORT_QUERY_LIMIT results, as the public service does. */
export const SHORT_QUERY_LENGTH = 4;
export const SHORT_QUERY_LIMIT = 5;
export const MAX_LIMIT = 50;

export const geoSearchQuery = z.object({
  q: z.string().trim().min(2, 'at least 2 characters').max(100).describe('The beginning of a place name, in any language or script GeoNames records; accents and case are ignored ("tromso" finds Tromsø, "lodz" Łódź, "mosk" Moscow).').meta({ example: 'Lisboa' }),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(10).describe(`Most results to return (1-${MAX_LIMIT}, default 10); a query under ${SHORT_QUERY_LENGTH} characters gets at most ${SHORT_QUERY_LIMIT}.`),
  country: z.string().trim().min(2).max(60).optional().describe('Only places in this country: ISO 3166-1 alpha-2 code (`FR`) or English name.'),
});

export const geoPlace = z.object({
  name: z.string().describe('GeoNames main name of the place'),
  country: z.string().describe('ISO 3166-1 alpha-2 code'),
  country_name: z.string().describe('English name of the country'),
  state: z.string().nullable().describe('first-level region: state, province, Land, region; null when GeoNames names none'),
  lat: z.number().describe('Latitude in degrees, -90 (south) to 90 (north)'),
  lng: z.number().describe('Longitude in degrees, -180 (west) to 180 (east)'),
  timezone: z.string().describe('IANA time zone'),
  population: z.number().int().describe('Inhabitants, as GeoNames records them'),
  geonames_id: z.number().int().describe('The place\'s GeoNames id'),
});

export const geoSearchResponse = z.object({
  results: z.array(geoPlace).describe('most populous first; a place that matches only by another name than its own counts a tenth of its population'),
  count: z.number().int().describe('Number of results returned'),
});
