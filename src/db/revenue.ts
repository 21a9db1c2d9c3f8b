/**
 * Revenue from the mirror of the payment provider's data (the billing tables: billing_payments,
 * billing_refunds, billing_disputes, billing_subscriptions, billing_mrr_changes). Every figure is
 * per currency: amounts of different currencies are never added together. Days are UTC days.
 *
 * - gross: succeeded payments by the day they were paid;
 * - refunds: succeeded refunds by the day they were made; disputes: disputes lost, by the day opened;
 * - net = gross − refunds − disputes;
 * - by plan: the payment's product (plan or credit pack) code, else its kind;
 * - MRR: the subscriptions' current monthly recurring revenue (as the billing mirror computes it),
 *   and its movements in the range by kind (new, expansion, contraction, churn, reactivation).
 */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export interface RevenueWindow {
  /** First and last UTC day, YYYY-MM-DD, both included. */
  startDay: string;
  endDay: string;
}

const dayAmounts = z.object({ currency: z.string(), day: z.string(), gross: z.number(), refunds: z.number(), disputes: z.number(), payments: z.number() });
const planAmounts = z.object({ currency: z.string(), plan: z.string(), gross: z.number(), refunds: z.number() });
const mrrNow = z.object({ currency: z.string(), mrr: z.number(), subscriptions: z.number() });
const movement = z.object({ currency: z.string(), kind: z.string(), delta: z.number() });

export class RevenueRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /**
   * Gross, refunds and disputes by day and by plan come from revenue_daily, the per day, currency
   * and plan sums kept by triggers on the mirror's tables (sql/015_admin_precomputed.sql): a few
   * rows a day, whatever the number of payments.
   */
  async read(w: RevenueWindow) {
    const from = sql.fragment`(${w.startDay}::date::timestamp at time zone 'UTC')`;
    const until = sql.fragment`((${w.endDay}::date + 1)::timestamp at time zone 'UTC')`;
    const days = sql.fragment`day between ${w.startDay}::date and ${w.endDay}::date`;
    const [dayRows, plans, mrr, movements] = await Promise.all([
      this.db.any(sql.type(dayAmounts)`
        select currency, to_char(day, 'YYYY-MM-DD') as day, sum(gross_cents)::int8 as gross, sum(refunds_cents)::int8 as refunds,
          sum(disputes_cents)::int8 as disputes, sum(payments)::int8 as payments
        from revenue_daily where ${days} group by currency, day order by currency, day`),
      // Disputes have no plan (null): a plan is listed when a payment or a refund counts under it.
      this.db.any(sql.type(planAmounts)`
        select currency, plan, sum(gross_cents)::int8 as gross, sum(refunds_cents)::int8 as refunds
        from revenue_daily where ${days} and plan is not null
        group by currency, plan having sum(payments) + sum(refunds) > 0 order by currency, plan`),
      this.db.any(sql.type(mrrNow)`
        select lower(currency) as currency, sum(mrr_cents)::int8 as mrr, count(*)::int8 as subscriptions
        from billing_subscriptions where mrr_cents > 0 group by 1 order by 1`),
      this.db.any(sql.type(movement)`
        select lower(currency) as currency, kind, sum(mrr_cents - previous_mrr_cents)::int8 as delta
        from billing_mrr_changes where occurred_at >= ${from} and occurred_at < ${until} group by 1, 2 order by 1, 2`),
    ]);
    return { days: dayRows, plans, mrr, movements };
  }
}
