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
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

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

  /** Whether the billing tables exist (they come with the billing migration). */
  async read(w: RevenueWindow) {
    const from = sql.fragment`(${w.startDay}::date::timestamp at time zone 'UTC')`;
    const until = sql.fragment`((${w.endDay}::date + 1)::timestamp at time zone 'UTC')`;
    const [days, plans, mrr, movements] = await Promise.all([
      this.db.any(sql.type(dayAmounts)`
        select currency, to_char(day, 'YYYY-MM-DD') as day, sum(gross)::int8 as gross, sum(refunds)::int8 as refunds, sum(disputes)::int8 as disputes, sum(payments)::int8 as payments from (
          select lower(currency) as currency, (paid_at at time zone 'UTC')::date as day, amount_cents as gross, 0 as refunds, 0 as disputes, 1 as payments
          from billing_payments where status = 'succeeded' and paid_at >= ${from} and paid_at < ${until}
          union all
          select lower(currency), (created_at at time zone 'UTC')::date, 0, amount_cents, 0, 0
          from billing_refunds where status = 'succeeded' and created_at >= ${from} and created_at < ${until}
          union all
          select lower(currency), (created_at at time zone 'UTC')::date, 0, 0, amount_cents, 0
          from billing_disputes where status = 'lost' and created_at >= ${from} and created_at < ${until}
        ) x group by currency, day order by currency, day`),
      this.db.any(sql.type(planAmounts)`
        select currency, plan, sum(gross)::int8 as gross, sum(refunds)::int8 as refunds from (
          select lower(currency) as currency, coalesce(product_code, kind) as plan, amount_cents as gross, 0 as refunds
          from billing_payments where status = 'succeeded' and paid_at >= ${from} and paid_at < ${until}
          union all
          select lower(r.currency), coalesce(p.product_code, p.kind, 'unknown'), 0, r.amount_cents
          from billing_refunds r left join billing_payments p on p.payment_id = r.payment_id
          where r.status = 'succeeded' and r.created_at >= ${from} and r.created_at < ${until}
        ) x group by currency, plan order by currency, plan`),
      this.db.any(sql.type(mrrNow)`
        select lower(currency) as currency, sum(mrr_cents)::int8 as mrr, count(*)::int8 as subscriptions
        from billing_subscriptions where mrr_cents > 0 group by 1 order by 1`),
      this.db.any(sql.type(movement)`
        select lower(currency) as currency, kind, sum(mrr_cents - previous_mrr_cents)::int8 as delta
        from billing_mrr_changes where occurred_at >= ${from} and occurred_at < ${until} group by 1, 2 order by 1, 2`),
    ]);
    return { days, plans, mrr, movements };
  }
}
