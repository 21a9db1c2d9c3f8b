/**
 * Account deletions: the job's state while it runs, and afterwards the record that it happened
 * (user id, reason, who asked, when, what was erased; nothing of the address). Jobs are claimed with a lease, so
 * several API processes can poll without running one deletion twice at the same time.
 */
import { type CommonQueryMethods, type IdentifierSqlToken } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export const deletionRow = z.object({
  id: z.string(),
  user_id: z.string(),
  reason: z.string().nullable(),
  requested_by: z.enum(['user', 'admin']),
  status: z.enum(['scheduled', 'billing_stopped', 'completed']),
  attempts: z.number(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string(),
  requested_at: z.string(),
  billing_stopped_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  erased: z.record(z.string(), z.number()).nullable(),
});
export type DeletionRow = z.infer<typeof deletionRow>;

const columns = sql.fragment`id, user_id, reason, requested_by, status, attempts, last_error, next_attempt_at, requested_at, billing_stopped_at, completed_at, erased`;

/**
 * True in a query when the account of the user in column `userId` is being or has been deleted: a
 * deletion is recorded the moment it is scheduled, long before the erasure.
 */
export const accountDeleted = (userId: IdentifierSqlToken) => sql.fragment`exists (select 1 from account_deletions d where d.user_id = ${userId})`;

export class AccountDeletionRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /** Schedules the deletion (the first request wins; asking again returns it). */
  async schedule(input: { userId: string; reason: string | null; requestedBy: 'user' | 'admin' }): Promise<DeletionRow> {
    await this.db.query(sql.unsafe`
      insert into account_deletions (user_id, reason, requested_by) values (${input.userId}, ${input.reason}, ${input.requestedBy})
      on conflict (user_id) do nothing`);
    return this.db.one(sql.type(deletionRow)`select ${columns} from account_deletions where user_id = ${input.userId}`);
  }

  async ofUser(userId: string): Promise<DeletionRow | null> {
    return this.db.maybeOne(sql.type(deletionRow)`select ${columns} from account_deletions where user_id = ${userId}`);
  }

  /** True when the user's account is being or has been deleted: their tokens are refused. */
  async isDeleted(userId: string): Promise<boolean> {
    return this.db.exists(sql.unsafe`select 1 from account_deletions where user_id = ${userId}`);
  }

  /**
   * isDeleted, for a transaction about to give the user something new (an OAuth grant). It first
   * waits for a deletion being scheduled at this moment (scheduling locks the user row) and keeps
   * the row locked: either this sees the deletion, or the deletion sees what this transaction made
   * and revokes it.
   */
  async isDeletedHoldingUser(userId: string): Promise<boolean> {
    await this.db.query(sql.unsafe`select 1 from users where id = ${userId} for share`);
    return this.isDeleted(userId);
  }

  /** The next due deletion, leased to the caller for `leaseSeconds`. */
  async claimDue(leaseSeconds: number): Promise<DeletionRow | null> {
    return this.db.maybeOne(sql.type(deletionRow)`
      update account_deletions set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      where id = (
        select id from account_deletions
        where status <> 'completed' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at limit 1 for update skip locked)
      returning ${columns}`);
  }

  async billingStopped(id: string): Promise<void> {
    await this.db.query(
      sql.unsafe`update account_deletions set status = 'billing_stopped', billing_stopped_at = now(), last_error = null where id = ${id} and status = 'scheduled'`,
    );
  }

  /** A failed attempt: try again after `retryInSeconds`. */
  async failed(id: string, error: string, retryInSeconds: number): Promise<void> {
    await this.db.query(sql.unsafe`
      update account_deletions set last_error = ${error.slice(0, 1000)}, locked_until = null, next_attempt_at = now() + make_interval(secs => ${retryInSeconds})
      where id = ${id}`);
  }

  async completed(id: string, erased: Record<string, number>): Promise<void> {
    await this.db.query(sql.unsafe`
      update account_deletions set status = 'completed', completed_at = now(), erased = ${sql.jsonb(erased)}, locked_until = null, last_error = null where id = ${id}`);
  }
}
