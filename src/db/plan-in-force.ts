/**
 * The plan a user's credentials work under, read the one way for API keys and OAuth access tokens
 * alike, so that both kinds of credential of a user get the same plan, status and limits: the
 * effective subscription (a past_due one keeps its plan while its grace lasts and counts as free
 * after it: the view effective_subscriptions), its plan's limits, and the request packs bought for
 * the current period added to the request limit. Its aliases are `s`, `p` and `e`.
 */
import { sql, type IdentifierSqlToken } from 'slonik';
import { z } from 'zod/v4';
import { currentQuotaExtras } from './quota-extras.ts';

export const planInForceRow = z.object({
  plan_code: z.string().nullable(),
  subscription_status: z.string().nullable(),
  current_period_end: z.string().nullable(),
  request_limit: z.number().nullable(),
  limit_period: z.enum(['day', 'month']).nullable(),
  rps_limit: z.number().nullable(),
  export_row_limit: z.number().nullable(),
  /** End of the limit period whose quota includes bought extra requests (the limit drops after it). */
  quota_extra_until: z.string().nullable().optional(),
});
export type PlanInForceRow = z.infer<typeof planInForceRow>;

/** The columns of planInForceRow and the joins that give them, for the user in column `userId`. */
export function planInForce(userId: IdentifierSqlToken) {
  return {
    columns: sql.fragment`s.plan_code, s.status as subscription_status, s.current_period_end,
      p.request_limit + coalesce(e.extra_requests, 0) as request_limit, p.limit_period, p.rps_limit, p.export_row_limit,
      e.period_end as quota_extra_until`,
    joins: sql.fragment`
      left join effective_subscriptions s on s.user_id = ${userId}
      left join plans p on p.code = s.plan_code
      ${currentQuotaExtras(userId, sql.identifier(['p', 'limit_period']), sql.identifier(['e']))}`,
  };
}
