/**
 * Delivers report callbacks: takes a due row, signs it the Standard Webhooks way with the
 * account's secret and POSTs it. A 2xx ends it; anything else is retried with a doubling
 * backoff, with the same webhook-id every time (receivers deduplicate on it), until the
 * attempts are spent. A target that is not allowed is refused once, never retried.
 */
import http from 'node:http';
import https from 'node:https';
import type { DatabasePool } from 'slonik';
import type { Config } from '../../config.ts';
import { ReportCallbackRepository, type DueCallback } from '../../db/report-callbacks.ts';
import { WebhookSecretRepository } from '../../db/webhook-secrets.ts';
import type { ReportMetrics } from '../report-metrics.ts';
import { checkCallbackUrl, safeLookup, UnsafeCallbackTarget, type TargetPolicy } from './safe-target.ts';
import { signWebhook } from './signature.ts';

export interface DelivererDeps {
  db: DatabasePool;
  config: Config;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
  metrics?: ReportMetrics | undefined;
}

const POLL_MS = 250;

function post(url: URL, body: string, headers: Record<string, string>, policy: TargetPolicy, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST', lookup: safeLookup(policy), timeout: timeoutMs,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), 'user-agent': 'astro-calc-service-callbacks', ...headers },
    }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

export class CallbackDeliverer {
  private readonly callbacks: ReportCallbackRepository;
  private readonly secrets: WebhookSecretRepository;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;

  constructor(private readonly deps: DelivererDeps) {
    this.callbacks = new ReportCallbackRepository(deps.db);
    this.secrets = new WebhookSecretRepository(deps.db);
  }

  start(): void {
    this.loop = (async () => {
      while (!this.stopped) {
        let due: DueCallback | null = null;
        try {
          due = await this.callbacks.takeDue(Math.ceil(this.deps.config.REPORT_CALLBACK_TIMEOUT_MS / 1000) + 10);
          if (due) await this.deliver(due);
        } catch (error) {
          this.deps.log('error', 'callback delivery loop failed', { err: (error as Error).message });
        }
        if (!due) await new Promise<void>((resolve) => { this.wake = resolve; setTimeout(resolve, POLL_MS); });
      }
    })();
  }

  private async deliver(due: DueCallback): Promise<void> {
    const { config } = this.deps;
    const policy = { allowLoopback: config.REPORT_CALLBACK_ALLOW_LOOPBACK };
    const url = new URL(due.url);
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      checkCallbackUrl(url, policy);
      const { secret } = await this.secrets.getOrCreate(due.user_id);
      const status = await post(url, due.payload, {
        'webhook-id': due.id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, due.id, timestamp, due.payload),
      }, policy, config.REPORT_CALLBACK_TIMEOUT_MS);
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

  async close(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }
}
