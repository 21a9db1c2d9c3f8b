/**
 * GET /api/v1/natal/report-credits: the report credits of the API key's owner. Credits belong
 * to the user, so every key of theirs reads the same balance.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import { ReportCreditRepository } from '../../db/report-credits.ts';
import { HttpError } from '../../http/errors.ts';

export const reportCreditsResponse = z
  .object({
    remaining: z.number().int().describe('Credits that can be spent now: what the period includes and what was bought.'),
    included_per_period: z.number().int().describe('Credits the plan includes in each period.'),
    used_this_period: z.number().int().describe('Reports charged in the current period (refunded ones not counted).'),
    period_resets_at: z.string().nullable().describe('When the included credits are renewed (and unused ones lapse).'),
  })
  .meta({ id: 'ReportCreditsResponse' });

export const reportCreditRoutes =
  (db: DatabasePool): FastifyPluginAsyncZod =>
  async (app) => {
    const credits = new ReportCreditRepository(db);
    app.get(
      '/api/v1/natal/report-credits',
      {
        schema: { tags: ['reports'], summary: "Report credits of the API key's owner", response: { 200: reportCreditsResponse } },
      },
      async (request) => {
        if (!request.principal) throw new HttpError(401, 'Missing API key');
        return credits.periodSummary(request.principal.userId);
      },
    );
  };
