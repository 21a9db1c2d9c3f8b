/**
 * `Idempotency-Key` on billable POSTs (routes with `config.billable`). Keys are scoped to the
 * user. The fingerprint of a request is its method, path with query, Accept header (it can choose
 * the response format) and validated body:
 * - first use: the request runs, then its response (status < 500) is stored for
 *   IDEMPOTENCY_TTL_SECONDS, compressed from 1 KiB on, unless it is larger than
 *   IDEMPOTENCY_MAX_RESPONSE_BYTES or the user's records would pass IDEMPOTENCY_MAX_BYTES_PER_USER
 *   (then a retry runs again); it is charged to the quota only now, once it is known not to be a replay;
 * - identical retry: the stored response with `Idempotency-Replayed: true`, nothing recomputed,
 *   no quota spent;
 * - same key, different request: 409 `idempotency_key_reused`;
 * - same key while the first is still running: 409 `request_in_progress` with Retry-After.
 * A 5xx (overload, a crash) is not stored: the claim is released so that a retry can run.
 * A route whose answers must not be kept (`config.idempotentReplay: 'recompute'`: the numerology
 * profile, whose subject data is never persisted) stores only the fingerprint and the route's
 * small `context` (an instant, a trace id); a replay runs the route again with that context,
 * still marked, still free.
 
 * Like Stripe, a body refused by schema validation never claims the key.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from './api-key-auth.ts';
import { HttpError, IDEMPOTENCY_KEY_REUSED, validationBody } from './errors.ts';
import { isRejected, sendRateLimited, type RateLimiter } from './rate-limit.ts';
import type { IdempotencyStore, StoredResponse } from './idempotency-store.ts';

interface IdempotencyState {
  /** The user whose record it is (their stored bytes are bounded). */
  owner: string;
  key: string;
  token: string;
  fingerprint: string;
  state: 'claimed' | 'settled' | 'replayed';
  /** For routes replayed by recomputing: what the first run used, kept with the record and given back to replays. */
  context: Record<string, string | number>;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotencyState | null;
  }
  interface FastifyContextConfig {
    /** `recompute`: store no answer, only the fingerprint and context; a replay runs the route again. */
    idempotentReplay?: 'recompute';
  }
}

export interface IdempotencyOptions {
  ttlSeconds: number;
  lockSeconds: number;
  maxResponseBytes: number;
  /**
   * Key of the request fingerprint's HMAC. A plain hash of a body made of a name and a birth date
   * can be reversed by trying names and dates; keyed, a copy of the store tells nothing. Every
   * process of a deployment needs the same key (see fingerprintKey in src/http/fingerprint-key.ts).
   */
  fingerprintKey: Uint8Array;
  onOutcome?: (outcome: 'stored' | 'replayed' | 'mismatch' | 'in_progress' | 'over_budget') => void;
}

/** Printable ASCII without spaces, as Stripe and the IETF draft allow (UUIDs, ULIDs, hashes...). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Headers that belong to one answer, not to the stored response. */
const UNSTORED_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'date',
  'keep-alive',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-ratelimit-limit-second',
  'x-ratelimit-remaining-second',
  'idempotency-replayed',
  'set-cookie',
]);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);
/** Bodies from this size on are stored compressed (a natal chart's JSON to a quarter); on the thread pool, off the event loop. */
const COMPRESS_FROM_BYTES = 1024;

/** A body as stored: compressed when that pays. */
async function storedBody(bytes: Buffer): Promise<Pick<StoredResponse, 'body' | 'encoding'>> {
  if (bytes.length >= COMPRESS_FROM_BYTES) {
    const packed = await deflate(bytes);
    if (packed.length < bytes.length) return { body: packed.toString('base64'), encoding: 'deflate' };
  }
  return { body: bytes.toString('base64') };
}

async function bodyOf(response: StoredResponse): Promise<Buffer> {
  const bytes = Buffer.from(response.body, 'base64');
  return response.encoding === 'deflate' ? inflate(bytes) : bytes;
}

