/**
 * Account deletion, a resumable job. Scheduling revokes the user's keys and OAuth grants (with
 * every access and refresh token) at once on every API process and makes their tokens 401. The job then stops billing first (Stripe subscriptions
 * cancelled, customers deleted) and only after that erases the user's data in one transaction,
 * keeping what the law needs (invoices, payments, refunds, and a deletion record). If Stripe
 * fails, the job keeps its state and is tried again with a growing delay, by whichever API
 * process polls next; local data is never erased while billing may still be running.
 *
 * The dashboard schedules through DELETE /api/v1/settings/account; the operator's admin API
 * calls schedule({ requestedBy: 'admin' }).
 */
import { type DatabasePool } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';
import { AccountDeletionRepository, type DeletionRow } from '../../db/account-deletions.ts';
import { GrantRepository } from '../../db/oauth-grants.ts';
import type { IdempotencyStore } from '../../http/idempotency-store.ts';
import type { KeyRevocations } from '../../http/key-revocation.ts';
import { grantMarker } from '../oauth/grant-revocation.ts';

export class UnknownAccountError extends Error {}

export interface AccountDeletionDeps {
  db: DatabasePool;
  stopBilling(userId: string): Promise<unknown>;
  revocations: KeyRevocations;
  idempotency: IdempotencyStore;
  pollSeconds: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const LEASE_SECONDS = 300;
const retryDelaySeconds = (attempts: number) => Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));

export class AccountDeletions {
  private readonly repo: AccountDeletionRepository;
  private timer?: NodeJS.Timeout;
  private running: Promise<number> | null = null;
  private closed = false;

  constructor(private readonly deps: AccountDeletionDeps) {
    this.repo = new AccountDeletionRepository(deps.db);
  }

  /** True while the user's account is being or has been deleted (their tokens are refused). */
  isDeleted(userId: string): Promise<boolean> {
    return this.repo.isDeleted(userId);
  }

  /**
   * Schedules the deletion of a user's account (asking again returns the same job) and revokes
   * their keys and OAuth grants everywhere at once, in the transaction that records the deletion:
   * the erasure may wait hours for Stripe, and nothing of the account may work meanwhile. The job
   * runs in the background right away.
   */
  async schedule(input: { userId: string; reason?: string | null; requestedBy: 'user' | 'admin' }): Promise<DeletionRow> {
    const { deletion, keys, grantIds } = await this.deps.db.transaction(async (tx) => {
      const email = await tx.maybeOneFirst(sql.type(z.object({ email: z.string() }))`select email from users where id = ${input.userId} for update`);
      const existing = await new AccountDeletionRepository(tx).ofUser(input.userId);
      if (email === null && !existing) throw new UnknownAccountError(`no user ${input.userId}`);
      const deletion =
        existing ?? (await new AccountDeletionRepository(tx).schedule({ userId: input.userId, reason: input.reason ?? null, requestedBy: input.requestedBy }));
      await tx.query(
        sql.unsafe`update api_keys set status = 'revoked', revoked_at = coalesce(revoked_at, now()) where user_id = ${input.userId} and status = 'active'`,
      );
      const keys = await tx.any(
        sql.type(z.object({ id: z.string(), key_hash: z.string() }))`select id, key_hash from api_keys where user_id = ${input.userId}`,
      );
      const grantIds = await new GrantRepository(tx).revokeAllOfUser(input.userId, 'account deleted');
      return { deletion, keys, grantIds };
    });
    // Grants share the revocation markers with keys (grant-revocation.ts), and every /mcp request
    // checks its grant's marker: a token some process still has cached is refused at its next use
    // there, and dropped from that cache. The grant's marker stands in for the key hash, which
    // names no cached key.
    const revoked = [
      ...keys.map((key) => ({ marker: key.id, hash: key.key_hash })),
      ...grantIds.map((id) => ({ marker: grantMarker(id), hash: grantMarker(id) })),
    ];
    // Redis is away: no process can admit an API-key or OAuth request without it either (the rate
    // limit answers 503), each revocation is sent again once it is back, and the caches drop what
    // they hold within KEY_CACHE_TTL_SECONDS. All at once: an outage costs one timeout, not one each.
    const sent = await Promise.allSettled(revoked.map(({ marker, hash }) => this.deps.revocations.revoked(marker, hash)));
    const unannounced = sent.filter((result) => result.status === 'rejected').length;
    if (unannounced)
      this.deps.log.warn({ userId: input.userId, unannounced }, 'revoked keys and grants of a deleted account could not be announced to other processes yet');
    if (deletion.status !== 'completed') void this.runDue();
    this.deps.log.info({ userId: input.userId, deletionId: deletion.id, requestedBy: input.requestedBy }, 'account deletion scheduled');
    return deletion;
  }

