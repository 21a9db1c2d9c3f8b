/**
 * POST /api/v1/ephemeris/calculate and GET /api/v1/ephemeris: buffered JSON and tables through
 * the `ephemeris` task, CSV and NDJSON exports streamed in chunks through the export admission.
 */
import Negotiator from 'negotiator';
import { Readable } from 'node:stream';
import { z } from 'zod/v4';
import { poolTask } from '../../compute/pool-task.ts';
import type { ComputeRunner } from '../../compute/runner.ts';
import { endpoint, type Endpoint, type EndpointContext, type Served } from '../../http/endpoint.ts';
import { HttpError } from '../../http/errors.ts';
import type { AdmittedExport, ExportAdmission } from '../../http/export-admission.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { computeEphemeris, computeEphemerisChunk } from './ephemeris-service.ts';
import { buildEphemerisPlan, requestedFormat, type EphemerisPlan } from './plan.ts';
import { ephemerisQuery, ephemerisRequest, queryToRequest, type EphemerisRequest } from './ephemeris-schemas.ts';
import {
  MAX_BUFFERED_BYTES,
  MAX_BUFFERED_ROWS,
  MAX_GRID_ROWS,
  MAX_STREAMED_ROWS,
  STREAM_CHUNK_ROWS,
  EPHEMERIS_FIRST_DATE,
  EPHEMERIS_LAST_DATE,
} from './limits.ts';

export const ephemerisTask = poolTask('ephemeris', (plan: EphemerisPlan) => computeEphemeris(plan));
/** One chunk of an export: the task of no endpoint of its own (src/pool-tasks.ts lists it). */
export const ephemerisChunkTask = poolTask(
  'ephemeris_chunk',
  (p: { plan: EphemerisPlan; from: number; to: number }) => computeEphemerisChunk(p),
  'export_chunk',
);

/** An ephemeris in one tool result: a day-by-day year. Longer tables are the REST export's job. */
export const MCP_MAX_EPHEMERIS_ROWS = 366;

/** Set by the tool's arguments only (no JSON carries a symbol): the rows one tool call may hold. */
const TOOL_ROW_LIMIT = Symbol('tool row limit');

const bufferedFormat = z.enum(['json', 'table']).nullish();
/** The tool's arguments: the request, in the buffered formats only, bounded to MCP_MAX_EPHEMERIS_ROWS rows. */
const ephemerisToolRequest = ephemerisRequest
  .extend({
    format: bufferedFormat.describe('`json` (rows of positions) or `table` (rows, columns or a grid of text cells)'),
    response_mode: bufferedFormat,
  })
  .transform((args) => ({ ...args, [TOOL_ROW_LIMIT]: MCP_MAX_EPHEMERIS_ROWS }));

/** The buffered answer: its `meta`, and the rows (`data`) or the table (`table`) as the format has them. */
const ephemerisAnswer = z
  .object({
    meta: z
      .record(z.string(), z.unknown())
      .describe('What the table holds: its range, step and row count, the bodies and columns, the zodiac and the options that shaped the rows'),
  })
  // The rows (`data`) or the table (`table`) beside `meta`, as the `format` asked (docs/api/ephemeris.md).
  .passthrough();

/**
 * Export chunks computed ahead of the socket: two per worker thread and one more, so that a
 * worker never idles while the chunk at the head of the line is still being computed elsewhere
 * (with 3 for 2 threads one worker sat at 65 %), and few enough to bound memory (~1 MB each).
 */
const chunksInFlight = (compute: ComputeRunner) => Math.max(2, 2 * compute.stats().threads + 1);

