/** Subscription plans and their limits. */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';
import { currentQuotaExtras } from './quota-extras.ts';

export const planRow = z.object({
  code: z.string(),
  name: z.string(),
  price_cents: z.number(),
  currency: z.string(),
  billing_interval: z.string(),
  request_limit: z.number().nullable(),
  limit_period: z.enum(['day', 'month']),
  rps_limit: z.number().nullable(),
  report_credits: z.number(),
  public: z.boolean(),
});
export type PlanRow = z.infer<typeof planRow>;

/** The limits of a user's current plan, and whether the subscription is in force. */
export const userQuotaRow = z.object({
  plan_code: z.string(),
  subscription_status: z.string(),
  current_period_end: z.string().nullable(),
  request_limit: z.number().nullable(),
  limit_period: z.enum(['day', 'month']),
  rps_limit: z.number().nullable(),
});
export type UserQuotaRow = z.infer<typeof userQuotaRow>;

export class PlanRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async find(code: string): Promise<PlanRow | null> {
    return this.db.maybeOne(
      sql.type(
        planRow,
      )`select code, name, price_cents, currency, billing_interval, request_limit, limit_period, rps_limit, report_credits, public from plans where code = ${code}`,
    );
  }

  async quotaOfUser(userId: string): Promise<UserQuotaRow | null> {
    return this.db.maybeOne(sql.type(userQuotaRow)`
      select s.plan_code, s.status as subscription_status, s.current_period_end,
             p.request_limit + coalesce(e.extra_requests, 0) as request_limit, p.limit_period, p.rps_limit
      from effective_subscriptions s join plans p on p.code = s.plan_code
      ${currentQuotaExtras(sql.identifier(['s', 'user_id']), sql.identifier(['p', 'limit_period']), sql.identifier(['e']))}
      where s.user_id = ${userId}`);
  }

  async list(): Promise<readonly PlanRow[]> {
    return this.db.any(
      sql.type(
        planRow,
      )`select code, name, price_cents, currency, billing_interval, request_limit, limit_period, rps_limit, report_credits, public from plans order by price_cents, code`,
    );
  }
}
