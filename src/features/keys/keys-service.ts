/** Creating keys: for a user identified by e-mail (the operator's CLI) or for a dashboard user. */
import { type DatabasePool } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';
import { AccountDeletionRepository } from '../../db/account-deletions.ts';
import { ApiKeyRepository, type ApiKeyRow } from '../../db/api-keys.ts';
import { PlanRepository } from '../../db/plans.ts';
import { UserRepository } from '../../db/users.ts';
import { generateApiKeySecret } from './secret.ts';

export class UnknownPlanError extends Error {}
export class UnknownUserError extends Error {}
export class KeyLimitError extends Error {}
/** The account is being deleted: its keys are revoked, and no new one is made. */
export class DeletedAccountError extends Error {}

export async function createKeyForEmail(
  pool: DatabasePool,
  input: { email: string; plan?: string; name?: string },
): Promise<ApiKeyRow & { key: string; email: string; plan_code: string }> {
  return pool.transaction(async (tx) => {
    const users = new UserRepository(tx);
    const user = await users.ensureByEmail(input.email);
    let planCode: string;
    if (input.plan) {
      if (!(await new PlanRepository(tx).find(input.plan))) throw new UnknownPlanError(`unknown plan '${input.plan}'`);
      await users.setPlan(user.id, input.plan);
      planCode = input.plan;
    } else {
      await users.ensureSubscription(user.id);
      planCode = (await users.planOf(user.id))!;
    }
    const { secret, prefix, hash } = generateApiKeySecret();
    const row = await new ApiKeyRepository(tx).create({ userId: user.id, name: input.name ?? 'default', prefix, keyHash: hash });
    return { ...row, key: secret, email: user.email, plan_code: planCode };
  });
}

/** PostgreSQL's lock_not_available, however the driver wraps it. */
const isLockBusy = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '55P03' || e.cause?.code === '55P03';
};

/**
 * A new key of an existing user, within their limit of active keys. The user's row is locked for
 * the count, so concurrent creations cannot exceed the limit. The lock is taken with NOWAIT and
 * retried from outside the transaction, so that no connection sits in a lock wait holding its own
 * transaction open. (On the embedded database transactions run one after another, so the lock is
 * never contended there; on PostgreSQL concurrent API processes may meet on it.) Scheduling an
 * account's deletion locks the same row, so either this sees the deletion and refuses, or the
 * deletion sees this key and revokes it.
 */
export async function createKeyForUser(
  pool: DatabasePool,
  input: { userId: string; name: string; expiresAt?: string | null; maxActive: number },
): Promise<ApiKeyRow & { key: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.transaction(async (tx) => {
        const locked = await tx.maybeOneFirst(sql.type(z.object({ id: z.string() }))`select id from users where id = ${input.userId} for update nowait`);
        if (!locked) throw new UnknownUserError('no such user');
        if (await new AccountDeletionRepository(tx).isDeleted(input.userId)) throw new DeletedAccountError('This account has been deleted');
        const keys = new ApiKeyRepository(tx);
        if ((await keys.countActive(input.userId)) >= input.maxActive)
          throw new KeyLimitError(`at most ${input.maxActive} active API keys per user; revoke one first`);
        const { secret, prefix, hash } = generateApiKeySecret();
        const row = await keys.create({ userId: input.userId, name: input.name, prefix, keyHash: hash, expiresAt: input.expiresAt });
        return { ...row, key: secret };
      });
    } catch (error) {
      if (!isLockBusy(error) || attempt >= 100) throw error;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
    }
  }
}
