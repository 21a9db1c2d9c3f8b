/**
 * `Idempotency-Key` on billable POSTs (routes with `config.billable`). Keys are scoped to the
 * user. The fingerprint of a request is its method, path with query, Accept header (it can choose
 * the response format) and validated body:
 * - first use: the request runs, then its response (status < 500) is stored for
 *   IDEMPOTENCY_TTL_SECONDS; it is charged to the quota only now, once it is known not to be a replay;
 * - identical retry: the stored response with `Idempotency-Replayed: true`, nothing recomputed,
 *   no quota spent;
 * - same key, different request: 409 `idempotency_key_reused`;
 * - same key while the first is still running: 409 `request_in_progress` with Retry-After.
 * A 5xx (overload, a crash) is not stored: the claim is released so that a retry can run.
 * Like Stripe, a body refused by schema validation never claims the key.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from './api-key-auth.ts';
import { HttpError, validationBody } from './errors.ts';
import { isRejected, sendRateLimited, type RateLimiter } from './rate-limit.ts';
import type { IdempotencyStore, StoredResponse } from './idempotency-store.ts';

interface IdempotencyState {
  key: string;
  token: string;
  fingerprint: string;
  state: 'claimed' | 'settled' | 'replayed';
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotencyState | null;
  }
}

export interface IdempotencyOptions {
  ttlSeconds: number;
  lockSeconds: number;
  maxResponseBytes: number;
  onOutcome?: (outcome: 'stored' | 'replayed' | 'mismatch' | 'in_progress') => void;
}

/** Printable ASCII without spaces, as Stripe and the IETF draft allow (UUIDs, ULIDs, hashes...). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Headers that belong to one answer, not to the stored response. */
const UNSTORED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'date', 'keep-alive', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'idempotency-replayed', 'set-cookie']);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function storable(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || UNSTORED_HEADERS.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

export function registerIdempotency(app: FastifyInstance, deps: { store: IdempotencyStore; limiter: RateLimiter; options: IdempotencyOptions }) {
  const { store, limiter, options } = deps;
  const unavailable = () => new HttpError(503, 'Idempotency store unavailable, retry later', { 'retry-after': '1' });
  app.decorateRequest('idempotency', null);

  /** Claims the key, or answers (replay, conflict, 422, 429) and returns the reply. */
  const claimOrAnswer = async (request: FastifyRequest, reply: FastifyReply, principal: Principal, header: string | string[]) => {
    const key = Array.isArray(header) ? header.join(', ') : header;
    if (!KEY_PATTERN.test(key)) {
      return reply.code(422).send(validationBody([{ loc: ['header', 'idempotency-key'], msg: 'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces', type: 'value_error' }]));
    }
    const recordKey = `${principal.userId}:${sha256(key)}`;
    const fingerprint = sha256(`${request.method}\n${request.url}\n${request.headers.accept ?? ''}\n${JSON.stringify(request.body ?? null)}`);
    const token = randomBytes(16).toString('hex');
    const claim = await store.claim(recordKey, fingerprint, token, options.lockSeconds * 1000).catch(() => { throw unavailable(); });
    // Anything but a fresh claim spends nothing: the rate state stays the one looked up at auth.
    if (claim.kind !== 'acquired' && request.rate) request.rate.pending = false;

    if (claim.kind === 'replay') {
      options.onOutcome?.('replayed');
      request.idempotency = { key: recordKey, token, fingerprint, state: 'replayed' };
      const { status, headers, body } = claim.response;
      return reply.code(status).headers(headers).header('idempotency-replayed', 'true').send(Buffer.from(body, 'base64'));
    }
    if (claim.kind === 'mismatch') {
      options.onOutcome?.('mismatch');
      return reply.code(409).send({ error: 'idempotency_key_reused', detail: 'This Idempotency-Key was already used with a different request' });
    }
    if (claim.kind === 'in_progress') {
      options.onOutcome?.('in_progress');
      return reply.code(409).header('retry-after', String(Math.ceil(claim.retryAfterMs / 1000)))
        .send({ error: 'request_in_progress', detail: 'A request with this Idempotency-Key is still being processed', retry_after_ms: claim.retryAfterMs });
    }

    // Ours to run: now it counts against the quota.
    const release = () => store.release(recordKey, token).catch(() => {});
    const decision = await limiter.take(principal, 1).catch(async (error) => { await release(); throw error; });
    if (decision === 'revoked') {
      await release();
      request.principal = undefined;
      request.rate = null;
      throw new HttpError(401, 'Invalid API key');
    }
    request.rate = { decision, pending: false };
    if (isRejected(decision)) {
      await release();
      return sendRateLimited(reply, decision);
    }
    request.idempotency = { key: recordKey, token, fingerprint, state: 'claimed' };
    return undefined;
  };

  /** Stores the answer of a claimed request for its retries (or frees the key when it cannot be kept). */
  const settle = async (request: FastifyRequest, reply: FastifyReply, idem: IdempotencyState, payload: unknown) => {
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    try {
      if (reply.statusCode >= 500 || !bytes || bytes.length > options.maxResponseBytes) {
        await store.release(idem.key, idem.token);
        return;
      }
      const response: StoredResponse = { status: reply.statusCode, headers: storable(reply.getHeaders()), body: bytes.toString('base64') };
      await store.complete(idem.key, idem.token, idem.fingerprint, response, options.ttlSeconds * 1000);
      options.onOutcome?.('stored');
    } catch (error) {
      // The answer still goes out; a retry will find the claim lapsed and run again.
      request.log.warn({ err: error }, 'idempotency record not stored');
    }
  };

  // Callback hooks: most requests carry no Idempotency-Key, and for them an async hook would
  // cost a promise at each of the three stages. Only keyed requests go asynchronous.
  app.addHook('preHandler', (request, reply, done) => {
    const principal = request.principal;
    const header = request.headers['idempotency-key'];
    if (!principal || header === undefined || request.routeOptions.config?.billable !== true) return done();
    claimOrAnswer(request, reply, principal, header).then((answered) => {
      // An answer sent from the hook ends the chain: calling done would run the handler too.
      if (answered !== reply) done();
    }, done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const idem = request.idempotency;
    if (!idem || idem.state !== 'claimed') return done(null, payload);
    idem.state = 'settled';
    void settle(request, reply, idem, payload).then(() => done(null, payload));
  });

  // A request that never reached onSend (the client went away mid-handler): free the key.
  app.addHook('onResponse', (request, _reply, done) => {
    const idem = request.idempotency;
    if (idem?.state !== 'claimed') return done();
    idem.state = 'settled';
    void store.release(idem.key, idem.token).catch(() => {}).then(() => done());
  });
}
