/** POST /api/v1/natal/calculate and the compact POST /natal. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import type { ComputeRunner } from '../../compute/runner.ts';
import { HttpError } from '../../http/errors.ts';
import { resolveSubjectPlace } from '../../requests/place.ts';
import { submitReport, type ReportService, type ReportSubmission } from '../../reports/http/report-submit.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateNatal, calculateCompactNatal } from './natal-calculate.ts';
import { natalQuery, natalRequest, natalResponse, compactNatalRequest, compactNatalResponse } from './natal-schemas.ts';

const reportRefusal = z.object({
  detail: z.string().describe('A sentence for people; the status code is what programs act on'),
  code: z.string().optional().describe('A fixed code for programs naming the refusal'),
});

/** The natal answer with the `report` block added at its end (the chart's JSON is already serialised). */
function withReport(natal: Buffer, report: ReportSubmission): Buffer {
  const text = natal.toString('utf8').trimEnd();
  return Buffer.from(`${text.slice(0, -1)},"report":${JSON.stringify(report)}}`);
}

export const natalRoutes =
  (compute: ComputeRunner, reports?: { db: DatabasePool; service: ReportService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/natal/calculate',
      {
        schema: {
          tags: ['natal'],
          summary: 'Natal chart: planets, houses, angles, aspects',
          description:
            'With `psychological_report.enabled`, a report job is also created (one credit, none for the demo subject; 402 without credit, 503 when no report worker can run; demo reports are bounded per account (429) and in all (503), and run after paid ones) and the answer carries `report {job_id, status, status_url, next_poll_after_seconds}`. Positions are geocentric apparent ecliptic longitudes of date (tropical, or sidereal with the chosen ayanamsa). `include_minor` and `include_stelliums` are accepted as query parameters or body fields; the query wins. `interpretation: {enable: true, style}` adds the `interpretation` block: text for the placements, aspects and patterns, in sections.',
          body: natalRequest,
          querystring: natalQuery,
          response: {
            200: natalResponse,
            402: reportRefusal.describe('A report was asked for and no report credit is left (`insufficient_report_credits`); no job was made'),
            429: reportRefusal.describe(
              'Rate limit or request quota exceeded (see the `X-RateLimit-*` headers); or a free demo report was asked for while the account already has its 2 (REPORT_DEMO_MAX_PER_ACCOUNT) waiting or running (`demo_report_limit`). `Retry-After` says when to try again; no job was made',
            ),
            503: reportRefusal.describe(
              'A report was asked for and no report worker can make it now (`reports_unavailable`: no Chromium, or no worker running), or a free demo report was asked for while 20 (REPORT_DEMO_MAX_OPEN) are waiting or running in all (`demo_reports_busy`, with `Retry-After`); no credit was taken',
            ),
          },
        },
      },
      async (request, reply) => {
        const natal = await calculateNatal(compute, request.body, request.query);
        const options = request.body.psychological_report;
        if (!options?.enabled) return sendJsonBytes(reply, natal);
        if (!request.principal) throw new HttpError(401, 'Missing API key');
        if (!reports) throw new HttpError(503, 'Reports are not set up on this service', {}, 'reports_unavailable');
        const key = request.headers['idempotency-key'];
        const report = await submitReport(reports.db, reports.service, {
          userId: request.principal.userId,
          request: request.body,
          place: resolveSubjectPlace(request.body, ['body']),
          options,
          idempotencyKey: typeof key === 'string' && key ? key : null,
        });
        return sendJsonBytes(reply, withReport(natal, report));
      },
    );

    app.post(
      '/natal',
      {
        schema: {
          tags: ['natal'],
          summary: 'Compact natal chart: curated planets, cusp signs and a summary',
          body: compactNatalRequest,
          response: { 200: compactNatalResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateCompactNatal(compute, request.body)),
    );
  };