const DESCRIPTION = `Positions over a date range. Steps \`<N>m\`, \`<N>h\` (absolute time) or \`<N>d\` (local calendar days at the same wall time). Range ${EPHEMERIS_FIRST_DATE} to ${EPHEMERIS_LAST_DATE}. Buffered formats (\`json\`, \`table\`) hold at most ${MAX_BUFFERED_ROWS} rows (grid tables ${MAX_GRID_ROWS}); \`csv\` and \`ndjson\` (or \`Accept: text/csv\` / \`application/x-ndjson\`) stream up to ${MAX_STREAMED_ROWS} rows with bounded memory (fewer on some plans). A buffered response holds at most ${MAX_BUFFERED_BYTES / 1024 / 1024} MB. An export costs one request of the quota per EXPORT_ROWS_PER_UNIT rows (10,000 by default; header X-Export-Cost); a busy server answers 503 and an account with too many exports running 429, both with Retry-After.`;

/** What Accept prefers, by its q-values: JSON first where it ties (and without the header). */
const OFFERED = ['application/json', 'text/csv', 'application/x-ndjson', 'application/ndjson'];
function formatFromAccept(header: string | string[] | undefined): 'csv' | 'ndjson' | undefined {
  // Parameters other than q (`text/csv; charset=utf-8`) would make an offered type fail to match.
  const accept = ((Array.isArray(header) ? header.join(',') : header) ?? '*/*')
    .split(',')
    .map((range) =>
      range
        .split(';')
        .filter((part, i) => i === 0 || /^\s*q\s*=/i.test(part))
        .join(';'),
    )
    .join(',');
  const preferred = new Negotiator({ headers: { accept } }).mediaType(OFFERED);
  if (preferred === 'text/csv') return 'csv';
  if (preferred === 'application/x-ndjson' || preferred === 'application/ndjson') return 'ndjson';
  return undefined;
}

/** The chunks of an export after the first, each computed through the export's compute slots. */
async function* exportChunks(compute: ComputeRunner, plan: EphemerisPlan, first: Promise<Buffer>, exported: AdmittedExport): AsyncGenerator<Buffer> {
  const pending: Promise<Buffer>[] = [first];
  let next = Math.min(STREAM_CHUNK_ROWS, plan.rowCount);
  const launch = () => {
    const from = next;
    const to = Math.min(from + STREAM_CHUNK_ROWS, plan.rowCount);
    next = to;
    const task = exported.chunk(() => compute.run(ephemerisChunkTask, { plan, from, to }));
    task.catch(() => {}); // observed when its turn comes; never an unhandled rejection
    pending.push(task);
  };
  const ahead = chunksInFlight(compute);
  try {
    while (pending.length < ahead && next < plan.rowCount) launch();
    while (pending.length) {
      const chunk = await pending.shift()!;
      if (next < plan.rowCount) launch();
      yield chunk;
    }
  } finally {
    // Done, or the client went away: chunks still waiting for a slot are not computed.
    exported.release();
  }
}

/** The plan of a request: the format it names, else the one Accept prefers, else JSON. */
function planOf(request: EphemerisRequest, accept?: string | string[]): EphemerisPlan {
  const plan = buildEphemerisPlan({ ...request, format: requestedFormat(request) ?? formatFromAccept(accept) ?? null, response_mode: null });
  const toolLimit = (request as { [TOOL_ROW_LIMIT]?: number })[TOOL_ROW_LIMIT];
  if (toolLimit !== undefined && plan.rowCount > toolLimit) {
    throw new RequestFieldError(
      ['body', 'end'],
      `${plan.rowCount} rows exceed the ${toolLimit} rows of one tool call; use a larger step or a shorter range (the REST endpoint exports up to 2,000,000 rows as CSV or NDJSON)`,
      'value_error.too_many_rows',
    );
  }
  return plan;
}

