/** GET /api/v1/geo/search: query and response. */
import { z } from 'zod/v4';

/** Queries shorter than this get at most SHORT_QUERY_LIMIT results, as the public service does. */
export const SHORT_QUERY_LENGTH = 4;
export const SHORT_QUERY_LIMIT = 5;
export const MAX_LIMIT = 50;

export const geoSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(2, 'at least 2 characters')
    .max(100)
    .describe(
      'A place name or its beginning, in any language or script GeoNames records; accents and case are ignored ("tromso" finds Tromsø, "lodz" Łódź, "mosk" Moscow). Qualifiers after commas narrow it: a country or a first-level region, by name or code ("Paris, France", "London, UK", "Jingzhou, Hubei", "Portland, OR", "Varanasi, Uttar Pradesh, IN"). A name no place bears finds names spelt a letter or two away ("Amsterdm", "Pairs").',
    )
    .meta({ example: 'Lisboa' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .default(10)
    .describe(`Most results to return (1-${MAX_LIMIT}, default 10); a query under ${SHORT_QUERY_LENGTH} characters gets at most ${SHORT_QUERY_LIMIT}.`),
  country: z.string().trim().min(2).max(60).optional().describe('Only places in this country: ISO 3166-1 alpha-2 code (`FR`) or English name.'),
});

export const geoPlace = z.object({
  name: z.string().describe('GeoNames main name of the place'),
  country: z.string().describe('ISO 3166-1 alpha-2 code'),
  country_name: z.string().describe('English name of the country'),
  state: z.string().nullable().describe('first-level region: state, province, Land, region; null when GeoNames names none'),
  region: z.string().nullable().describe('the same as `state` (the name the MCP tool used first)'),
  district: z.string().nullable().describe("the district of a place in India (GeoNames' second-level division); null elsewhere"),
  lat: z.number().describe('Latitude in degrees, -90 (south) to 90 (north)'),
  lng: z.number().describe('Longitude in degrees, -180 (west) to 180 (east)'),
  timezone: z.string().describe('IANA time zone'),
  population: z.number().int().describe('Inhabitants, as GeoNames records them'),
  geonames_id: z.number().int().describe("The place's GeoNames id"),
  match: z
    .enum(['name', 'prefix', 'similar'])
    .describe(
      'How the place was found: `name`, one of its names (or a common alias) is the query; `prefix`, one of its names starts with it; `similar`, one of its names is spelt one or two letters away (a misspelling: "Amsterdm", "Pairs")',
    ),
  matched_name: z
    .string()
    .nullable()
    .describe(
      'The name the place was found by, in folded form (lower case, accents removed), when it is not the place\'s own name: another GeoNames name ("new york of the pacific"), an alias ("new york"), or the name a misspelling is closest to ("amsterdam"); null when its own name matched',
    ),
});

export type GeoPlace = z.output<typeof geoPlace>;

export const geoSearchResponse = z.object({
  results: z
    .array(geoPlace)
    .describe(
      'Best first: a place counts its population when its own name matches, a tenth when another of its names is the query, a hundredth when another name only starts with it, and a twentieth per letter of difference for a name spelt differently',
    ),
  count: z.number().int().describe('Number of results returned'),
});
