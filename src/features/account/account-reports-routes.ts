/**
 * The caller's reports, for the dashboard (session cookie) or any client with a dashboard token:
 * the jobs, newest first, with their state; the report credits; a finished report downloaded.
 * Jobs are ordered with an API key (POST /api/v1/natal/calculate with psychological_report);
 * another user's job id is answered like one that does not exist.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { ReportCreditRepository } from '../../db/report-credits.ts';
import { HttpError } from '../../http/errors.ts';
import { reportCreditsResponse } from '../../reports/http/report-credit-routes.ts';
import { reportJobsOf } from '../../reports/store/report-job-list.ts';
import { ReportJobRepository } from '../../reports/store/report-jobs.ts';
import { accountId } from '../auth/account-user.ts';
import { detailError } from '../auth/auth-schemas.ts';
import { listedReportJob, reportDownloadParams, reportDownloadQuery, reportListQuery } from './account-reports-schemas.ts';

export const accountReportRoutes =
  (db: DatabasePool): FastifyPluginAsyncZod =>
  async (app) => {
    const jobs = new ReportJobRepository(db);
    const credits = new ReportCreditRepository(db);
    const download = (id: string, format: string) => `/api/v1/auth/reports/${encodeURIComponent(id)}/download?format=${format}`;

    app.get(
      '/api/v1/auth/reports',
      {
        schema: {
          tags: ['reports'],
          summary: "The caller's report jobs, newest first",
          querystring: reportListQuery,
          response: { 200: listedReportJob.array() },
        },
      },
      async (request) =>
        (await reportJobsOf(db, accountId(request), request.query.limit)).map((job) => ({
          job_id: job.id,
          status: job.status,
          progress: job.progress,
          stage: job.stage,
          output_format: job.output_format,
          subject_name: job.subject_name,
          birth_date: job.birth_date,
          created_at: job.created_at,
          completed_at: job.completed_at,
          error: job.status === 'failed' ? (job.error_message ?? 'The report could not be made') : null,
          pdf_url: job.status === 'completed' && job.has_pdf ? download(job.id, 'pdf') : null,
          markdown_url: job.status === 'completed' ? download(job.id, 'markdown') : null,
        })),
    );

    app.get(
      '/api/v1/auth/report-credits',
      { schema: { tags: ['reports'], summary: "The caller's report credits", response: { 200: reportCreditsResponse } } },
      async (request) => credits.periodSummary(accountId(request)),
    );

    app.get(
      '/api/v1/auth/reports/:job_id/download',
      {
        schema: {
          tags: ['reports'],
          summary: 'A finished report as a PDF or markdown file',
          description: 'The PDF with the branding logo when the job asked for it. 409 before the job has completed.',
          params: reportDownloadParams,
          querystring: reportDownloadQuery,
          response: { 404: detailError, 409: detailError },
        },
      },
      async (request, reply) => {
        const userId = accountId(request);
        const row = await jobs.status(request.params.job_id, userId);
        if (!row) throw new HttpError(404, 'Report job not found', {}, 'report_not_found');
        if (row.status !== 'completed') throw new HttpError(409, `The report is not ready yet (status ${row.status})`, {}, 'report_not_ready');
        if (request.query.format === 'markdown')
          return reply
            .type('text/markdown; charset=utf-8')
            .header('content-disposition', `attachment; filename="${row.id}.md"`)
            .send((row.markdown ?? '') as never);
        const branded = (row.options as { include_profile_branding_logo?: boolean }).include_profile_branding_logo ?? false;
        const pdf = await jobs.pdf(row.id, userId, branded);
        if (!pdf) throw new HttpError(409, 'This report was made without a PDF', {}, 'report_not_ready');
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${row.id}.pdf"`)
          .send(pdf.bytes as never);
      },
    );
  };
