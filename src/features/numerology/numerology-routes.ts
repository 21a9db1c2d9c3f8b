/**
 * Numerology: the method registry, the alphabet tables and profile calculation. The engine in
 * src/numerology is pure; this layer only authenticates, caches the immutable documents by
 * ETag, and sends the engine's answers. Nothing of a subject (name, date, result) is logged,
 * stored or used as a metric label: the body is never logged and the route template is the label.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  getAlphabets,
  getAlphabetsEtag,
  getRegistry,
  getRegistryEtag,
  getRegistryVersion,
  ifNoneMatchMatches,
  buildProblem,
  PROBLEM_CONTENT_TYPE,
  NumerologyProfileRequestSchema,
} from '../../numerology/index.ts';
import type { ApiKeyAuthenticator } from '../../http/api-key-auth.ts';
import { JsonTooDeepError } from '../../http/json-body.ts';
import { calculateProfile } from './numerology-service.ts';

const CACHE_CONTROL = 'public, max-age=3600, must-revalidate';

function sendCacheable(request: FastifyRequest, reply: FastifyReply, etag: string, body: () => unknown) {
  reply.header('etag', etag).header('cache-control', CACHE_CONTROL).header('x-registry-version', getRegistryVersion());
  if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(body());
}

/** A profile request the engine accepts as it is (the document's example). */
const PROFILE_EXAMPLE = {
  method: { system: 'pythagorean', profile: 'pythagorean-component-preserve-core-v1' },
  subject: { birth_date: '1984-07-09', name: { birth: 'Maria Lopez' } },
  date_context: { reference_date: '2026-01-15' },
};

export function numerologyRoutes(authenticator: ApiKeyAuthenticator) {
  return async (app: FastifyInstance) => {
    // The methods endpoint answers an invalid key with 403 (interface §7.2), unlike the others.
    app.get(
      '/api/v1/numerology/methods',
      {
        onRequest: authenticator.hook({ invalidKeyStatus: 403 }),
        schema: {
          tags: ['numerology'],
          summary: 'Registry of numerology systems, profiles, policies and sources',
          description: 'Contains no subject data; cacheable by `registry_version` (ETag, Cache-Control).',
          security: [{ apiKey: [] }],
        },
      },
      (request, reply) => sendCacheable(request, reply, getRegistryEtag(), getRegistry),
    );

    app.get(
      '/api/v1/numerology/alphabets',
      {
        onRequest: authenticator.hook(),
        schema: { tags: ['numerology'], summary: 'Immutable alphabet and Gematria tables by id', security: [{ apiKey: [] }] },
      },
      (request, reply) => sendCacheable(request, reply, getAlphabetsEtag(), getAlphabets),
    );

    app.register(async (profile) => {
      // Even a body that is not JSON gets a problem document on this route.
      profile.setErrorHandler((error: FastifyError, request, reply) => {
        if (error.statusCode && error.statusCode < 500 && error.statusCode !== 401 && error.statusCode !== 403) {
          const status = error.statusCode === 413 || error.statusCode === 415 ? error.statusCode : 422;
          const detail = error instanceof JsonTooDeepError ? error.message : status === 422 ? 'The request body is not valid JSON.' : error.message;
          const problem = buildProblem('validation_failed', detail, { instance: request.url, traceId: randomUUID() }, { field: null });
          return reply
            .code(status)
            .type(PROBLEM_CONTENT_TYPE)
            .send({ ...problem, status });
        }
        throw error;
      });
      profile.post(
        '/api/v1/numerology/profile',
        {
          onRequest: authenticator.hook(),
          config: { idempotentReplay: 'recompute' },
          schema: {
            tags: ['numerology'],
            summary: 'Calculate a numerology profile (nothing is persisted)',
            description:
              '`method.system` discriminates the request and `data.kind` the response. Errors are `application/problem+json`: 400 date context unresolved, 409 incompatible policies, 422 validation.',
            security: [{ apiKey: [] }],
            // Documented here; validated by the engine, which answers in problem details.
            body: NumerologyProfileRequestSchema.meta({ example: PROFILE_EXAMPLE }),
            'x-problem-responses': {
              400: 'The date context could not be resolved (`invalid_tz`, `date_context_unresolved`)',
              409: 'The policies or the profile do not fit the request (`policy_incompatible`, `profile_system_mismatch`)',
              422: 'The request is not valid (`validation_failed`, `missing_required_field`, `invalid_date`, `empty_name`, …); `field` names the field',
            },
          },
          validatorCompiler: () => (data: unknown) => ({ value: data }),
        },
        (request, reply) => {
          // With an Idempotency-Key only the fingerprint is kept, never the answer: a replay runs
          // again here, with the instant and trace id of the first run, so that it answers the same.
          const replayOf = request.idempotency?.context ?? {};
          const now = typeof replayOf.now === 'number' ? replayOf.now : Date.now();
          const traceId = typeof replayOf.traceId === 'string' ? replayOf.traceId : randomUUID();
          if (request.idempotency) request.idempotency.context = { now, traceId };
          const result = calculateProfile(request.body, request.url, { now, traceId });
          return reply.code(result.status).type(result.contentType).header('x-trace-id', result.traceId).send(result.body);
        },
      );
    });
  };
}
