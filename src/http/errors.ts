/**
 * One error mapping for the whole API: validation problems become 422 in FastAPI's
 * HTTPValidationError shape, everything else keeps its status with a `detail` message, and
 * nothing a client sends can turn into a 5xx.
 */
import { contentTypeAssumed } from './json-body.ts';
import { trackRouteMethods } from './method-not-allowed.ts';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { RequestFieldError } from '../requests/request-error.ts';
import { ComputeOverloadedError } from '../compute/runner.ts';
import { HeavyWorkLimitError } from '../compute/compute-caller.ts';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/**
 * Each validation context: its name in a detail's `loc`, and where the request keeps what it
 * checked (Fastify names them apart: `querystring` is `request.query`).
 */
const CONTEXTS: Record<string, { loc: string; part: 'body' | 'query' | 'params' | 'headers' }> = {
  body: { loc: 'body', part: 'body' },
  querystring: { loc: 'query', part: 'query' },
  params: { loc: 'path', part: 'params' },
  headers: { loc: 'header', part: 'headers' },
};

function pathSegments(instancePath: string): (string | number)[] {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * What the client sent at a path of the validated part, undefined when it sent nothing there.
 * (zod does not carry the input in its issues, so "missing" and "wrong type" are told apart here.)
 */
function sentValue(input: unknown, path: (string | number)[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

/** A body that is not JSON, or JSON that does not parse (from the body parser, before any route runs). */
export function isJsonDecodeError(error: FastifyError): boolean {
  return (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)
  );
}

/** zod issue codes to the pydantic-style `type` values FastAPI clients know. */
function issueType(code: string, params: Record<string, unknown>, missing: boolean): string {
  if (code === 'invalid_type') return missing ? 'missing' : `type_error.${typeof params.expected === 'string' ? params.expected : 'value'}`;
  if (code === 'too_small' || code === 'too_big') {
    const small = code === 'too_small';
    if (params.origin === 'string') return `value_error.any_str.${small ? 'min_length' : 'max_length'}`;
    if (params.origin === 'array' || params.origin === 'set') return `value_error.list.${small ? 'min_items' : 'max_items'}`;
    return `value_error.number.${small ? 'not_ge' : 'not_le'}`;
  }
  if (code === 'invalid_value' || code === 'invalid_enum_value') return 'value_error.enum';
  // A refinement may name its type (`params: { type }`), as the checks after a schema do.
  const custom = (params.params as { type?: unknown } | undefined)?.type;
  if (code === 'custom' && typeof custom === 'string') return custom;
  return `value_error.${code}`;
}

/** A schema's issue as an entry of a 422's detail: where it is, what is wrong, and its pydantic-style type. */
export function issueDetail(where: string, issue: { code: string; path: readonly PropertyKey[]; message: string }, input: unknown): ValidationIssue {
  const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
  const sent = issue.code === 'invalid_type' ? sentValue(input, path) : undefined;
  const missing = issue.code === 'invalid_type' && sent === undefined;
  // A JSON number too large for a double (1e400) arrives as Infinity: zod's "expected number, received number" says nothing.
  const msg = missing ? 'Field required' : typeof sent === 'number' && !Number.isFinite(sent) ? 'Input should be a finite number' : issue.message;
  return { loc: [where, ...path], msg, type: issueType(issue.code, issue, missing) };
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a NUL in text, a time-zone displacement out of
 * range, ...) are caused by values of the request, wrapped by slonik one level or more deep.
 */
function isDataException(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return false;
}

const UNAVAILABLE_ERRORS = new Set(['ConnectionError', 'BackendTerminatedError', 'BackendTerminatedUnexpectedlyError']);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);

/**
 * The database could not be reached or dropped the connection (a restart, a failover, the
 * network): nothing the client did, and a retry a little later may pass. SQLSTATE class 08 is
 * "connection exception"; 57P01–57P03 an administrator shutdown or a server not accepting
 * connections yet.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { name?: unknown; code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    // slonik's error classes do not all set `name`: their constructor says what they are.
    if (UNAVAILABLE_ERRORS.has(e.constructor?.name) || (typeof e.name === 'string' && UNAVAILABLE_ERRORS.has(e.name))) return true;
    if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code) || /^57P0[123]$/.test(e.code))) return true;
  }
  return false;
}

/** Seconds a client is told to wait while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_DETAIL = 'Database unavailable, retry later';

export function validationBody(issues: ValidationIssue[]) {
  return { detail: issues };
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly code?: string,
  ) {
    super(detail);
  }
}

/** The answer to an Idempotency-Key already used for another request: the same from every route that takes one. */
export const IDEMPOTENCY_KEY_REUSED = { error: 'idempotency_key_reused', detail: 'This Idempotency-Key was already used with a different request' } as const;

/** Thrown where a route keeps its own record of keys (report jobs): answered 409 with IDEMPOTENCY_KEY_REUSED. */
export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super(IDEMPOTENCY_KEY_REUSED.detail);
  }
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const { loc: where, part } = CONTEXTS[context] ?? CONTEXTS.body!;
      const input: unknown = request[part];
      // The provider's own type of these issues names a fastify path its package does not export
      // (it reads as an error type); they are fastify's validation errors.
      const validation = error.validation as FastifySchemaValidationError[];
      const issues = validation.map((v) =>
        issueDetail(where, { ...v.params, code: v.keyword, path: pathSegments(v.instancePath), message: v.message ?? '' }, input),
      );
      return reply.code(422).send(validationBody(issues));
    }
    if (error instanceof RequestFieldError) {
      return reply.code(422).send(validationBody([error.loc, ...error.alsoAt].map((loc) => ({ loc, msg: error.message, type: error.type }))));
    }
    if (error instanceof IdempotencyKeyReusedError) return reply.code(409).send(IDEMPOTENCY_KEY_REUSED);
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ detail: error.detail, ...(error.code ? { code: error.code } : {}) });
    }
    if (isDataException(error)) {
      // A value the schemas let through but PostgreSQL cannot hold (the transaction rolled back).
      return reply.code(422).send(validationBody([{ loc: ['body'], msg: 'a value of the request cannot be stored', type: 'value_error.unstorable' }]));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ detail: DATABASE_UNAVAILABLE_DETAIL });
    }
    if (error instanceof HeavyWorkLimitError) {
      return reply
        .code(429)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ detail: error.message, code: 'too_many_heavy_requests', limit: error.limit });
    }
    if (error instanceof ComputeOverloadedError) {
      return reply.code(503).header('retry-after', String(error.retryAfterSeconds)).send({ detail: 'Service overloaded, retry later' });
    }
    // Body that is not JSON, or JSON that does not parse: a validation problem of the body.
    if (isJsonDecodeError(error)) {
      // The parser's own words name a Content-Type the client may not have sent.
      const msg = contentTypeAssumed(request)
        ? 'JSON decode error: the body, sent without a Content-Type and read as JSON, is not valid JSON'
        : `JSON decode error: ${error.message}`;
      return reply.code(422).send(validationBody([{ loc: ['body'], msg, type: 'json_invalid' }]));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      // Say what the route takes (its declared `consumes`, else JSON), also in the header RFC 9110 suggests.
      const expected = request.routeOptions.schema?.consumes ?? ['application/json'];
      const sent = request.headers['content-type'] ?? 'none';
      return reply
        .code(415)
        .header(request.method === 'PATCH' ? 'accept-patch' : 'accept-post', expected.join(', '))
        .send({ detail: `Unsupported Media Type: ${sent}; this endpoint expects ${expected.join(' or ')}` });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ detail: 'Internal Server Error' });
    }
    return reply.code(status).send({ detail: error.message });
  });

  const methodsOf = trackRouteMethods(app);
  app.setNotFoundHandler((request, reply) => {
    const allowed = methodsOf(request);
    if (allowed.length) return reply.code(405).header('allow', allowed.join(', ')).send({ detail: 'Method Not Allowed' });
    return reply.code(404).send({ detail: 'Not Found' });
  });
}

/**
 * The errors Fastify's router answers before any route runs (a path parameter over the router's
 * length limit: 414; a URL that does not decode: 400), in the API's `{detail}` shape.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, detail] = frameworkErrorAnswer(error);
  void reply.code(status).send({ detail });
}

function frameworkErrorAnswer(error: FastifyError): [status: number, detail: string] {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return [414, 'URI Too Long'];
  if (error.code === 'FST_ERR_BAD_URL') return [400, 'Malformed URL'];
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return [status, http.STATUS_CODES[status] ?? 'Bad Request'];
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout: the request did not arrive in time'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
};

/**
 * Requests that never became requests (a timeout while they arrived, headers over the limit,
 * bytes that are not HTTP): answered in the `{detail}` shape, and the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request'];
  const body = JSON.stringify({ detail });
  // Answer only where no answer has started on this socket: else the bytes would corrupt it.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
