/**
 * Place search over the gazetteer the calculations use, so a model can check a city before it
 * asks for a chart (or take the coordinates and zone from here). In every family: each of them
 * takes places.
 */
import { z } from 'zod/v4';
import { resolveCountry } from '../../geo/gazetteer.ts';
import { searchPlaces } from '../../geo/place-search.ts';
import { timeZoneAt } from '../../geo/time-zone-lookup.ts';
import { placeResult } from '../geo/place-result.ts';
import { geoPlace } from '../geo/geo-schemas.ts';
import { FAMILIES } from './families.ts';
import { READ_ONLY, type ToolDefinition } from './tool-definition.ts';
import { objectResult } from './tool-results.ts';
import { outputSchema, toolSchema } from './tool-schema.ts';

const placeQuery = z.object({
  query: z
    .string()
    .min(1)
    .max(200)
    .describe(
      'A city name, optionally narrowed by a region and/or a country after commas ("Springfield, Illinois", "Jingzhou, Hubei", "Varanasi, Uttar Pradesh, IN", "Paris, France"); a misspelt name finds the names spelt a letter or two away',
    ),
  country: z.string().min(2).max(100).optional().describe('ISO 3166 code or English name of the country'),
  limit: z.number().int().min(1).max(25).default(10),
});

const placeResultSchema = z.object({
  query: z.string(),
  results: z.array(geoPlace).describe('The same fields as GET /api/v1/geo/search: the region is `state` (also under its earlier name `region`)'),
});

export const placeTool: ToolDefinition<z.output<typeof placeQuery>> = {
  name: 'v1_geo_search',
  title: 'Place search',
  description:
    'Places of 500 or more inhabitants (GeoNames) whose name is the query, or starts with it, or (when no place bears it) is spelt a letter or two away; best first, each with coordinates, IANA time zone, `state` (the first-level region) and how it matched (`match`, `matched_name`). The query is read as the `city` field of the other tools reads it ("City", "City, Region", "City, Country", "City, Region, CC"), and that field resolves to the best place bearing the name.',
  families: FAMILIES,
  input: toolSchema(placeQuery),
  output: outputSchema(placeResultSchema),
  annotations: READ_ONLY,
  run: async ({ query, country, limit }) => {
    const countryCode = country === undefined ? undefined : resolveCountry(country);
    // An unknown country finds nothing, as a search in it would.
    const hits = country !== undefined && !countryCode ? [] : searchPlaces(query, { country: countryCode, limit });
    return objectResult({ query, results: hits.map((hit) => placeResult(hit, timeZoneAt(hit.place.lat, hit.place.lng))) });
  },
};
