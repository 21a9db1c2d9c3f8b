/** Users and their subscription (one current subscription per user). */
import { randomUUID } from 'node:crypto';
import { UniqueIntegrityConstraintViolationError, type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';
import type { SubscriptionStatus } from './subscription-status.ts';

export const userRow = z.object({ id: z.string(), email: z.string(), full_name: z.string().nullable(), created_at: z.string() });
export type UserRow = z.infer<typeof userRow>;

/** What GET /api/v1/auth/me answers. */
export const profileRow = userRow.extend({
  plan_code: z.string().nullable(),
  subscription_status: z.string().nullable(),
  onboarding_completed: z.boolean(),
});
export type ProfileRow = z.infer<typeof profileRow>;

/** The e-mail address belongs to another user (users.email is unique, case-insensitively). */
export class EmailTakenError extends Error {}

export class UserRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async findByEmail(email: string): Promise<UserRow | null> {
    return this.db.maybeOne(sql.type(userRow)`select id, email, full_name, created_at from users where lower(email) = lower(${email})`);
  }

  async findById(id: string): Promise<UserRow | null> {
    return this.db.maybeOne(sql.type(userRow)`select id, email, full_name, created_at from users where id = ${id}`);
  }

  /** Creates the user, or returns the existing one with that e-mail address. */
  async ensureByEmail(email: string, id: string = randomUUID()): Promise<UserRow> {
    return this.db.one(sql.type(userRow)`
      insert into users (id, email) values (${id}, ${email})
      on conflict (lower(email)) do update set updated_at = users.updated_at
      returning id, email, full_name, created_at`);
  }

  /**
   * Creates the user with the identity provider's id, or updates their e-mail address and name.
   * Only ever touches the row of `id`: an address already used by another user is refused.
   */
  async upsertIdentity(input: { id: string; email: string; fullName?: string | null }): Promise<UserRow> {
    try {
      return await this.db.one(sql.type(userRow)`
        insert into users (id, email, full_name) values (${input.id}, ${input.email}, ${input.fullName ?? null})
        on conflict (id) do update set email = excluded.email, full_name = coalesce(excluded.full_name, users.full_name), updated_at = now()
        returning id, email, full_name, created_at`);
    } catch (error) {
      if (error instanceof UniqueIntegrityConstraintViolationError) throw new EmailTakenError('e-mail address already in use');
      throw error;
    }
  }

  async profile(id: string): Promise<ProfileRow | null> {
    return this.db.maybeOne(sql.type(profileRow)`
      select u.id, u.email, u.full_name, u.created_at, s.plan_code, s.status as subscription_status,
             u.onboarding_completed_at is not null as onboarding_completed
      from users u left join effective_subscriptions s on s.user_id = u.id
      where u.id = ${id}`);
  }

  /** Saves the onboarding answers; the first save marks onboarding as completed. */
  async saveOnboarding(id: string, answers: Record<string, unknown>): Promise<boolean> {
    const result = await this.db.query(sql.unsafe`
      update users set onboarding = ${sql.jsonb(answers as never)}, onboarding_completed_at = coalesce(onboarding_completed_at, now()), updated_at = now()
      where id = ${id}`);
    return result.rowCount > 0;
  }

  /**
   * Puts the user on a plan with an active subscription (replacing any previous one). The
   * operator's choice: the plan no longer follows a Stripe subscription.
   */
  async setPlan(userId: string, planCode: string): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into subscriptions (user_id, plan_code, status) values (${userId}, ${planCode}, 'active')
      on conflict (user_id) do update set plan_code = excluded.plan_code, status = 'active', provider_subscription_id = null, grace_until = null, updated_at = now()`);
  }

  /** Starts a new user on the free plan unless they already have a subscription. */
  async ensureSubscription(userId: string, planCode = 'free'): Promise<void> {
    await this.db.query(
      sql.unsafe`insert into subscriptions (user_id, plan_code, status) values (${userId}, ${planCode}, 'active') on conflict (user_id) do nothing`,
    );
  }

  async planOf(userId: string): Promise<string | null> {
    return this.db.maybeOneFirst(sql.type(z.object({ plan_code: z.string() }))`select plan_code from subscriptions where user_id = ${userId}`);
  }

  /** The user of an address and whether it is verified (for the verification e-mail). */
  async verificationOf(email: string): Promise<{ id: string; email: string; verified: boolean } | null> {
    return this.db.maybeOne(sql.type(z.object({ id: z.string(), email: z.string(), verified: z.boolean() }))`
      select id, email, email_verified_at is not null as verified from users where lower(email) = lower(${email})`);
  }

  /**
   * Marks the address verified if it is still the user's address; the first verification time
   * stays. Null when the user is gone or has another address now.
   */
  async markEmailVerified(userId: string, email: string): Promise<{ email: string; email_verified_at: string } | null> {
    return this.db.maybeOne(sql.type(z.object({ email: z.string(), email_verified_at: z.string() }))`
      update users set email_verified_at = coalesce(email_verified_at, now())
      where id = ${userId} and lower(email) = lower(${email})
      returning email, email_verified_at`);
  }

  async setSubscriptionStatus(userId: string, status: SubscriptionStatus): Promise<void> {
    await this.db.query(sql.unsafe`update subscriptions set status = ${status}, updated_at = now() where user_id = ${userId}`);
  }
}
