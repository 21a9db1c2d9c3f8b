/**
 * Reading Stripe objects into the mirror's rows. Field positions follow the SDK's API version
 * (periods on subscription items, an invoice's subscription under parent.subscription_details).
 */
import type Stripe from 'stripe';
import type { SubscriptionMirror } from '../../db/billing-subscriptions.ts';
import type { InvoiceMirror } from '../../db/billing-records.ts';
import { REVENUE_STATUSES } from '../../db/subscription-status.ts';

export const isoOf = (epochSeconds: number | null | undefined): string | null => (epochSeconds ? new Date(epochSeconds * 1000).toISOString() : null);

/** The id of an expandable field, whether Stripe sent the id or the object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** Statuses whose amount counts as monthly recurring revenue (a trial has not paid yet). */
const revenueStatuses: ReadonlySet<string> = new Set(REVENUE_STATUSES);

/** An interval's amount per month, in the smallest unit. */
export function monthlyAmount(amount: number, interval: string | null, count: number | null): number {
  const n = count && count > 0 ? count : 1;
  const perMonth = { day: 365 / 12, week: 52 / 12, month: 1, year: 1 / 12 }[interval ?? 'month'] ?? 1;
  return Math.round((amount * perMonth) / n);
}

export function subscriptionMirror(sub: Stripe.Subscription, input: { userId: string | null; planCode: string | null; readAt: string }): SubscriptionMirror {
  const item = sub.items.data[0];
  const price = item?.price;
  const quantity = item?.quantity ?? 1;
  const unitAmount = (price?.unit_amount ?? 0) * quantity;
  const pm = typeof sub.default_payment_method === 'object' ? sub.default_payment_method : null;
  return {
    subscription_id: sub.id,
    customer_id: idOf(sub.customer)!,
    user_id: input.userId,
    status: sub.status,
    plan_code: input.planCode,
    price_id: price?.id ?? null,
    quantity,
    currency: price?.currency ?? sub.currency,
    unit_amount_cents: unitAmount,
    billing_interval: price?.recurring?.interval ?? null,
    interval_count: price?.recurring?.interval_count ?? null,
    mrr_cents: revenueStatuses.has(sub.status) ? monthlyAmount(unitAmount, price?.recurring?.interval ?? null, price?.recurring?.interval_count ?? null) : 0,
    current_period_start: isoOf(item?.current_period_start),
    current_period_end: isoOf(item?.current_period_end),
    cancel_at_period_end: sub.cancel_at_period_end,
    cancel_at: isoOf(sub.cancel_at),
    canceled_at: isoOf(sub.canceled_at),
    ended_at: isoOf(sub.ended_at),
    trial_start: isoOf(sub.trial_start),
    trial_end: isoOf(sub.trial_end),
    card_brand: pm?.card?.brand ?? null,
    card_last4: pm?.card?.last4 ?? null,
    started_at: isoOf(sub.start_date),
    created_at: isoOf(sub.created)!,
    read_at: input.readAt,
  };
}

export const subscriptionOfInvoice = (invoice: Stripe.Invoice): string | null => idOf(invoice.parent?.subscription_details?.subscription ?? null);

/** The Price of the invoice's first line (a subscription invoice has its plan's price there). */
export const priceOfInvoice = (invoice: Stripe.Invoice): string | null => {
  const line = invoice.lines?.data?.[0];
  return idOf(line?.pricing?.price_details?.price ?? null);
};

/** The billed period: the first line's (the invoice's own period_* is the previous period for a renewal). */
export function periodOfInvoice(invoice: Stripe.Invoice): { start: string | null; end: string | null } {
  const line = invoice.lines?.data?.[0];
  return { start: isoOf(line?.period?.start ?? invoice.period_start), end: isoOf(line?.period?.end ?? invoice.period_end) };
}

export function invoiceMirror(invoice: Stripe.Invoice, input: { userId: string | null; planCode: string | null; readAt: string }): InvoiceMirror {
  const period = periodOfInvoice(invoice);
  return {
    invoice_id: invoice.id,
    customer_id: idOf(invoice.customer),
    user_id: input.userId,
    subscription_id: subscriptionOfInvoice(invoice),
    status: invoice.status,
    billing_reason: invoice.billing_reason,
    currency: invoice.currency,
    amount_due_cents: invoice.amount_due,
    amount_paid_cents: invoice.amount_paid,
    total_cents: invoice.total,
    attempt_count: invoice.attempt_count,
    plan_code: input.planCode,
    price_id: priceOfInvoice(invoice),
    period_start: period.start,
    period_end: period.end,
    number: invoice.number,
    created_at: isoOf(invoice.created)!,
    paid_at: isoOf(invoice.status_transitions?.paid_at),
    read_at: input.readAt,
  };
}
