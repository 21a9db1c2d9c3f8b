/**
 * POST /api/v1/auth/reports: a natal report ordered by the account itself, so that a person can
 * order one from the dashboard's birth form without pasting an API key into a page. The birth is
 * computed first, so that a date or place the service cannot cast is a 422 before any credit is
 * taken; then the job is submitted exactly as POST /api/v1/natal/calculate with
 * psychological_report does (one credit, 402 without one; an Idempotency-Key makes a retried
 * submit find the first job).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import type { ComputeRunner } from '../../compute/runner.ts';
import { submitReport, type ReportService } from '../../reports/http/report-submit.ts';
import { psychologicalReportRequest, reportSubmission } from '../../reports/http/report-schemas.ts';
import { computeAnswer } from '../../http/endpoint.ts';
import { natalCalculate } from '../western/natal/natal-endpoints.ts';
import type { NatalRequest } from '../western/natal/natal-schemas.ts';
import { resolveSubjectPlace } from '../../requests/place.ts';
import { accountId } from '../auth/account-user.ts';
import { REPORT_OPTION_KEYS, reportOrderRequest } from './account-report-order-schemas.ts';

const refusal = z.object({
  detail: z.string().describe('A sentence for people; the status code is what programs act on'),
  code: z.string().optional().describe('A fixed code for programs naming the refusal'),
});

export const accountReportOrderRoutes =
  (deps: { db: DatabasePool; compute: ComputeRunner; service: ReportService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/auth/reports',
      {
        schema: {
          tags: ['reports'],
          summary: 'Order a natal report as the signed-in account',
          description:
            'The birth as in POST /api/v1/natal/calculate, and the report options of its `psychological_report`. One report credit (none for the demo subject); the job then shows in GET /api/v1/auth/reports. An `Idempotency-Key` header makes a retried order return the first job; the same key with another birth or other options is a 409.',
          body: reportOrderRequest,
          response: {
            201: reportSubmission.describe('The job, queued'),
            402: refusal.describe('No report credit is left (`insufficient_report_credits`); no job was made'),
            409: z
              .object({
                error: z.literal('idempotency_key_reused').describe('A fixed code for programs'),
                detail: z.string().describe('A sentence for people'),
              })
              .describe('The Idempotency-Key ordered another report (another birth or other options); no job was made'),
            429: refusal.describe('Too many free demo reports waiting at once (`demo_report_limit`), or the rate limit'),
            503: refusal.describe('No report worker can make it now (`reports_unavailable`); no credit was taken'),
          },
        },
      },
      async (request, reply) => {
        const birth: Record<string, unknown> = { ...request.body };
        const chosen: Record<string, unknown> = {};
        for (const key of REPORT_OPTION_KEYS) {
          chosen[key] = birth[key];
          delete birth[key];
        }
        const natal = birth as NatalRequest;
        // Cast first: an impossible date or an unknown place is the caller's 422, never a failed paid job.
        await computeAnswer(natalCalculate, deps.compute, { body: natal, query: {}, params: undefined });
        const options = psychologicalReportRequest.parse({ ...chosen, enabled: true });
        const key = request.headers['idempotency-key'];
        const submitted = await submitReport(deps.db, deps.service, {
          userId: accountId(request),
          request: natal,
          place: resolveSubjectPlace(natal, ['body']),
          options,
          idempotencyKey: typeof key === 'string' && key ? key.slice(0, 200) : null,
        });
        return reply.code(201).send(submitted);
      },
    );
  };
