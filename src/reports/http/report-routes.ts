/**
 * GET /api/v1/natal/report/{job_id}: the job's status (json), or the finished report as PDF or
 * markdown; POST /api/v1/natal/report/{job_id}/callback: its failed callback sent again. A job of
 * another user is a 404 like a job that does not exist.
 */
import { ifNoneMatchMatches } from '../../http/if-none-match.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import { ReportJobRepository, type ReportJobStatusRow } from '../store/report-jobs.ts';
import { reportJobTiming } from '../store/report-job-timing.ts';
import { resendFailedCallback } from '../store/report-callback-resend.ts';
import { HttpError } from '../../http/errors.ts';
import { jobTimingView, type JobTimingView } from './job-timing-view.ts';
import { reportCallbackResent, reportJobResponse, reportParams, reportQuery } from './report-schemas.ts';

/** The deployment's report settings the status needs to say when a stalled job is tried again. */
export interface ReportStatusSettings {
  REPORT_LEASE_SECONDS: number;
  REPORT_SWEEP_INTERVAL_SECONDS: number;
}

const detailError = z.object({
  detail: z.string().describe('A sentence for people; the status code is what programs act on'),
  code: z.string().optional().describe('A fixed code for programs naming the refusal (report_not_found, report_not_ready)'),
});

function pollAfter(status: JobTimingView['status']): number | null {
  if (status === 'queued' || status === 'stalled') return 2;
  if (status === 'running') return 1;
  return null;
}

/**
 * Where the callback stands: null without a callback_url; `waiting` until the job ends, then
 * what its delivery came to. A refused or failing target is said here, not only in the logs.
 */
function callbackView(row: ReportJobStatusRow, url: string | undefined) {
  if (!url) return null;
  return {
    url,
    status: row.callback_status ?? ('waiting' as const),
    attempts: row.callback_attempts ?? 0,
    last_status_code: row.callback_last_status_code,
    last_error: row.callback_last_error,
    delivered_at: row.callback_delivered_at,
  };
}

function statusBody(row: ReportJobStatusRow, timing: JobTimingView) {
  const options = row.options as {
    output_format?: 'pdf' | 'markdown' | 'json';
    include_profile_branding_logo?: boolean;
    markdown?: boolean;
    callback_url?: string;
  };
  const completed = row.status === 'completed';
  return {
    job_id: row.id,
    status: timing.status,
    progress: row.progress,
    stage: timing.status === 'stalled' ? 'stalled' : row.stage,
    next_poll_after_seconds: pollAfter(timing.status),
    queue_position: timing.queue_position,
    estimated_start_at: timing.estimated_start_at,
    estimated_finish_at: timing.estimated_finish_at,
    retry_at: timing.retry_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
    error:
      row.status === 'failed' ? { code: row.error_code ?? 'report_generation_failed', message: row.error_message ?? 'The report could not be made' } : null,
    output_format: options.output_format ?? 'pdf',
    include_profile_branding_logo: options.include_profile_branding_logo ?? false,
    result: completed ? { markdown: options.markdown === false ? null : row.markdown, sections: row.sections ?? [], page_count: row.page_count } : null,
    pdf_url: completed && row.has_pdf ? `/api/v1/natal/report/${row.id}?format=pdf` : null,
    callback: callbackView(row, options.callback_url),
  };
}

const notReady = (row: ReportJobStatusRow) =>
  new HttpError(
    409,
    row.status === 'failed'
      ? 'The report job failed; it has no document (see format=json for the error)'
      : `The report is not ready yet (status ${row.status}); poll with format=json`,
    {},
    'report_not_ready',
  );

