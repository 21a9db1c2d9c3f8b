/**
 * What browsers need to hear from the API: CORS (web apps call the public API directly with
 * their key, and the dashboard with its token), and headers that keep a response from being
 * sniffed into another type or kept in a cache when it carries something private.
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false`: the API's CORS rules do not apply to the route, which answers browsers by rules of
     * its own (the MCP endpoint refuses foreign origins instead of allowing any).
     */
    cors?: false;
  }
}

/**
 * Response headers a browser script may read: the limits, the replay flag, the headers of the
 * chart images and exports, and the numerology trace and registry version.
 */
export const EXPOSED_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-ratelimit-limit-second',
  'x-ratelimit-remaining-second',
  'retry-after',
  'idempotency-replayed',
  'x-transit-datetime-utc',
  'x-solar-return-datetime-utc',
  'x-progression-system',
  'x-progression-target-date-utc',
  'x-progressed-datetime-utc',
  'x-progression-age-years',
  'x-ephemeris-rows',
  'x-export-cost',
  'content-disposition',
  'x-trace-id',
  'x-registry-version',
  'etag',
  'x-chart-adjustments',
  'x-warnings',
  'x-unknown-fields',
  'x-branding-logo',
];

/** Request headers a browser may send: the credentials of both sides and the request options. */
const ALLOWED_HEADERS = ['content-type', 'accept', 'x-api-key', 'authorization', 'idempotency-key', 'if-none-match'];

/**
 * `origins`: `*` (any site: the API's credentials travel in headers, never in cookies, so no
 * site gains anything it could not do with the key itself), or a comma-separated list.
 */
export async function registerCors(app: FastifyInstance, origins: string): Promise<void> {
  const list = origins
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  await app.register(cors, {
    origin: list.includes('*') ? '*' : list,
    // PUT: notification settings and the admin's funnels; PATCH: none yet, allowed alike.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    // Browsers keep a preflight answer this long (seconds) instead of asking before every call.
    maxAge: 600,
  });
}

/** `nosniff` on every response: a JSON error or an SVG is never read as a page or a script. */
export function registerNoSniff(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });
}

/**
 * The dashboard's answers carry secrets (a new key, the profile, request logs): no cache, shared
 * or private, may keep them. A route that set its own policy (the branding image) keeps it.
 */
export function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  done(null, payload);
}
