/** POST /api/v2/vedic/muhurat/search: the best windows of a date range for a named purpose. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateMuhuratSearch } from './vedic-muhurta-calculate.ts';
import { MUHURTA_MAX_DAYS, muhuratSearchRequest, muhuratSearchResponse } from './vedic-muhurta-schemas.ts';

export const MUHURAT_SEARCH_TEXT = `Muhurta search: the best windows in the daytime (sunrise to sunset) of each date from \`start_date\` to \`end_date\` (at most ${MUHURTA_MAX_DAYS} dates; more is a 422) at a place, for a \`purpose\` (general_work, vehicle_purchase, property_purchase, griha_pravesh, namkaran, mundan, marriage, travel), scored by the conventions of Muhurta Chintamani: the purpose's nakshatras, weekdays, tithis and horas; rikta tithis, Amavasya, the inauspicious yogas and fixed karanas count against; Rahu kalam, Yamaganda, Gulika kalam and Vishti karana are left out; Abhijit muhurta counts for. With a \`birth\`, tara bala and chandra bala from its Moon are scored too. Each window gives its score (0-100), quality, reasons, warnings, the panchang periods it lies in and every criterion with its points. See docs/api/vedic.md, "Vedic muhurta".`;

export const muhurtaRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v2/vedic/muhurat/search',
      {
        schema: {
          tags: ['vedic'],
          summary: 'Muhurta search: the best windows of up to 31 days for a purpose, from the panchang, hora, tara bala and chandra bala',
          description: MUHURAT_SEARCH_TEXT,
          body: muhuratSearchRequest,
          response: { 200: muhuratSearchResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateMuhuratSearch(compute, request.body)),
    );
  };