export const reportRoutes =
  (db: DatabasePool, settings: ReportStatusSettings): FastifyPluginAsyncZod =>
  async (app) => {
    const jobs = new ReportJobRepository(db);
    // Renewals come every third of the lease: two missed ones say the worker is gone before the lease ends.
    const staleSeconds = (settings.REPORT_LEASE_SECONDS * 2) / 3;
    app.get(
      '/api/v1/natal/report/:job_id',
      {
        schema: {
          tags: ['reports'],
          summary: 'A report job: its status, or the finished report as PDF or markdown',
          description:
            "`format=json` (default) returns the job status; `pdf` the finished report (`application/pdf`, with an ETag) and `markdown` its text, both 409 `report_not_ready` before the job completes. `include_profile_branding_logo` chooses the PDF with or without the account's branding logo; omitted, the value stored on the job is used. When the logo is asked for, `X-Branding-Logo` says `included`, or `not-available` for a job made before the account had a logo (the PDF is then the plain one).",
          params: reportParams,
          querystring: reportQuery,
          response: { 200: reportJobResponse, 404: detailError, 409: detailError },
        },
      },
      async (request, reply) => {
        if (!request.principal) throw new HttpError(401, 'Missing API key');
        const userId = request.principal.userId;
        const row = await jobs.status(request.params.job_id, userId);
        if (!row) throw new HttpError(404, 'Report job not found', {}, 'report_not_found');
        const { format } = request.query;
        if (format === 'json') {
          const open = row.status === 'queued' || row.status === 'running';
          const timing = open ? await reportJobTiming(db, row.id, staleSeconds) : null;
          return statusBody(row, jobTimingView(row.status, row.progress, timing, settings.REPORT_SWEEP_INTERVAL_SECONDS));
        }
        if (row.status !== 'completed') throw notReady(row);
        if (format === 'markdown') {
          return reply
            .type('text/markdown; charset=utf-8')
            .header('content-disposition', `inline; filename="${row.id}.md"`)
            .send((row.markdown ?? '') as never);
        }
        const stored = (row.options as { include_profile_branding_logo?: boolean }).include_profile_branding_logo ?? false;
        const branded = request.query.include_profile_branding_logo ?? stored;
        const pdf = await jobs.pdf(row.id, userId, branded);
        if (!pdf) throw notReady(row);
        // A job made while the account had no logo has no branded PDF: the plain one is sent, and said to be.
        if (branded) reply.header('x-branding-logo', row.has_branded_pdf ? 'included' : 'not-available');
        // Bytes, not the status object: Fastify sends a Buffer or a string as it is, without the response schema.
        const etag = `"${pdf.sha256}"`;
        reply.header('etag', etag).header('cache-control', 'private, max-age=0, must-revalidate');
        if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) return reply.code(304 as never).send(undefined);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${row.id}.pdf"`)
          .send(pdf.bytes as never);
      },
    );

    app.post(
      '/api/v1/natal/report/:job_id/callback',
      {
        schema: {
          tags: ['reports'],
          summary: "Send a report job's failed callback again",
          description:
            "For a job whose callback delivery failed (given up after its attempts, or refused): the delivery becomes `pending` at once, with a fresh round of attempts and the same `webhook-id`. 202 with the callback as the job status shows it; 404 `report_not_found` for a job that is not the caller's; 409 `callback_not_resendable` when the job has no callback (none was asked for, or the job has not ended) or its callback is not failed (pending or delivered). `last_error` stays until the next attempt has an outcome; a delivery clears it.",
          params: reportParams,
          response: { 202: reportCallbackResent, 404: detailError, 409: detailError },
        },
      },
      async (request, reply) => {
        if (!request.principal) throw new HttpError(401, 'Missing API key');
        const userId = request.principal.userId;
        const row = await jobs.status(request.params.job_id, userId);
        if (!row) throw new HttpError(404, 'Report job not found', {}, 'report_not_found');
        const url = (row.options as { callback_url?: string }).callback_url;
        const outcome = url ? await resendFailedCallback(db, row.id, userId) : 'no_callback';
        if (outcome === 'no_callback') {
          throw new HttpError(
            409,
            url ? 'The job has not ended yet: its callback is sent when it does' : 'The job was submitted without a callback_url',
            {},
            'callback_not_resendable',
          );
        }
        if (outcome === 'not_failed')
          throw new HttpError(
            409,
            `Nothing to resend: the callback is ${row.callback_status === 'delivered' ? 'delivered' : 'being delivered'}`,
            {},
            'callback_not_resendable',
          );
        const after = (await jobs.status(row.id, userId))!;
        return reply.code(202).send({ job_id: row.id, callback: callbackView(after, url)! });
      },
    );
  };
