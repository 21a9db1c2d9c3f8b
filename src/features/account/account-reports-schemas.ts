/** Schemas of the account's report list and downloads (the dashboard's reports page, and any client with a dashboard token). */
import { z } from 'zod/v4';

export const reportListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Most jobs, newest first, 1 to 200. Default 50.'),
});

export const listedReportJob = z
  .object({
    job_id: z.string().describe('Id of the report job'),
    status: z.enum(['queued', 'running', 'completed', 'failed']).describe('Where the job is'),
    progress: z.number().int().describe('Percent done, 0 to 100'),
    stage: z.string().describe('What the worker is doing (queued, computing, rendering, done …)'),
    output_format: z.string().describe('The format asked for: pdf, markdown or json'),
    subject_name: z.string().nullable().describe('The name the report was ordered for; null when the order gave none'),
    birth_date: z.string().nullable().describe('The birth date the report reads, YYYY-MM-DD as ordered'),
    created_at: z.string().describe('When the job was submitted, ISO 8601 UTC'),
    completed_at: z.string().nullable().describe('When it completed, ISO 8601 UTC; null until then'),
    error: z.string().nullable().describe('Why it failed; null unless failed'),
    pdf_url: z.string().nullable().describe('Where the session or token downloads the PDF; null until there is one'),
    markdown_url: z.string().nullable().describe('Where the report text is downloaded as markdown; null until completed'),
  })
  .meta({ id: 'ListedReportJob' });

export const reportDownloadParams = z.object({
  job_id: z.string().min(1).max(100).describe('A job id from GET /api/v1/auth/reports.').meta({ example: 'rpt_0000000000000000' }),
});
export const reportDownloadQuery = z.object({
  format: z.enum(['pdf', 'markdown']).default('pdf').describe('pdf (default) or markdown'),
});
