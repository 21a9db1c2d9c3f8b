/**
 * The report fields of the public API: `psychological_report` inside the natal body, the
 * `report` block of its answer, and the job status of GET /api/v1/natal/report/{job_id}
 * (field reference §4.2 and §11).
 */
import { z } from 'zod/v4';
import { queryBoolean } from '../../requests/query-boolean.ts';
import { lineOfText } from '../../requests/storable-text.ts';

/** What is wrong with a callback URL's form, if anything (where it may point is checked at submit: safe-target.ts). */
function callbackUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a URL (an https URL with a host name and, if any, a port from 1 to 65535)';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'an https URL';
  if (url.username || url.password) return 'an https URL without credentials';
  return undefined;
}

const callbackUrl = z
  .string()
  .max(2000)
  .superRefine((value, ctx) => {
    const problem = callbackUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const psychologicalReportRequest = z.object({
  enabled: z.boolean().default(false).describe('Turns report generation on; the answer then carries a `report` block.'),
  mode: z.enum(['async']).default('async').describe('Reports are made in the background; poll `status_url` or wait for the callback.'),
  style: z.enum(['standard', 'improved']).default('standard').describe("`improved` adds each passage's strengths and challenges."),
  output_format: z.enum(['pdf', 'markdown', 'json']).default('pdf').describe('The main artefact; the markdown and the sections are always kept too.'),
  include_chart_in_pdf: z.boolean().default(true).describe('The chart wheel on the cover of the PDF.'),
  include_profile_branding_logo: z.boolean().default(false).describe("The account's branding logo in the PDF footer (GET may override it)."),
  pdf_footer_label: lineOfText().max(120).optional().describe('Text in the footer of every PDF page.'),
  markdown: z.boolean().default(true).describe("Keep the report's markdown in the job result."),
  callback_url: callbackUrl.optional().describe('Receives a signed POST when the job completes or finally fails (https; public addresses only).'),
});
export type PsychologicalReportRequest = z.output<typeof psychologicalReportRequest>;

export const reportSubmission = z.object({
  job_id: z.string().describe('Id of the report job, to poll'),
  status: z.literal('queued').describe('Always queued: the report is made in the background'),
  status_url: z.string().describe('Path of GET /api/v1/natal/report/{job_id}'),
  poll_url: z.string().describe('The same as status_url'),
  next_poll_after_seconds: z.number().int().describe('Seconds to wait before the first poll'),
  credit_charged: z.boolean().describe('False for the zero-credit demo subject.'),
});

export const reportQuery = z.object({
  format: z
    .enum(['json', 'pdf', 'markdown'])
    .default('json')
    .describe(
      '`json`: the job status (and the result once completed); `pdf` or `markdown`: the report itself, 409 `report_not_ready` before it is completed. Default `json`.',
    ),
  include_profile_branding_logo: queryBoolean().describe('PDF only: with (true) or without (false) the branding logo; omitted: as stored on the job.'),
});

export const reportParams = z.object({
  job_id: z
    .string()
    .min(1)
    .max(100)
    .describe('The `report.job_id` of the natal answer that submitted the report.')
    .meta({ example: 'rpt_01JDEXAMPLE0000000000000' }),
});

const callbackDelivery = z.object({
  url: z.string().describe('The callback_url of the submission'),
  status: z
    .enum(['waiting', 'pending', 'delivered', 'failed'])
    .describe(
      'waiting: the job has not ended; pending: being delivered (retried with backoff); delivered; failed: given up (POST .../callback sends it again)',
    ),
  attempts: z
    .number()
    .int()
    .describe('Delivery attempts that have had an outcome (one in flight is counted once it has); back to 0 when the owner has it sent again'),
  last_status_code: z.number().int().nullable().describe('HTTP status of the last attempt; null when none got an answer'),
  last_error: z
    .string()
    .nullable()
    .describe('Why the last attempt failed (a refused address, a timeout, a status other than 2xx); null when none did, and again once a delivery succeeded'),
  delivered_at: z.string().nullable().describe('When it was delivered, ISO 8601 UTC'),
});

export const reportJobResponse = z
  .object({
    job_id: z.string().describe('Id of the report job'),
    status: z
      .enum(['queued', 'running', 'stalled', 'completed', 'failed'])
      .describe('Where the job is: waiting, being made, stalled (its worker stopped: it is tried again at `retry_at`), done, or ended in an error'),
    progress: z.number().int().min(0).max(100).describe('Percent done, 0 to 100; it never goes back'),
    stage: z.string().describe('What the job is doing: queued, starting, chart, rendering, storing, retrying, stalled, completed, failed'),
    next_poll_after_seconds: z.number().int().nullable().describe('Null once the job is completed or failed'),
    queue_position: z
      .number()
      .int()
      .min(1)
      .nullable()
      .describe(
        'For a queued job due now: 1 when it is the next to start (jobs that paid go before free demo jobs, then older first; an estimate, as turns are also shared across accounts); null otherwise',
      ),
    estimated_start_at: z
      .string()
      .nullable()
      .describe(
        'When the job should start (queued, stalled or waiting for a retry), ISO 8601 UTC, estimated from the median time of recent reports; null when it runs or ended, or with nothing to estimate from',
      ),
    estimated_finish_at: z
      .string()
      .nullable()
      .describe('When the job should be done, ISO 8601 UTC, estimated the same way; null once it ended or with nothing to estimate from'),
    retry_at: z
      .string()
      .nullable()
      .describe(
        "When a stalled job (its worker stopped) or one waiting out a retry's backoff is tried again, ISO 8601 UTC (for a stalled job, at the latest); null otherwise",
      ),
    created_at: z.string().describe('When the job was submitted, ISO 8601 UTC'),
    updated_at: z.string().describe('When the job last changed, ISO 8601 UTC'),
    completed_at: z.string().nullable().describe('When the job completed or failed, ISO 8601 UTC; null before'),
    error: z
      .object({
        code: z.string().describe('A fixed code for programs (report_generation_failed when none more precise)'),
        message: z.string().describe('What went wrong, for people'),
      })
      .nullable()
      .describe('Why the job failed; null unless status is failed'),
    output_format: z.enum(['pdf', 'markdown', 'json']).describe('The main artefact asked for at submission (pdf by default)'),
    include_profile_branding_logo: z.boolean().describe("Whether the PDF served by default carries the account's branding logo"),
    result: z
      .object({
        markdown: z.string().nullable().describe('The whole report as markdown; null when the submission asked not to keep it'),
        sections: z
          .array(
            z.object({
              id: z.string().describe('Stable id of the section'),
              title: z.string().describe('Heading of the section'),
              markdown: z.string().describe("The section's text as markdown"),
            }),
          )
          .describe('The report cut into its sections, in reading order'),
        page_count: z.number().int().nullable().describe('Number of pages of the PDF; null when not recorded'),
      })
      .nullable()
      .describe('The finished report; null until status is completed'),
    pdf_url: z.string().nullable().describe('Path of the PDF (format=pdf); null until the job has completed with a PDF'),
    callback: callbackDelivery.nullable().describe('The delivery of the callback; null when the submission named no callback_url'),
  })
  .meta({ id: 'ReportJobStatus' });

export const reportCallbackResent = z
  .object({
    job_id: z.string().describe('Id of the report job'),
    callback: callbackDelivery.describe('The delivery as it stands now: pending again'),
  })
  .meta({ id: 'ReportCallbackResent' });
