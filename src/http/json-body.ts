/**
 * The JSON body parser of every route: Fastify's own (which refuses `__proto__` and
 * `constructor.prototype` keys), followed by a bound on nesting. JSON.parse itself copes with
 * any depth, but what walks the value afterwards (the null-dropping hook, validation, error
 * mapping, idempotency fingerprints) would recurse into a body nested 20,000 levels deep until
 * the stack runs out: such a body is refused as a validation problem before anything sees it.
 * No request of the API nests deeper than a handful of levels.
 */
import type { FastifyInstance } from 'fastify';
import { RequestFieldError } from '../requests/request-error.ts';

export const MAX_JSON_DEPTH = 32;

/** A body nested deeper than MAX_JSON_DEPTH: a 422 wherever it is caught (statusCode for Fastify's own handlers). */
export class JsonTooDeepError extends RequestFieldError {
  readonly statusCode = 422;
  constructor() {
    super(['body'], `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 'value_error.json_depth');
  }
}

/**
 * Valid JSON with a key that could reach an object's prototype (`__proto__`, or `constructor`
 * holding `prototype`): refused, as the parser refuses it, but said as it is, not as a body that
 * does not parse.
 */
export class ForbiddenJsonKeyError extends RequestFieldError {
  readonly statusCode = 422;
  constructor() {
    super(['body'], 'JSON keys named __proto__, or constructor with a prototype key inside, are not accepted', 'value_error.json_forbidden_key');
  }
}

function parsesAsPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether a parsed JSON value nests objects and arrays deeper than `limit` (iterative: any depth is safe to measure). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: { node: object; depth: number }[] = [{ node: value, depth: 1 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth > limit) return true;
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ node: child, depth: depth + 1 });
    }
  }
  return false;
}

/** Requests whose body came without a Content-Type and is read as JSON: their parse errors say so. */
const typeAssumed = new WeakSet<object>();
export const contentTypeAssumed = (request: object): boolean => typeAssumed.has(request);

export function registerJsonBodyParser(app: FastifyInstance): void {
  // A body sent without a Content-Type is read as JSON, as the public service's framework reads
  // it (clients that never set the header work there); a body of another declared type still gets 415.
  app.addHook('onRequest', (request, _reply, done) => {
    const headers = request.headers;
    const type = headers['content-type'];
    if (
      (type === undefined || type.trim() === '') &&
      (headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0'))
    ) {
      headers['content-type'] = 'application/json';
      typeAssumed.add(request);
    }
    done();
  });
  // Fastify reads text/plain bodies as strings, which no endpoint takes: a JSON body sent with that
  // type got "expected object, received string". It gets 415 naming the type expected, as other types do.
  app.removeContentTypeParser('text/plain');
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parse(request, body as string, (error: Error | null, value?: unknown) => {
      if (error) return done(parsesAsPlainJson(body as string) ? new ForbiddenJsonKeyError() : error, undefined);
      if (nestsDeeperThan(value, MAX_JSON_DEPTH)) return done(new JsonTooDeepError(), undefined);
      done(null, value);
    });
  });
}