async function serveEphemeris(request: EphemerisRequest, { compute, headers, services, http }: EndpointContext): Promise<Served> {
  const plan = planOf(request, headers.accept);
  if (plan.format === 'json' || plan.format === 'table') return { kind: 'json', bytes: await compute.run(ephemerisTask, plan) };
  const exports = services.exports as ExportAdmission | undefined;
  if (!exports) throw new HttpError(503, 'Exports are not set up on this service', {}, 'exports_unavailable');
  const exported = await exports.admitHttp(http, plan.rowCount, ['body', 'end']);
  // Whatever ends the answer, the export's place is given back.
  (http.reply as { raw: NodeJS.EventEmitter }).raw.once('close', () => exported.release());
  // The first chunk is computed before any byte is sent, so that a bad request still gets a 422.
  const first = exported.chunk(() => compute.run(ephemerisChunkTask, { plan, from: 0, to: Math.min(STREAM_CHUNK_ROWS, plan.rowCount) }));
  await first;
  const body = Readable.from(exportChunks(compute, plan, first, exported), { objectMode: false });
  const name = `ephemeris-${String(plan.meta.start).slice(0, 10)}-${String(plan.meta.end ?? plan.meta.start).slice(0, 10)}`;
  return {
    kind: 'body',
    contentType: plan.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    headers: { 'content-disposition': `attachment; filename="${name}.${plan.format === 'csv' ? 'csv' : 'ndjson'}"`, 'x-ephemeris-rows': String(plan.rowCount) },
    body,
  };
}

/** The same checks as the POST form, reported against the query string. */
async function asQuery<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RequestFieldError && error.loc[0] === 'body') throw new RequestFieldError(['query', ...error.loc.slice(1)], error.message, error.type);
    throw error;
  }
}

/** The query string read as the body it spells (lists split, numbers and booleans read), then checked as one. */
const ephemerisQueryRequest = ephemerisQuery.transform((query) => queryToRequest(query)).pipe(ephemerisRequest);

const TOOL_DESCRIPTION = `Positions over a date range, as POST /api/v1/ephemeris/calculate answers in JSON or table form: \`start\` and \`end\` (ISO dates or date-times, local to \`tz_str\`, the place's zone, or UTC), \`step\` (\`<N>m\`, \`<N>h\`, \`<N>d\`), bodies, and optional houses, angles, aspects, dignities, Moon void of course and fixed stars. At most ${MCP_MAX_EPHEMERIS_ROWS} rows per call.`;

/** The answer's media types, for the OpenAPI document (openapi-rules.ts): buffered JSON, or a streamed export. */
const PRODUCES = ['application/json', 'text/csv', 'application/x-ndjson'];

export const ephemerisCalculate = endpoint({
  method: 'POST',
  paths: ['/api/v1/ephemeris/calculate'],
  tags: ['ephemeris'],
  summary: 'Ephemeris table over a date range',
  description: DESCRIPTION,
  body: ephemerisRequest,
  answer: { json: ephemerisAnswer, produces: PRODUCES, stream: true },
  task: ephemerisTask,
  prepare: ({ body }) => planOf(body),
  serve: ({ body }, context) => serveEphemeris(body, context),
  mcp: {
    title: 'Ephemeris table',
    description: TOOL_DESCRIPTION,
    input: ephemerisToolRequest,
    aliases: [
      {
        // The name a chat assistant looks for (GET /api/v1/ephemeris's): it attaches its month-table image only after a tool of that name answered.
        name: 'v1_ephemeris',
        title: 'Ephemeris table (v1_ephemeris)',
        description: `The ephemeris of GET and POST /api/v1/ephemeris, as v1_ephemeris_calculate answers it: ${TOOL_DESCRIPTION.slice(TOOL_DESCRIPTION.indexOf(':') + 2)}`,
      },
    ],
  },
});

export const EPHEMERIS_ENDPOINTS: readonly Endpoint[] = [
  ephemerisCalculate,
  endpoint({
    method: 'GET',
    paths: ['/api/v1/ephemeris'],
    tags: ['ephemeris'],
    summary: 'Ephemeris table over a date range (query-string form)',
    description: DESCRIPTION,
    query: ephemerisQueryRequest,
    answer: { json: ephemerisAnswer, produces: PRODUCES, stream: true },
    task: ephemerisTask,
    prepare: ({ query }) => planOf(query),
    serve: ({ query }, context) => asQuery(() => serveEphemeris(query, context)),
    mcp: null,
  }),
];
