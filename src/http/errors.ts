/**
 * One error mapping for the whole API: validation problems become 422 in FastAPI's
 * HTTPValidationError shape, everything else keeps its status with a `detail` message, and
 * nothing a client sends can turn into a 5xx.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { RequestFieldError } from '../features/shared/request-error.ts';
import { ComputeOverloadedError } from '../compute/runner.ts';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

const CONTEXT_TO_LOC: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

function pathSegments(instancePath: string): (string | number)[] {
  return instancePath.split('/').filter(Boolean).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
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

/** zod issue codes to the pydantic-style `type` values FastAPI clients know. */
function issueType(code: string, params: Record<string, unknown>, missing: boolean): string {
  if (code === 'invalid_type') return missing ? 'missing' : `type_error.${String(params.expected ?? 'value')}`;
  if (code === 'too_small' || code === 'too_big') {
    const small = code === 'too_small';
    if (params.origin === 'string') return `value_error.any_str.${small ? 'min_length' : 'max_length'}`;
    if (params.origin === 'array' || params.origin === 'set') return `value_error.list.${small ? 'min_items' : 'max_items'}`;
    return `value_error.number.${small ? 'not_ge' : 'not_le'}`;
  }
  if (code === 'invalid_value' || code === 'invalid_enum_value') return 'value_error.enum';
  return `value_error.${code}`;
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

export function validationBody(issues: ValidationIssue[]) {
  return { detail: issues };
}

export class HttpError extends Error {
  constructor(readonly statusCode: number, readonly detail: string, readonly headers: Record<string, string> = {}, readonly code?: string) {
    super(detail);
  }
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const where = CONTEXT_TO_LOC[context] ?? 'body';
      const input = (request as unknown as Record<string, unknown>)[context];
      const issues = error.validation.map((v) => {
        const params = v.params as Record<string, unknown>;
        const path = pathSegments(v.instancePath);
        const missing = v.keyword === 'invalid_type' && sentValue(input, path) === undefined;
        return { loc: [where, ...path], msg: missing ? 'Field required' : v.message, type: issueType(v.keyword, params, missing) };
      });
      return reply.code(422).send(validationBody(issues));
    }
    if (error instanceof RequestFieldError) {
      return reply.code(422).send(validationBody([{ loc: error.loc, msg: error.message, type: error.type }]));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail, ...(error.code ? { code: error.code } : {}) });
    }
    if (isDataException(error)) {
      // A value the schemas let through but PostgreSQL cannot hold (the transaction rolled back).
      return reply.code(422).send(validationBody([{ loc: ['body'], msg: 'a value of the request cannot be stored', type: 'value_error.unstorable' }]));
    }
    if (error instanceof ComputeOverloadedError) {
      return reply.code(503).header('retry-after', String(error.retryAfterSeconds)).send({ detail: 'Service overloaded, retry later' });
    }
    // Body that is not JSON, or JSON that does not parse: a validation problem of the body.
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.code(422).send(validationBody([{ loc: ['body'], msg: `JSON decode error: ${error.message}`, type: 'json_invalid' }]));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ detail: 'Internal Server Error' });
    }
    return reply.code(status).send({ detail: error.message });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));
}
