/**
 * GET /api/v1/geo/search (and /api/v2/geo/search, the public service's current path): places by
 * name or its beginning (with ", Region" and ", Country" qualifiers, and misspellings a letter or
 * two away), from the offline gazetteer, so that a client can turn what a
 * person types into coordinates and a time zone before it asks for a chart.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveCountry } from '../../geo/gazetteer.ts';
import { searchPlaces } from '../../geo/place-search.ts';
import { placeResult } from './place-result.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { geoSearchQuery, geoSearchResponse, SHORT_QUERY_LENGTH, SHORT_QUERY_LIMIT } from './geo-schemas.ts';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const path of ['/api/v1/geo/search', '/api/v2/geo/search']) {
    app.get(
      path,
      {
        schema: {
          tags: ['geo'],
          summary: 'Search places by name (autocomplete)',
          description: `Places of 500 inhabitants or more (GeoNames), matched by any of their names or its beginning, accents and case ignored, most populous first; "City, Region", "City, Country" and "City, Region, CC" narrow the search as a calculation's \`city\` does, and a name that no place bears finds the names spelt a letter or two away (\`match: similar\`). Queries under ${SHORT_QUERY_LENGTH} characters get at most ${SHORT_QUERY_LIMIT} results and match the places' own names (other names only whole). An addition to the interface; /api/v2/geo/search answers the same.`,
          querystring: geoSearchQuery,
          response: { 200: geoSearchResponse },
        },
      },
      async (request) => {
        const { q, country } = request.query;
        const countryCode = country === undefined ? undefined : resolveCountry(country);
        if (country !== undefined && !countryCode)
          throw new RequestFieldError(['query', 'country'], `unknown country '${country}': send an ISO 3166-1 alpha-2 code such as FR`, 'value_error.country');
        const limit = [...q].length < SHORT_QUERY_LENGTH ? Math.min(request.query.limit, SHORT_QUERY_LIMIT) : request.query.limit;
        const results = searchPlaces(q, { limit, country: countryCode }).map((hit) => placeResult(hit));
        return { results, count: results.length };
      },
    );
  }
};
