/**
 * From the mirrored Stripe subscriptions to the plan the platform enforces (the `subscriptions`
 * row every API key is checked against):
 * - active or trialing → the paid plan;
 * - past_due → the paid plan until the grace period ends (the view effective_subscriptions
 *   counts it as free after that, without anything having to run at that moment);
 * - unpaid, canceled, incomplete, expired, paused, or no subscription → back to free.
 * A plan the operator gave without Stripe (no provider subscription) is left alone.
 */
import { type CommonQueryMethods } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';
import { BillingSubscriptionRepository } from '../../db/billing-subscriptions.ts';

const currentRow = z.object({ plan_code: z.string(), status: z.string(), provider_subscription_id: z.string().nullable(), grace_until: z.string().nullable() });

/**
 * Brings the user's plan in line with their Stripe subscriptions; true when it changed. Call in
 * the transaction that stored the subscription, after locking the user (lockUser).
 */
export async function applyEntitlement(tx: CommonQueryMethods, userId: string, graceHours: number): Promise<boolean> {
  const governing = await new BillingSubscriptionRepository(tx).governing(userId);
  const current = await tx.maybeOne(
    sql.type(currentRow)`select plan_code, status, provider_subscription_id, grace_until from subscriptions where user_id = ${userId}`,
  );
  let next: { plan: string; status: string; provider: string | null; graceUntil: string | null } | null;
  if (governing) {
    const graceUntil =
      governing.status === 'past_due'
        ? new Date(Date.parse(governing.past_due_since ?? new Date().toISOString()) + graceHours * 3_600_000).toISOString()
        : null;
    next = { plan: governing.plan_code!, status: governing.status, provider: governing.subscription_id, graceUntil };
  } else if (current?.provider_subscription_id) {
    next = { plan: 'free', status: 'active', provider: null, graceUntil: null };
  } else {
    next = null;
  }
  if (!next) return false;
  if (
    current &&
    current.plan_code === next.plan &&
    current.status === next.status &&
    current.provider_subscription_id === next.provider &&
    current.grace_until === next.graceUntil
  )
    return false;
  await tx.query(sql.unsafe`
    insert into subscriptions (user_id, plan_code, status, provider_subscription_id, grace_until, current_period_end)
    values (${userId}, ${next.plan}, ${next.status}, ${next.provider}, ${next.graceUntil}, null)
    on conflict (user_id) do update set plan_code = excluded.plan_code, status = excluded.status, provider_subscription_id = excluded.provider_subscription_id,
      grace_until = excluded.grace_until, current_period_end = null, current_period_start = case when subscriptions.plan_code <> excluded.plan_code then now() else subscriptions.current_period_start end,
      updated_at = now()`);
  return true;
}

/** Serialises the billing changes of one user (false when the user does not exist). */
export async function lockUser(tx: CommonQueryMethods, userId: string): Promise<boolean> {
  return (await tx.maybeOneFirst(sql.type(z.object({ id: z.string() }))`select id from users where id = ${userId} for update`)) !== null;
}
