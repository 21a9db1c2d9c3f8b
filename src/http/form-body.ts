/**
 * `application/x-www-form-urlencoded` bodies (the OAuth token and revocation endpoints, the
 * consent page's forms), read into an object: a name given once is a string, a repeated name an
 * array of strings (the caller decides whether repetition is allowed).
 */
import type { FastifyInstance } from 'fastify';

export type FormBody = Record<string, string | string[]>;

export function parseForm(text: string): FormBody {
  const form = Object.create(null) as FormBody;
  for (const [name, value] of new URLSearchParams(text)) {
    const previous = form[name];
    form[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return form;
}

/** Registers the parser in one plugin's scope, with its own (small) body limit. */
export function acceptFormBodies(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, parseForm(body as string));
  });
}
