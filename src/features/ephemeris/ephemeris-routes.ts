/** POST /api/v1/ephemeris/calculate and GET /api/v1/ephemeris. */
import Negotiator from 'negotiator';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { issueDetail, validationBody } from '../../http/errors.ts';
import type { AdmittedExport, ExportAdmission } from '../../http/export-admission.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
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

/**
 * Export chunks computed ahead of the socket: two per worker thread and one more, so that a
 * worker never idles while the chunk at the head of the line is still being computed elsewhere
 * (with 3 for 2 threads one worker sat at 65 %), and few enough to bound memory (~1 MB each).
 */
const chunksInFlight = (compute: ComputeRunner) => Math.max(2, 2 * compute.stats().threads + 1);

const DESCRIPTION = `Positions over a date range. Steps \`<N>m\`, \`<N>h\` (absolute time) or \`<N>d\` (local calendar days at the same wall time). Range ${EPHEMERIS_FIRST_DATE} to ${EPHEMERIS_LAST_DATE}. Buffered formats (\`json\`, \`table\`) hold at most ${MAX_BUFFERED_ROWS} rows (grid tables ${MAX_GRID_ROWS}); \`csv\` and \`ndjson\` (or \`Accept: text/csv\` / \`application/x-ndjson\`) stream up to ${MAX_STREAMED_ROWS} rows with bounded memory (fewer on some plans). A buffered response holds at most ${MAX_BUFFERED_BYTES / 1024 / 1024} MB. An export costs one request of the quota per EXPORT_ROWS_PER_UNIT rows (10,000 by default; header X-Export-Cost); a busy server answers 503 and an account with too many exports running 429, both with Retry-After.`;

/** What Accept prefers, by its q-values: JSON first where it ties (and without the header). */
const OFFERED = ['application/json', 'text/csv', 'application/x-ndjson', 'application/ndjson'];
function formatFromAccept(request: FastifyRequest): 'csv' | 'ndjson' | undefined {
  // Parameters other than q (`text/csv; charset=utf-8`) would make an offered type fail to match.
  const accept = (request.headers.accept ?? '*/*')
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
    const task = exported.chunk(() => compute.run('ephemeris_chunk', { plan, from, to }));
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

async function respond(deps: EphemerisDeps, request: FastifyRequest, reply: FastifyReply, body: EphemerisRequest) {
  const { compute, exports } = deps;
  const plan = buildEphemerisPlan({ ...body, format: requestedFormat(body) ?? formatFromAccept(request) ?? null, response_mode: null });
  if (plan.format === 'json' || plan.format === 'table') return sendJsonBytes(reply, await compute.run('ephemeris', plan));
  const exported = await exports.admit(request, reply, plan.rowCount, ['body', 'end']);
  // Whatever ends the answer, the export's place is given back.
  reply.raw.once('close', () => exported.release());
  // The first chunk is computed before any byte is sent, so that a bad request still gets a 422.
  const first = exported.chunk(() => compute.run('ephemeris_chunk', { plan, from: 0, to: Math.min(STREAM_CHUNK_ROWS, plan.rowCount) }));
  await first;
  const stream = Readable.from(exportChunks(compute, plan, first, exported), { objectMode: false });
  const name = `ephemeris-${String(plan.meta.start).slice(0, 10)}-${String(plan.meta.end ?? plan.meta.start).slice(0, 10)}`;
  return reply
    .type(plan.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.${plan.format === 'csv' ? 'csv' : 'ndjson'}"`)
    .header('x-ephemeris-rows', String(plan.rowCount))
    .send(stream);
}

/** The answer's media types, for the OpenAPI document (openapi-rules.ts): buffered JSON, or a streamed export. */
const PRODUCES = ['application/json', 'text/csv', 'application/x-ndjson'];

export interface EphemerisDeps {
  compute: ComputeRunner;
  exports: ExportAdmission;
}

export const ephemerisRoutes =
  (deps: EphemerisDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/ephemeris/calculate',
      {
        schema: { tags: ['ephemeris'], 'x-produces': PRODUCES, summary: 'Ephemeris table over a date range', description: DESCRIPTION, body: ephemerisRequest },
      },
      (request, reply) => respond(deps, request, reply, request.body),
    );

    app.get(
      '/api/v1/ephemeris',
      {
        schema: {
          tags: ['ephemeris'],
          'x-produces': PRODUCES,
          summary: 'Ephemeris table over a date range (query-string form)',
          description: DESCRIPTION,
          querystring: ephemerisQuery,
        },
      },
      async (request, reply) => {
        const input = queryToRequest(request.query);
        const parsed = ephemerisRequest.safeParse(input);
        if (!parsed.success) return reply.code(422).send(validationBody(parsed.error.issues.map((i) => issueDetail('query', i, input))));
        try {
          return await respond(deps, request, reply, parsed.data);
        } catch (error) {
          // The same checks as the POST form, reported against the query string.
          if (error instanceof RequestFieldError && error.loc[0] === 'body')
            throw new RequestFieldError(['query', ...error.loc.slice(1)], error.message, error.type);
          throw error;
        }
      },
    );
  };