function storable(headers: Record<string, string | number | readonly string[] | undefined>): Record<string, string> {
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
      return reply
        .code(422)
        .send(
          validationBody([
            { loc: ['header', 'idempotency-key'], msg: 'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces', type: 'value_error' },
          ]),
        );
    }
    const recordKey = `${principal.userId}:${sha256(key)}`;
    const fingerprint = createHmac('sha256', options.fingerprintKey)
      .update(`${request.method}\n${request.url}\n${request.headers.accept ?? ''}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const token = randomBytes(16).toString('hex');
    const claim = await store.claim(recordKey, fingerprint, token, options.lockSeconds * 1000).catch(() => {
      throw unavailable();
    });
    // Anything but a fresh claim spends nothing: the rate state stays the one looked up at auth.
    if (claim.kind !== 'acquired' && request.rate) request.rate.pending = false;

    if (claim.kind === 'replay') {
      options.onOutcome?.('replayed');
      request.idempotency = { owner: principal.userId, key: recordKey, token, fingerprint, state: 'replayed', context: { ...claim.response.context } };
      if (claim.response.replay === 'recompute') {
        // The route runs again with the first run's context: the same answer, nothing spent.
        reply.header('idempotency-replayed', 'true');
        return undefined;
      }
      const { status, headers } = claim.response;
      const body = await bodyOf(claim.response).catch(() => {
        throw unavailable();
      });
      return reply.code(status).headers(headers).header('idempotency-replayed', 'true').send(body);
    }
    if (claim.kind === 'mismatch') {
      options.onOutcome?.('mismatch');
      return reply.code(409).send(IDEMPOTENCY_KEY_REUSED);
    }
    if (claim.kind === 'in_progress') {
      options.onOutcome?.('in_progress');
      return reply
        .code(409)
        .header('retry-after', String(Math.ceil(claim.retryAfterMs / 1000)))
        .send({ error: 'request_in_progress', detail: 'A request with this Idempotency-Key is still being processed', retry_after_ms: claim.retryAfterMs });
    }

    // Ours to run: now it counts against the quota.
    const release = () => store.release(recordKey, token).catch(() => {});
    const decision = await limiter.take(principal, 1).catch(async (error) => {
      await release();
      throw error;
    });
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
    const idem: IdempotencyState = { owner: principal.userId, key: recordKey, token, fingerprint, state: 'claimed', context: {} };
    request.idempotency = idem;
    // A request that never reaches onSend (the client went away mid-handler, and onResponse
    // does not run then): free the key when its connection closes.
    reply.raw.once('close', () => {
      if (idem.state !== 'claimed') return;
      idem.state = 'settled';
      void store.release(idem.key, idem.token).catch(() => {});
    });
    return undefined;
  };

  /** Stores the answer of a claimed request for its retries (or frees the key when it cannot be kept). */
  const settle = async (request: FastifyRequest, reply: FastifyReply, idem: IdempotencyState, payload: unknown) => {
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    try {
      // A 422 frees the key as a schema refusal (which never claims it) does: the handler's own
      // checks of the body (the numerology profile's) refuse an invalid request just the same.
      if (reply.statusCode >= 500 || reply.statusCode === 422 || !bytes || bytes.length > options.maxResponseBytes) {
        await store.release(idem.key, idem.token);
        return;
      }
      const response: StoredResponse =
        request.routeOptions.config?.idempotentReplay === 'recompute'
          ? { status: 0, headers: {}, body: '', replay: 'recompute', context: idem.context }
          : { status: reply.statusCode, headers: storable(reply.getHeaders()), ...(await storedBody(bytes)) };
      const done = await store.complete(idem.owner, idem.key, idem.token, idem.fingerprint, response, options.ttlSeconds * 1000);
      if (done === 'stored' || done === 'over_budget') options.onOutcome?.(done);
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
}
