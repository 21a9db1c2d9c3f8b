/**
 * Place search over the gazetteer the calculations use, so a model can check a city before it
 * asks for a chart (or take the coordinates and zone from here). In every family: each of them
 * takes places.
 */
import { z } from 'zod/v4';
import { searchPlaces } from '../../geo/gazetteer.ts';
import { timeZoneAt } from '../../geo/time-zone-lookup.ts';
import { FAMILIES } from './families.ts';
import { READ_ONLY, type ToolDefinition } from './tool-definition.ts';
import { objectResult } from './tool-results.ts';
import { outputSchema, toolSchema } from './tool-schema.ts';

const placeQuery = z.object({
  query: z.string().min(1).max(200).describe('A city name, optionally followed by ", <country>" ("Springfield, US"); regions are not understood'),
  country: z.string().min(2).max(100).optional().describe('ISO 3166 code or English name of the country'),
  limit: z.number().int().min(1).max(25).default(10),
});

const placeResult = z.object({
  query: z.string(),
  results: z.array(z.object({
    name: z.string(), country: z.string(), lat: z.number(), lng: z.number(), population: z.number().int(),
    timezone: z.string(), geonames_id: z.number().int(),
  })),
});

export const placeTool: ToolDefinition<z.output<typeof placeQuery>> = {
  name: 'v1_geo_search',
  title: 'Place search',
  description: 'Cities of 1,000 or more inhabitants (GeoNames) whose name is the query, then those whose name starts with it, most populous first; each with coordinates and IANA time zone. The `city` field of the other tools resolves to the first exact match of the same query.',
  families: FAMILIES,
  input: toolSchema(placeQuery),
  output: outputSchema(placeResult),
  annotations: READ_ONLY,
  run: async ({ query, country, limit }) => objectResult({
    query,
    results: searchPlaces(query, { country, limit }).map((p) => ({ ...p, timezone: timeZoneAt(p.lat, p.lng) })),
  }),
};
