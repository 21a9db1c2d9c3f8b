/**
 * Delivers report callbacks: takes a due row, signs it the Standard Webhooks way with the
 * account's secret and POSTs it. A 2xx ends it; anything else is retried with a doubling
 * backoff, with the same webhook-id every time (receivers deduplicate on it), until the
 * attempts are spent. A target that is not allowed is refused once, never retried.
 *
 * Deliveries run side by side, at most REPORT_CALLBACK_CONCURRENCY per worker and
 * REPORT_CALLBACK_CONCURRENCY_PER_HOST to one receiving host, and each POST has a deadline for
 * the whole exchange (REPORT_CALLBACK_TIMEOUT_MS: lookup, connection, request, the answer's last
 * byte). A receiver that answers slowly, or drips its answer a line at a time to keep the socket
 * busy, holds only its own host's slots and only until the deadline; callbacks to other receivers
 * go on meanwhile.
 */
import http from 'node:http';
import https from 'node:https';
import type { DatabasePool } from 'slonik';
import type { Config } from '../../config.ts';
import { callbackHost, ReportCallbackRepository, type DueCallback } from '../store/report-callbacks.ts';
import { WebhookSecretRepository } from '../../db/webhook-secrets.ts';
import type { ReportMetrics } from '../report-metrics.ts';
import { checkCallbackUrl, safeLookup, UnsafeCallbackTarget, type TargetPolicy } from './safe-target.ts';
import { signWebhook } from './callback-signature.ts';

export interface DelivererDeps {
  db: DatabasePool;
  config: Config;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
  metrics?: ReportMetrics | undefined;
}

const POLL_MS = 250;

/**
 * One POST, settled by the deadline whatever the receiver does: the abort signal ends the
 * exchange at any stage, where a socket timeout would only notice silence and a receiver sending
 * a byte now and then would keep it open for ever.
 */
function post(url: URL, body: string, headers: Record<string, string>, policy: TargetPolicy, deadlineMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const deadline = AbortSignal.timeout(deadlineMs);
    const fail = (error: Error) => reject(deadline.aborted ? new Error(`no complete answer within the ${deadlineMs} ms deadline`) : error);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: safeLookup(policy),
        signal: deadline,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body).toString(),
          'user-agent': 'astro-calc-service-callbacks',
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', fail);
        response.on('close', () => {
          if (!response.complete) fail(new Error('the answer was cut short'));
        });
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

export class CallbackDeliverer {
  private readonly callbacks: ReportCallbackRepository;
  private readonly secrets: WebhookSecretRepository;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  /** Deliveries in flight per receiving host (callbackHost). */
  private readonly perHost = new Map<string, number>();

  constructor(private readonly deps: DelivererDeps) {
    this.callbacks = new ReportCallbackRepository(deps.db);
    this.secrets = new WebhookSecretRepository(deps.db);
  }

  start(): void {
    this.loop = this.run();
  }

  /** Takes due callbacks while there is room, each delivered on its own; waits when full or idle. */
  private async run(): Promise<void> {
    const { config } = this.deps;
    // The row's lease outlives the POST's deadline, so no other worker takes it while it is in flight.
    const leaseSeconds = Math.ceil(config.REPORT_CALLBACK_TIMEOUT_MS / 1000) + 10;
    while (!this.stopped) {
      if (this.inFlight.size >= config.REPORT_CALLBACK_CONCURRENCY) {
        await this.pause();
        continue;
      }
      let due: DueCallback | null = null;
      try {
        due = await this.callbacks.takeDue(leaseSeconds, this.busyHosts());
      } catch (error) {
        this.deps.log('error', 'callback delivery loop failed', { err: (error as Error).message });
      }
      if (due) this.launch(due);
      else await this.pause();
    }
    await Promise.allSettled([...this.inFlight]);
  }

  /** Until a delivery ends (a slot or a host is free again), the deliverer closes, or the poll interval passes. */
  private pause(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, POLL_MS);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private busyHosts(): string[] {
    const limit = this.deps.config.REPORT_CALLBACK_CONCURRENCY_PER_HOST;
    return [...this.perHost].filter(([, n]) => n >= limit).map(([host]) => host);
  }

  private launch(due: DueCallback): void {
    const host = callbackHost(due.url);
    this.perHost.set(host, (this.perHost.get(host) ?? 0) + 1);
    const delivery = this.deliver(due)
      .catch((error: unknown) => this.deps.log('error', 'callback delivery failed to record its outcome', { jobId: due.job_id, err: (error as Error).message }))
      .finally(() => {
        const left = (this.perHost.get(host) ?? 1) - 1;
        if (left > 0) this.perHost.set(host, left);
        else this.perHost.delete(host);
        this.inFlight.delete(delivery);
        this.wake?.();
      });
    this.inFlight.add(delivery);
  }

  private async deliver(due: DueCallback): Promise<void> {
    const { config } = this.deps;
    const policy = { allowLoopback: config.REPORT_CALLBACK_ALLOW_LOOPBACK };
    const url = new URL(due.url);
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      checkCallbackUrl(url, policy);
      const { secret } = await this.secrets.getOrCreate(due.user_id);
      const status = await post(
        url,
        due.payload,
        {
          'webhook-id': due.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secret, due.id, timestamp, due.payload),
        },
        policy,
        config.REPORT_CALLBACK_TIMEOUT_MS,
      );
      if (status >= 200 && status < 300) {
        await this.callbacks.delivered(due.id, status);
        this.deps.metrics?.callback('delivered');
        return;
      }
      await this.retryOrGiveUp(due, status, `answered ${status}`);
    } catch (error) {
      if (error instanceof UnsafeCallbackTarget) {
        await this.callbacks.attemptFailed(due.id, null, error.message, null);
        this.deps.metrics?.callback('refused');
        this.deps.log('warn', 'callback refused', { jobId: due.job_id, err: error.message });
        return;
      }
      await this.retryOrGiveUp(due, null, (error as Error).message);
    }
  }

  private async retryOrGiveUp(due: DueCallback, status: number | null, message: string): Promise<void> {
    const { config } = this.deps;
    const last = due.attempts >= config.REPORT_CALLBACK_MAX_ATTEMPTS;
    const delay = last ? null : config.REPORT_CALLBACK_RETRY_BASE_SECONDS * 2 ** (due.attempts - 1);
    await this.callbacks.attemptFailed(due.id, status, message, delay);
    this.deps.metrics?.callback(last ? 'gave_up' : 'retry');
    this.deps.log('warn', last ? 'callback given up' : 'callback attempt failed; retrying', { jobId: due.job_id, attempt: due.attempts, status, err: message });
  }

  /** Stops taking callbacks and waits for those in flight (each ends by its deadline). */
  async close(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }
}
