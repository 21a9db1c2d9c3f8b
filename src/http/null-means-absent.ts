/**
 * Explicit JSON nulls in calculation requests mean "not given". The public service these
 * endpoints are compatible with treats a `null` optional field as absent, and clients written in
 * languages with an absent-value type serialise optional fields that way (`"lat": null,
 * "city": "Athens"`). Null members of objects are removed before validation, at any depth;
 * a null inside an array stays and fails validation like any other wrong element.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

function dropNullMembers(body: unknown): void {
  // Iterative: the body parser bounds nesting, but a walk of a request must never depend on that.
  const stack: unknown[] = [body];
  while (stack.length) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const element of value) stack.push(element);
      continue;
    }
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      if (object[key] === null) delete object[key];
      else stack.push(object[key]);
    }
  }
}

/** preValidation hook of the calculation routes (a callback hook: an async one costs a promise per request). */
export function nullMeansAbsent(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  dropNullMembers(request.body);
  done();
}