  async status(userId: string): Promise<DeletionRow | null> {
    return this.repo.ofUser(userId);
  }

  /** Polls for due deletions every ACCOUNT_DELETION_POLL_SECONDS (those that failed and wait for a retry). */
  start(): void {
    this.timer = setInterval(() => void this.runDue(), this.deps.pollSeconds * 1000);
    this.timer.unref();
  }

  /** Runs every due deletion now; resolves with how many completed. One run at a time per process. */
  runDue(): Promise<number> {
    if (this.closed) return Promise.resolve(0);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(): Promise<number> {
    let completed = 0;
    for (let job = await this.claim(); job; job = await this.claim()) {
      if (await this.runOne(job)) completed++;
    }
    return completed;
  }

  private async claim(): Promise<DeletionRow | null> {
    try {
      return await this.repo.claimDue(LEASE_SECONDS);
    } catch (error) {
      this.deps.log.error({ err: error }, 'account deletions: could not read the due jobs');
      return null;
    }
  }

  private async runOne(job: DeletionRow): Promise<boolean> {
    try {
      if (job.status === 'scheduled') {
        await this.deps.stopBilling(job.user_id);
        await this.repo.billingStopped(job.id);
      }
      const erased = await this.erase(job);
      await this.deps.idempotency
        .forgetUser(job.user_id)
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'stored idempotent responses of a deleted user are left to expire'));
      this.deps.log.info({ userId: job.user_id, deletionId: job.id, erased }, 'account deleted');
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = retryDelaySeconds(job.attempts);
      await this.repo.failed(job.id, message, delay).catch(() => {});
      this.deps.log.warn(
        { userId: job.user_id, deletionId: job.id, attempt: job.attempts, retryInSeconds: delay, err: message },
        'account deletion will be retried',
      );
      return false;
    }
  }

  /** Erases everything of the user in one transaction (rows of theirs cascade with the user row). */
  private async erase(job: DeletionRow): Promise<Record<string, number>> {
    const hashes = await this.deps.db.transaction(async (tx) => {
      const count = async (query: ReturnType<typeof sql.unsafe>) => (await tx.query(query)).rowCount;
      const keyHashes = await tx.anyFirst(sql.type(z.object({ key_hash: z.string() }))`select key_hash from api_keys where user_id = ${job.user_id}`);
      const email = await tx.maybeOneFirst(sql.type(z.object({ email: z.string() }))`select email from users where id = ${job.user_id}`);
      const erased: Record<string, number> = {
        api_keys: await count(sql.unsafe`delete from api_keys where user_id = ${job.user_id}`),
        usage_log_segments: await count(sql.unsafe`delete from usage_log_segments where user_id = ${job.user_id}`),
        // Sign-in e-mails are sent to an address before it is known whose it is (no user_id):
        // they go by the address.
        email_outbox: await count(
          sql.unsafe`delete from email_outbox where user_id = ${job.user_id} or (${email}::text is not null and lower(to_address) = lower(${email}))`,
        ),
        report_credit_ledger: await count(sql.unsafe`delete from report_credit_ledger where user_id = ${job.user_id}`),
        report_branding: await count(sql.unsafe`delete from report_branding where user_id = ${job.user_id}`),
        // The mirror keeps invoices and payments; the address goes.
        billing_customers_scrubbed: await count(sql.unsafe`update billing_customers set email = null where user_id = ${job.user_id}`),
        // What the admin statistics hold of them: their events and milestones (the funnels, the
        // cohorts), their activity (the active users) and their requests per day and route. The
        // totals over all users (usage_daily_totals) and the payments keep what they counted.
        analytics_events: await count(sql.unsafe`delete from analytics_events where user_id = ${job.user_id}`),
        user_activity: await count(sql.unsafe`delete from user_activity where user_id = ${job.user_id}`),
        usage_rollups: await count(sql.unsafe`delete from usage_rollups where user_id = ${job.user_id}`),
        // The user's row of milestones goes with the user row (sql/015: its trigger recomputes
        // the row from the events, gone by now, and a row with nothing left is dropped).
        users: await count(sql.unsafe`delete from users where id = ${job.user_id}`),
      };
      await new AccountDeletionRepository(tx).completed(job.id, erased);
      return keyHashes;
    });
    await this.deps.revocations.forget(hashes).catch(() => {});
    return (await this.repo.ofUser(job.user_id))?.erased ?? {};
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running?.catch(() => {});
  }
}
