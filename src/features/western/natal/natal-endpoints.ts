/**
 * POST /api/v1/natal/calculate (with the optional psychological report job) and the compact
 * POST /natal.
 */
import { z } from 'zod/v4';
import type { DatabasePool } from 'slonik';
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint, type EndpointInput, type Served } from '../../../http/endpoint.ts';
import { HttpError } from '../../../http/errors.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { interpretationOptions } from '../../../requests/interpretation-schema.ts';
import { submitReport, type ReportService, type ReportSubmission } from '../../../reports/http/report-submit.ts';
import { natalAnswerBytes } from './natal-answer.ts';
import { writeCompactNatalAnswer } from './natal-compact-answer.ts';
import type { NatalTask } from './natal-service.ts';
import {
  compactNatalRequest,
  compactNatalResponse,
  natalQuery,
  natalRequest,
  natalResponse,
  type CompactNatalRequest,
  type NatalRequest,
} from './natal-schemas.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';

export const natalTask = poolTask('natal', (task: NatalTask) => natalAnswerBytes(task), 'inline');
export const compactNatalTask = poolTask(
  'compact_natal',
  (task: { request: CompactNatalRequest; place: ResolvedPlace }) => writeCompactNatalAnswer(task.request, task.place),
  'inline',
);

/** What the natal endpoint needs to make a report job: the database and the report service. */
export interface NatalReports {
  db: DatabasePool;
  service: ReportService;
}

const reportRefusal = z.object({
  detail: z.string().describe('A sentence for people; the status code is what programs act on'),
  code: z.string().optional().describe('A fixed code for programs naming the refusal'),
});

/** The natal answer with the `report` block added at its end (the chart's JSON is already serialised). */
function withReport(natal: Buffer, report: ReportSubmission): Buffer {
  const text = natal.toString('utf8').trimEnd();
  return Buffer.from(`${text.slice(0, -1)},"report":${JSON.stringify(report)}}`);
}

const BIRTH =
  'Birth data: year, month, day, hour, minute (local civil time at the place), and the place as `city` (optionally `country`) or `lat`/`lng`; the time zone is looked up unless `tz_str` names one. `time_known: false` for an unknown birth time.';

/** The chart's task: query-string options win over the body's fields of the same name. */
function prepareNatal({ body, query }: EndpointInput<NatalRequest, z.output<typeof natalQuery> | undefined>): NatalTask {
  return {
    request: body,
    place: resolveSubjectPlace(body, ['body']),
    includeMinor: query?.include_minor ?? body.include_minor ?? body.include_minor_aspects ?? false,
    includeStelliums: query?.include_stelliums ?? body.include_stelliums ?? false,
    interpretation: interpretationOptions(body.interpretation, false),
  };
}

export const natalCalculate = endpoint({
  method: 'POST',
  paths: ['/api/v1/natal/calculate'],
  tags: ['natal'],
  summary: 'Natal chart: planets, houses, angles, aspects',
  description:
    'With `psychological_report.enabled`, a report job is also created (one credit, none for the demo subject; 402 without credit, 503 when no report worker can run; demo reports are bounded per account (429) and in all (503), and run after paid ones) and the answer carries `report {job_id, status, status_url, next_poll_after_seconds}`. Positions are geocentric apparent ecliptic longitudes of date (tropical, or sidereal with the chosen ayanamsa). `include_minor` and `include_stelliums` are accepted as query parameters or body fields; the query wins. `interpretation: {enable: true, style}` adds the `interpretation` block: text for the placements, aspects and patterns, in sections.',
  body: natalRequest,
  query: natalQuery,
  answer: { json: natalResponse },
  responses: {
    402: reportRefusal.describe('A report was asked for and no report credit is left (`insufficient_report_credits`); no job was made'),
    429: reportRefusal.describe(
      'Rate limit or request quota exceeded (see the `X-RateLimit-*` headers); or a free demo report was asked for while the account already has its 2 (REPORT_DEMO_MAX_PER_ACCOUNT) waiting or running (`demo_report_limit`). `Retry-After` says when to try again; no job was made',
    ),
    503: reportRefusal.describe(
      'A report was asked for and no report worker can make it now (`reports_unavailable`: no Chromium, or no worker running), or a free demo report was asked for while 20 (REPORT_DEMO_MAX_OPEN) are waiting or running in all (`demo_reports_busy`, with `Retry-After`); no credit was taken',
    ),
  },
  task: natalTask,
  prepare: prepareNatal,
  async serve(input, { compute, userId, headers, services }): Promise<Served> {
    const natal = await compute.run(natalTask, prepareNatal(input));
    const options = input.body.psychological_report;
    if (!options?.enabled) return { kind: 'json', bytes: natal };
    if (!userId) throw new HttpError(401, 'Missing API key');
    const reports = services.reports as NatalReports | undefined;
    if (!reports) throw new HttpError(503, 'Reports are not set up on this service', {}, 'reports_unavailable');
    const key = headers['idempotency-key'];
    const report = await submitReport(reports.db, reports.service, {
      userId,
      request: input.body,
      place: resolveSubjectPlace(input.body, ['body']),
      options,
      idempotencyKey: typeof key === 'string' && key ? key : null,
    });
    return { kind: 'json', bytes: withReport(natal, report) };
  },
  mcp: {
    title: 'Natal chart',
    description: `The full natal chart of POST /api/v1/natal/calculate: positions of the planets and points (sign, degree, house, speed, retrograde), house cusps, angles and aspects with orbs, with the same options (zodiac, house system, extra bodies, minor aspects, stelliums). ${BIRTH}`,
    // Reports are asked for through REST (they spend a credit and run for seconds); the tool is read-only.
    omit: ['psychological_report'],
  },
});

export const NATAL_ENDPOINTS = [
  natalCalculate,
  endpoint({
    method: 'POST',
    paths: ['/natal'],
    tags: ['natal'],
    summary: 'Compact natal chart: curated planets, cusp signs and a summary',
    body: compactNatalRequest,
    answer: { json: compactNatalResponse },
    task: compactNatalTask,
    prepare: ({ body }) => ({ request: body, place: resolveSubjectPlace(body, ['body']) }),
    mcp: {
      title: 'Compact natal chart',
      description: `The compact natal chart of POST /natal: the ten planets and the north node with sign, house and degree, the sign on each house cusp, and a summary (Sun, Moon and rising sign, dominant element and modality). ${BIRTH}`,
    },
  }),
];
