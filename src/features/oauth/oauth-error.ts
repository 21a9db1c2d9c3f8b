/**
 * OAuth errors as the specifications answer them: `{error, error_description}` JSON with 400
 * (401 `invalid_client`), and `Cache-Control: no-store` as every token response carries.
 */
import type { FastifyReply } from 'fastify';

export class OAuthProblem extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

/** `extra`: fields next to the OAuth ones (the service's `detail` of a 503). */
export function sendOAuthProblem(reply: FastifyReply, problem: OAuthProblem, extra: Record<string, string> = {}) {
  return reply
    .code(problem.status)
    .headers({ 'cache-control': 'no-store', pragma: 'no-cache', ...problem.headers })
    .send({ error: problem.error, error_description: problem.description, ...extra });
}
