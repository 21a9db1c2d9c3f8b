/** Users and their subscription (one current subscription per user). */
import { randomUUID } from 'node:crypto';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

export const userRow = z.object({ id: z.string(), email: z.string(), full_name: z.string().nullable(), created_at: z.string() });
export type UserRow = z.infer<typeof userRow>;

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

  /** Puts the user on a plan with an active subscription (replacing any previous one). */
  async setPlan(userId: string, planCode: string): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into subscriptions (user_id, plan_code, status) values (${userId}, ${planCode}, 'active')
      on conflict (user_id) do update set plan_code = excluded.plan_code, status = 'active', updated_at = now()`);
  }

  /** Starts a new user on the free plan unless they already have a subscription. */
  async ensureSubscription(userId: string, planCode = 'free'): Promise<void> {
    await this.db.query(sql.unsafe`insert into subscriptions (user_id, plan_code, status) values (${userId}, ${planCode}, 'active') on conflict (user_id) do nothing`);
  }

  async planOf(userId: string): Promise<string | null> {
    return this.db.maybeOneFirst(sql.type(z.object({ plan_code: z.string() }))`select plan_code from subscriptions where user_id = ${userId}`);
  }

  async setSubscriptionStatus(userId: string, status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'inactive'): Promise<void> {
    await this.db.query(sql.unsafe`update subscriptions set status = ${status}, updated_at = now() where user_id = ${userId}`);
  }
}
