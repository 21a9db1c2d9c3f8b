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
 * Names are written as header text can hold them (`headerSafeFieldName`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const UNKNOWN_FIELDS_HEADER = 'x-unknown-fields';
/** Enough to point at the mistakes; a body of hundreds of unknown fields is not worth echoing whole. */
const MAX_LISTED = 20;
/** A name's bytes in the header, percent escapes included: the header stays a few kilobytes. */
const MAX_NAME_BYTES = 100;

const PERCENT = 0x25;
const COMMA = 0x2c;

/**
 * A field path as header text. The names are the client's own text, and a header value holds
 * visible ASCII only: Node refuses anything else when it writes the response, which is after the
 * route has done its work (a key created, a report job queued) and would turn its answer into a
 * 500. Every byte of the name's UTF-8 outside visible ASCII, and `%` and `,` (the list's
 * separator), is written as %XX; a long name is cut between characters, with `...` at the end.
 */
export function headerSafeFieldName(name: string): string {
  let text = '';
  for (const character of name) {
    const code = character.codePointAt(0)!;
    const kept = code > 0x20 && code < 0x7f && code !== PERCENT && code !== COMMA;
    // A character's escapes are kept or cut together: a cut name still decodes as UTF-8.
    const piece = kept ? character : [...Buffer.from(character, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    if (text.length + piece.length > MAX_NAME_BYTES) return `${text}...`;
    text += piece;
  }
  return text;
}

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
      if (fields.length) reply.header(UNKNOWN_FIELDS_HEADER, fields.map(headerSafeFieldName).join(', '));
    }
    done();
  });
}
