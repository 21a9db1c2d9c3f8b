/**
 * Subscriptions as read from Stripe, and the change log of their monthly recurring revenue. A
 * read is stored only if it is newer than the one stored (reads are ordered by read_at), so
 * events processed in any order leave the latest state.
 */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';
import { PLAN_HOLDING_STATUSES } from './subscription-status.ts';

export interface SubscriptionMirror {
  subscription_id: string;
  customer_id: string;
  user_id: string | null;
  status: string;
  plan_code: string | null;
  price_id: string | null;
  quantity: number;
  currency: string;
  unit_amount_cents: number;
  billing_interval: string | null;
  interval_count: number | null;
  mrr_cents: number;
  current_period_start: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  cancel_at: string | null;
  canceled_at: string | null;
  ended_at: string | null;
  trial_start: string | null;
  trial_end: string | null;
  card_brand: string | null;
  card_last4: string | null;
  started_at: string | null;
  created_at: string;
  read_at: string;
}

export const storedSubscriptionRow = z.object({
  subscription_id: z.string(),
  customer_id: z.string(),
  user_id: z.string().nullable(),
  status: z.string(),
  plan_code: z.string().nullable(),
  mrr_cents: z.number(),
  currency: z.string(),
  unit_amount_cents: z.number(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  past_due_since: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  read_at: z.string(),
});
export type StoredSubscription = z.infer<typeof storedSubscriptionRow>;

const columns = sql.fragment`subscription_id, customer_id, user_id, status, plan_code, mrr_cents, currency, unit_amount_cents, current_period_end,
  cancel_at_period_end, past_due_since, card_brand, card_last4, read_at`;

/** What a change of monthly recurring revenue is, for the MRR movements of the revenue analytics. */
function mrrChangeKind(previous: number, next: number, hadRevenueBefore: boolean): 'new' | 'expansion' | 'contraction' | 'churn' | 'reactivation' {
  if (previous === 0) return hadRevenueBefore ? 'reactivation' : 'new';
  if (next === 0) return 'churn';
  return next > previous ? 'expansion' : 'contraction';
}

export class BillingSubscriptionRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /** Stores the read unless a newer one is stored; logs the MRR change. Call inside a transaction. */
  async store(m: SubscriptionMirror): Promise<{ stored: boolean; row: StoredSubscription }> {
    const previous = await this.db.maybeOne(
      sql.type(storedSubscriptionRow)`select ${columns} from billing_subscriptions where subscription_id = ${m.subscription_id} for update`,
    );
    if (previous && Date.parse(previous.read_at) > Date.parse(m.read_at)) return { stored: false, row: previous };
    const pastDueSince = m.status !== 'past_due' ? null : previous?.status === 'past_due' && previous.past_due_since ? previous.past_due_since : m.read_at;
    const row = await this.db.one(sql.type(storedSubscriptionRow)`
      insert into billing_subscriptions (subscription_id, customer_id, user_id, status, plan_code, price_id, quantity, currency, unit_amount_cents,
        billing_interval, interval_count, mrr_cents, current_period_start, current_period_end, cancel_at_period_end, cancel_at, canceled_at, ended_at,
        trial_start, trial_end, past_due_since, card_brand, card_last4, started_at, created_at, read_at)
      values (${m.subscription_id}, ${m.customer_id}, ${m.user_id}, ${m.status}, ${m.plan_code}, ${m.price_id}, ${m.quantity}, ${m.currency}, ${m.unit_amount_cents},
        ${m.billing_interval}, ${m.interval_count}, ${m.mrr_cents}, ${m.current_period_start}, ${m.current_period_end}, ${m.cancel_at_period_end}, ${m.cancel_at},
        ${m.canceled_at}, ${m.ended_at}, ${m.trial_start}, ${m.trial_end}, ${pastDueSince}, ${m.card_brand}, ${m.card_last4}, ${m.started_at}, ${m.created_at}, ${m.read_at})
      on conflict (subscription_id) do update set
        customer_id = excluded.customer_id, user_id = coalesce(excluded.user_id, billing_subscriptions.user_id), status = excluded.status,
        plan_code = excluded.plan_code, price_id = excluded.price_id, quantity = excluded.quantity, currency = excluded.currency,
        unit_amount_cents = excluded.unit_amount_cents, billing_interval = excluded.billing_interval, interval_count = excluded.interval_count,
        mrr_cents = excluded.mrr_cents, current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
        cancel_at_period_end = excluded.cancel_at_period_end, cancel_at = excluded.cancel_at, canceled_at = excluded.canceled_at, ended_at = excluded.ended_at,
        trial_start = excluded.trial_start, trial_end = excluded.trial_end, past_due_since = excluded.past_due_since,
        card_brand = coalesce(excluded.card_brand, billing_subscriptions.card_brand), card_last4 = coalesce(excluded.card_last4, billing_subscriptions.card_last4),
        started_at = excluded.started_at, read_at = excluded.read_at, updated_at = now()
      returning ${columns}`);
    const before = previous?.mrr_cents ?? 0;
    if (before !== m.mrr_cents) {
      const hadRevenue = previous ? await this.db.exists(sql.unsafe`select 1 from billing_mrr_changes where subscription_id = ${m.subscription_id}`) : false;
      await this.db.query(sql.unsafe`
        insert into billing_mrr_changes (subscription_id, user_id, currency, previous_mrr_cents, mrr_cents, kind, plan_code)
        values (${m.subscription_id}, ${row.user_id}, ${m.currency}, ${before}, ${m.mrr_cents}, ${mrrChangeKind(before, m.mrr_cents, hadRevenue)}, ${m.plan_code})`);
    }
    return { stored: true, row };
  }

  async forUser(userId: string): Promise<readonly StoredSubscription[]> {
    return this.db.any(sql.type(storedSubscriptionRow)`select ${columns} from billing_subscriptions where user_id = ${userId} order by created_at desc`);
  }

  /** The subscription that decides the user's plan: in force first, then past due; the dearer first. */
  async governing(userId: string): Promise<StoredSubscription | null> {
    return this.db.maybeOne(sql.type(storedSubscriptionRow)`
      select ${columns} from billing_subscriptions
      where user_id = ${userId} and plan_code is not null and status = any(${sql.array(PLAN_HOLDING_STATUSES, 'text')})
      order by case when status = 'past_due' then 1 else 0 end, unit_amount_cents desc, created_at desc
      limit 1`);
  }

  async byId(subscriptionId: string): Promise<StoredSubscription | null> {
    return this.db.maybeOne(sql.type(storedSubscriptionRow)`select ${columns} from billing_subscriptions where subscription_id = ${subscriptionId}`);
  }
}
