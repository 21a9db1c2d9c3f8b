/**
 * Fair use of exports (streamed CSV / NDJSON tables). An export of two million rows is minutes of
 * CPU; counted as one request, and queued without bound next to the charts, it let a free key
 * use the service for itself. Here an export:
 * - may have at most its plan's `export_row_limit` rows (422 beyond);
 * - costs one unit of the request quota per EXPORT_ROWS_PER_UNIT rows (rounded up; the first
 *   unit was spent when the request was admitted, like any request's);
 * - runs only when one of this process's EXPORT_MAX_CONCURRENT export places is free (503 with
 *   Retry-After otherwise, at once: never a queue) and its user has fewer than
 *   EXPORT_MAX_PER_USER exports running here (429 with Retry-After);
 * - has its chunks computed through a few shared compute slots (EXPORT_COMPUTE_SLOTS): however
 *   many exports run, they hold at most that many tasks of the worker pool, so the natal charts
 *   and chart images queued behind them wait for one chunk, not for hundreds.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import { RequestFieldError } from '../requests/request-error.ts';
import { FairPlaces } from '../compute/fair-places.ts';

export interface ExportAdmissionOptions {
  rowsPerUnit: number;
  maxConcurrent: number;
  maxPerUser: number;
  computeSlots: number;
  /** Absent when the service runs without its platform layers (the benchmark's reference). */
  limiter?: RateLimiter;
  onReject?: (reason: 'busy' | 'user_busy' | 'quota') => void;
}

/** Seconds an export refused for lack of a place is told to wait. */
const RETRY_AFTER_SECONDS = 5;

/** The one caller of the export slots: exports share them first come, first served. */
const EXPORTS = 'exports';

/** Rejects a chunk that was waiting for a slot when its export ended (the client left). */
export class ExportCancelled extends Error {}

export interface AdmittedExport {
  /** Quota units the export cost. */
  cost: number;
  /** Computes one chunk through a shared compute slot (in the order asked). */
  chunk<T>(compute: () => Promise<T>): Promise<T>;
  /** Frees the export's place; chunks still waiting for a slot are cancelled. Safe to call twice. */
  release(): void;
}

export class ExportAdmission {
  private active = 0;
  private readonly perUser = new Map<string, number>();
  private readonly slots: FairPlaces;

  constructor(private readonly options: ExportAdmissionOptions) {
    // One queue for all exports, first come first served (no bound: each export holds few chunks).
    this.slots = new FairPlaces(options.computeSlots, Infinity, () => new Error('unbounded'));
  }

  /** Exports running now, and chunks waiting for a compute slot (for the metrics). */
  stats() {
    return { active: this.active, waitingChunks: this.slots.stats().waiting };
  }

  costOf(rows: number): number {
    return Math.max(1, Math.ceil(rows / this.options.rowsPerUnit));
  }

  /**
   * Checks the plan's bound, takes a place and charges the export; throws the answer otherwise
   * (`field` names the request field a bound error points at).
   */
  async admit(request: FastifyRequest, reply: FastifyReply, rows: number, field: (string | number)[]): Promise<AdmittedExport> {
    const principal = request.principal;
    const planLimit = principal?.exportRowLimit ?? null;
    if (planLimit !== null && rows > planLimit) {
      throw new RequestFieldError(
        field,
        `${rows} rows exceed the ${planLimit} rows of one export on the ${principal!.planCode} plan; split the range or use a larger step`,
        'value_error.too_many_rows',
      );
    }
    const cost = this.costOf(rows);
    reply.header('x-export-cost', String(cost));
    const user = principal?.userId ?? '';
    if (this.active >= this.options.maxConcurrent) {
      this.options.onReject?.('busy');
      throw new HttpError(503, 'Too many exports running, retry later', { 'retry-after': String(RETRY_AFTER_SECONDS) }, 'exports_busy');
    }
    if ((this.perUser.get(user) ?? 0) >= this.options.maxPerUser) {
      this.options.onReject?.('user_busy');
      throw new HttpError(
        429,
        `At most ${this.options.maxPerUser} exports of one account run at a time; retry when one has finished`,
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
        'too_many_exports',
      );
    }
    this.active++;
    this.perUser.set(user, (this.perUser.get(user) ?? 0) + 1);
    let released = false;
    let cancelled = false;
    const release = () => {
      if (released) return;
      released = true;
      cancelled = true;
      this.active--;
      const left = (this.perUser.get(user) ?? 1) - 1;
      if (left > 0) this.perUser.set(user, left);
      else this.perUser.delete(user);
    };
    try {
      await this.charge(request, cost);
    } catch (error) {
      release();
      throw error;
    }
    return {
      cost,
      release,
      // A chunk that waited for its slot past its export's end gives the slot back unused.
      chunk: (compute) =>
        this.slots.run(EXPORTS, () => {
          if (cancelled) throw new ExportCancelled('export ended');
          return compute();
        }),
    };
  }

  /** `admit` for an endpoint's `serve`, which holds the request and reply opaquely (src/http/endpoint.ts). */
  admitHttp(http: { request: unknown; reply: unknown }, rows: number, field: (string | number)[]): Promise<AdmittedExport> {
    return this.admit(http.request as FastifyRequest, http.reply as FastifyReply, rows, field);
  }

  /** The units beyond the first, spent on the user's quota; 429 when they do not fit. */
  private async charge(request: FastifyRequest, cost: number): Promise<void> {
    const principal = request.principal;
    const limiter = this.options.limiter;
    if (!principal || !limiter || cost <= 1) return;
    // The per-second limit counted this request already: the extra units are quota only.
    const decision = await limiter.take({ ...principal, rpsLimit: null }, cost - 1);
    if (decision === 'revoked') throw new HttpError(401, 'Invalid API key');
    // The response's rate-limit headers show the quota after the charge; the per-second ones stay.
    const second = request.rate?.decision.second ?? null;
    request.rate = { decision: { ...decision, second }, pending: false };
    if (decision.outcome === 'quota_exceeded') {
      this.options.onReject?.('quota');
      throw new HttpError(429, 'Rate limit exceeded', { 'retry-after': String(decision.retryAfterSeconds) }, 'export_cost_exceeds_quota');
    }
  }
}
