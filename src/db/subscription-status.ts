/**
 * The states of a user's subscription: the check of `subscriptions.status` (sql/001_accounts.sql),
 * what the billing detail answers and what the admin directory filters by. Stripe's own statuses
 * (billing_subscriptions) are wider; these are the ones that decide a plan.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The statuses under which a subscription holds its plan. past_due only while its grace lasts:
 * after it the view effective_subscriptions says free/active.
 */
export const PLAN_HOLDING_STATUSES = ['active', 'trialing', 'past_due'] as const satisfies readonly SubscriptionStatus[];
export type PlanHoldingStatus = (typeof PLAN_HOLDING_STATUSES)[number];

/** The statuses whose subscription is paid for now (the revenue mirror counts them). */
export const REVENUE_STATUSES = ['active', 'past_due'] as const satisfies readonly PlanHoldingStatus[];

const subscriptionStatuses: ReadonlySet<string> = new Set(SUBSCRIPTION_STATUSES);
const planHoldingStatuses: ReadonlySet<string> = new Set(PLAN_HOLDING_STATUSES);

export function isSubscriptionStatus(status: string): status is SubscriptionStatus {
  return subscriptionStatuses.has(status);
}

export function holdsPlan(status: string): status is PlanHoldingStatus {
  return planHoldingStatuses.has(status);
}
