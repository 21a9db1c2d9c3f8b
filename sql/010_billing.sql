-- Billing through Stripe, report credits, notification settings, e-mail outbox and account
-- deletion.
--
-- The Stripe mirror (billing_*) has no foreign key to users on purpose: invoices, payments and
-- refunds are kept when a user is erased (the law asks for them), and the revenue analytics read
-- them. Everything a user owns (credits, settings, offers, e-mails) cascades with the user row.

-- Stripe Price ids may live here or in the STRIPE_PRICES setting (which wins).
alter table plans add column stripe_price_id text;

-- A subscription that is past due keeps its paid plan until grace_until (see the view below).
alter table subscriptions add column grace_until timestamptz;

-- Report-credit packs sold one-off through Checkout (payment mode). Their codes must differ
-- from the plan codes: both are product codes of POST /api/v1/billing/checkout.
create table credit_packs (
  code text primary key,
  name text not null,
  credits integer not null check (credits > 0),
  price_cents integer not null check (price_cents > 0),
  currency text not null default 'usd',
  stripe_price_id text,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
insert into credit_packs (code, name, credits, price_cents) values
  ('reports_5', '5 report credits', 5, 1500),
  ('reports_20', '20 report credits', 20, 5000);

-- What the platform enforces: a past-due subscription keeps its plan while its grace lasts and
-- counts as the free plan afterwards, computed when read, so that nothing has to run at the
-- moment the grace ends. current_period_end is then the end of the grace: the API-key cache
-- never keeps a verdict beyond it.
create view effective_subscriptions as
select s.user_id,
       case when s.status = 'past_due' and (s.grace_until is null or s.grace_until <= now()) then 'free' else s.plan_code end as plan_code,
       case when s.status = 'past_due' and (s.grace_until is null or s.grace_until <= now()) then 'active' else s.status end as status,
       case when s.status = 'past_due' then (case when s.grace_until > now() then s.grace_until end) else s.current_period_end end as current_period_end,
       s.provider_subscription_id,
       s.grace_until
from subscriptions s;

-- Stripe customers of our users. One live customer per user; a deleted one keeps its row (its
-- invoices refer to it) without the address.
create table billing_customers (
  customer_id text primary key,
  user_id text not null,
  email text,
  livemode boolean not null default false,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index billing_customers_live_user_key on billing_customers (user_id) where deleted_at is null;

-- Subscriptions as last read from Stripe. read_at orders the reads: an older read never
-- overwrites a newer one, whatever order the events were processed in.
create table billing_subscriptions (
  subscription_id text primary key,
  customer_id text not null,
  user_id text,
  status text not null,
  plan_code text,
  price_id text,
  quantity integer not null default 1,
  currency text not null,
  -- Price of one interval in the currency's smallest unit, and the same normalised to a month.
  unit_amount_cents bigint not null default 0,
  billing_interval text,
  interval_count integer,
  mrr_cents bigint not null default 0,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  cancel_at timestamptz,
  canceled_at timestamptz,
  ended_at timestamptz,
  trial_start timestamptz,
  trial_end timestamptz,
  -- When Stripe first reported the subscription past due (cleared when it leaves that state).
  past_due_since timestamptz,
  card_brand text,
  card_last4 text,
  started_at timestamptz,
  created_at timestamptz not null,
  read_at timestamptz not null,
  updated_at timestamptz not null default now()
);
create index billing_subscriptions_user_idx on billing_subscriptions (user_id);
create index billing_subscriptions_customer_idx on billing_subscriptions (customer_id);

-- Every change of a subscription's monthly recurring revenue, for the MRR movements.
create table billing_mrr_changes (
  id bigint generated always as identity primary key,
  subscription_id text not null,
  user_id text,
  currency text not null,
  previous_mrr_cents bigint not null,
  mrr_cents bigint not null,
  kind text not null check (kind in ('new', 'expansion', 'contraction', 'churn', 'reactivation')),
  plan_code text,
  occurred_at timestamptz not null default now()
);
create index billing_mrr_changes_time_idx on billing_mrr_changes (occurred_at);

create table billing_invoices (
  invoice_id text primary key,
  customer_id text,
  user_id text,
  subscription_id text,
  status text,
  billing_reason text,
  currency text not null,
  amount_due_cents bigint not null default 0,
  amount_paid_cents bigint not null default 0,
  total_cents bigint not null default 0,
  attempt_count integer not null default 0,
  plan_code text,
  price_id text,
  period_start timestamptz,
  period_end timestamptz,
  number text,
  created_at timestamptz not null,
  paid_at timestamptz,
  read_at timestamptz not null
);
create index billing_invoices_user_idx on billing_invoices (user_id, created_at desc);
create index billing_invoices_paid_idx on billing_invoices (paid_at) where paid_at is not null;

-- Money received: one row per PaymentIntent (an invoice's payment or a one-off Checkout payment).
create table billing_payments (
  payment_id text primary key,
  user_id text,
  customer_id text,
  invoice_id text,
  checkout_session_id text,
  kind text not null check (kind in ('subscription', 'credit_pack', 'request_pack')),
  product_code text,
  amount_cents bigint not null,
  currency text not null,
  status text not null,
  paid_at timestamptz,
  created_at timestamptz not null default now()
);
create index billing_payments_paid_idx on billing_payments (paid_at) where paid_at is not null;
create index billing_payments_user_idx on billing_payments (user_id);

create table billing_refunds (
  refund_id text primary key,
  payment_id text,
  charge_id text,
  user_id text,
  amount_cents bigint not null,
  currency text not null,
  status text not null,
  reason text,
  created_at timestamptz not null,
  read_at timestamptz not null
);
create index billing_refunds_time_idx on billing_refunds (created_at);

create table billing_disputes (
  dispute_id text primary key,
  payment_id text,
  charge_id text,
  user_id text,
  amount_cents bigint not null,
  currency text not null,
  status text not null,
  reason text,
  created_at timestamptz not null,
  read_at timestamptz not null
);

-- Webhook events received: each id is handled once (processed_at), whatever Stripe resends.
create table stripe_events (
  event_id text primary key,
  type text not null,
  object_id text,
  stripe_created_at timestamptz not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  attempts integer not null default 0,
  last_error text
);

-- A Checkout Session's fulfilment happens once, whether the redirect or the webhook comes first.
create table checkout_fulfilments (
  session_id text primary key,
  user_id text not null,
  kind text not null check (kind in ('subscription', 'credit_pack', 'request_pack')),
  product_code text,
  credits_added integer not null default 0,
  requests_added integer not null default 0,
  fulfilled_at timestamptz not null default now()
);

-- Private offers of extra requests, one user each, made by the operator.
create table request_pack_offers (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  requests integer not null check (requests > 0),
  price_cents integer not null check (price_cents > 0),
  currency text not null,
  status text not null default 'open' check (status in ('open', 'purchased', 'withdrawn')),
  note text,
  expires_at timestamptz,
  checkout_session_id text,
  created_at timestamptz not null default now(),
  purchased_at timestamptz
);
create unique index request_pack_offers_open_key on request_pack_offers (user_id) where status = 'open';

-- Requests added to a user's quota for one limit period (bought request packs).
create table quota_extras (
  user_id text not null references users (id) on delete cascade,
  period_start timestamptz not null,
  period_end timestamptz not null,
  extra_requests integer not null check (extra_requests > 0),
  primary key (user_id, period_start)
);

-- Report credits. The account row holds the balances (locked while a credit is reserved, so
-- that concurrent reservations never take it below zero); the ledger says why each moved, once
-- per (reason, reference).
create table report_credit_accounts (
  user_id text primary key references users (id) on delete cascade,
  -- The plan period whose included credits are in period_remaining; they lapse at its end.
  period_start timestamptz,
  period_end timestamptz,
  included integer not null default 0,
  period_remaining integer not null default 0 check (period_remaining >= 0),
  -- Bought (and operator-given) credits: they do not lapse.
  purchased_remaining integer not null default 0 check (purchased_remaining >= 0),
  updated_at timestamptz not null default now()
);

create table report_credit_ledger (
  id bigint generated always as identity primary key,
  user_id text not null references users (id) on delete cascade,
  reason text not null check (reason in ('plan_grant', 'purchase', 'reservation', 'refund', 'admin_adjustment')),
  reference text not null,
  delta integer not null,
  -- Which balance moved: the period's included credits or the lasting ones.
  bucket text not null check (bucket in ('period', 'purchased')),
  period_start timestamptz,
  period_end timestamptz,
  note text,
  created_at timestamptz not null default now(),
  unique (reason, reference)
);
create index report_credit_ledger_user_idx on report_credit_ledger (user_id, reason, created_at);

create table notification_settings (
  user_id text primary key references users (id) on delete cascade,
  usage_alerts boolean not null default true,
  usage_alert_threshold_pct smallint not null default 80 check (usage_alert_threshold_pct between 50 and 100),
  billing_emails boolean not null default true,
  product_updates boolean not null default false,
  report_completed_emails boolean not null default true,
  updated_at timestamptz not null default now()
);

-- Notifications sent, once per (user, kind, reference): a usage threshold once per period, a
-- failed payment once per invoice attempt, a completed report once per job.
create table notification_log (
  user_id text not null references users (id) on delete cascade,
  kind text not null,
  reference text not null,
  sent_at timestamptz not null default now(),
  primary key (user_id, kind, reference)
);

-- Every e-mail the service writes. Without SMTP they stay here (status held) for the operator.
create table email_outbox (
  id bigint generated always as identity primary key,
  user_id text references users (id) on delete cascade,
  to_address text not null,
  subject text not null,
  body_text text not null,
  kind text not null,
  status text not null check (status in ('held', 'sent', 'failed')),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index email_outbox_recent_idx on email_outbox (created_at desc);

-- Account deletions: the job's state while it runs, and afterwards the record that it happened.
-- Billing stops first (Stripe); the user's data is erased only after that, in one transaction.
create table account_deletions (
  id uuid primary key default gen_random_uuid(),
  user_id text not null unique,
  -- SHA-256 of the lower-cased address: answers "was this address's account deleted?" without it.
  email_sha256 text not null,
  reason text,
  requested_by text not null check (requested_by in ('user', 'admin')),
  status text not null default 'scheduled' check (status in ('scheduled', 'billing_stopped', 'completed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  erased jsonb,
  requested_at timestamptz not null default now(),
  billing_stopped_at timestamptz,
  completed_at timestamptz
);
create index account_deletions_due_idx on account_deletions (next_attempt_at) where status <> 'completed';
