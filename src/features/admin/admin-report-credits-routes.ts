/**
 * POST /api/v1/admin/users/{user_id}/report-credits: the operator gives a user report credits or
 * takes some back, with a reason kept in the ledger (operator-adjustment.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { HttpError } from '../../http/errors.ts';
import { detailError } from '../auth/auth-schemas.ts';
import { adjustReportCredits } from '../../operator/report-credit-adjustment.ts';
import { creditAdjustmentRequest, creditAdjustmentResponse } from './admin-report-credits-schemas.ts';
import { userIdParams } from './admin-users-schemas.ts';

export const reportCreditsRoutes =
  (db: DatabasePool): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/admin/users/:user_id/report-credits',
      {
        schema: {
          tags: ['admin'],
          summary: 'Give a user report credits or take some back, with a reason',
          description:
            "Adjusts the lasting report credits (they do not lapse with a period). Taking back stops at zero: `applied` says what moved. Every adjustment is a row of the credit ledger with the reason and the operator's name.",
          params: userIdParams,
          body: creditAdjustmentRequest,
          response: { 200: creditAdjustmentResponse, 404: detailError },
        },
      },
      async (request) => {
        const { credits, reason, reference } = request.body;
        const adjusted = await adjustReportCredits(db, {
          userId: request.params.user_id,
          credits,
          reason: `${reason} (operator ${request.admin!.username})`,
          channel: 'admin',
          reference,
        });
        if (!adjusted) throw new HttpError(404, 'User not found');
        request.log.info(
          { user_id: adjusted.user_id, requested: adjusted.requested, applied: adjusted.applied, reference: adjusted.reference },
          'report credits adjusted by an operator',
        );
        return adjusted;
      },
    );
  };
