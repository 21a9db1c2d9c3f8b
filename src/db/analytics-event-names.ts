/**
 * The closed lists of analytics event names. Milestones are recorded by the service itself, once
 * per user, at the moment they happen; the dashboard may send only the names listed for it.
 */

/** Recorded by the service (sql/013_admin.sql triggers, the usage-log batch, billing, reports). */
export const MILESTONE_EVENTS = [
  'signup',
  'onboarding_completed',
  'first_api_key',
  'first_request',
  'first_successful_request',
  'first_payment',
  'first_report',
] as const;
export type MilestoneEvent = (typeof MILESTONE_EVENTS)[number];

/** What POST /api/v1/analytics/events accepts from the dashboard. */
export const DASHBOARD_EVENTS = [
  'dashboard.viewed',
  'docs.viewed',
  'pricing.viewed',
  'playground.request_sent',
  'api_key.copied',
  'checkout.started',
  'vedic_chat.session_started',
  'vedic_chat.message_sent',
] as const;
export type DashboardEvent = (typeof DASHBOARD_EVENTS)[number];

/** Every name a funnel step may use. */
export const KNOWN_EVENTS: readonly string[] = [...MILESTONE_EVENTS, ...DASHBOARD_EVENTS];
