/**
 * Names the body fields a request sent that its route does not know, in the
 * `X-Unknown-Fields` response header (`citty` for a misspelt `city`; nested ones as
 * `transit.yaer`, array elements as `people.0.nmae`).
 *
 * The request still succeeds: like the public service these endpoints are compatible with, a
 * route ignores what it does not know (clients send extra fields, and a new optional field must
 * not break older servers). But a silently ignored misspelling gives the default in place of
 * what was meant, so the response says which fields were ignored.
 *
 * The route's validation replaces the body with what its schema parsed, which holds only the
 * known fields; the fields of the sent body missing from the parsed one are the unknown ones.
 * (Values are transformed at the leaves only, never whole objects, so the shapes line up.)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const UNKNOWN_FIELDS_HEADER = 'x-unknown-fields';
/** Enough to point at the mistakes; a body of hundreds of unknown fields is not worth echoing whole. */
const MAX_LISTED = 20;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);

/** Paths present (and not null: null means absent) in `sent` but not in `parsed`. */
export function unknownFields(sent: unknown, parsed: unknown, prefix = '', found: string[] = []): string[] {
  if (found.length >= MAX_LISTED) return found;
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    sent.forEach((element, i) => unknownFields(element, parsed[i], `${prefix}${i}.`, found));
  } else if (isPlainObject(sent) && isPlainObject(parsed)) {
    for (const [key, value] of Object.entries(sent)) {
      if (found.length >= MAX_LISTED) break;
      // Own keys only: `constructor` or `toString` sent where no field has that name is unknown too.
      if (!Object.hasOwn(parsed, key)) {
        if (value !== null) found.push(`${prefix}${key}`);
      } else unknownFields(value, parsed[key], `${prefix}${key}.`, found);
    }
  }
  return found;
}

declare module 'fastify' {
  interface FastifyRequest {
    sentBody?: unknown;
  }
}

export function registerUnknownFieldWarnings(app: FastifyInstance): void {
  app.decorateRequest('sentBody', undefined);
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    if (request.routeOptions.schema?.body && isPlainObject(request.body)) request.sentBody = request.body;
    done();
  });
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.sentBody !== undefined && request.sentBody !== request.body) {
      const fields = unknownFields(request.sentBody, request.body);
      if (fields.length) reply.header(UNKNOWN_FIELDS_HEADER, fields.join(', '));
    }
    done();
  });
}
