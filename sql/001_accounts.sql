-- Plans, users, subscriptions and API keys.

create table plans (
  code text primary key,
  name text not null,
  price_cents integer not null default 0,
  currency text not null default 'usd',
  billing_interval text not null default 'month',
  -- Requests allowed per limit_period; null means no quota (operators).
  request_limit integer,
  limit_period text not null check (limit_period in ('day', 'month')),
  -- Requests per second; null means no per-second limit.
  rps_limit integer,
  report_credits integer not null default 0,
  -- Public plans are offered to customers; the others only the operator's CLI assigns.
  public boolean not null default true,
  created_at timestamptz not null default now()
);

insert into plans (code, name, price_cents, request_limit, limit_period, rps_limit, report_credits, public) values
  ('free', 'Free', 0, 80, 'day', 1, 0, true),
  ('entry', 'Entry', 800, 50000, 'month', 5, 2, true),
  ('high', 'High', 4000, 500000, 'month', 10, 10, true),
  ('unlimited', 'Unlimited (operator)', 0, null, 'month', null, 0, false);

create table users (
  -- The identity provider's subject, or a generated id for users created by the CLI.
  id text primary key,
  email text not null,
  full_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table subscriptions (
  user_id text primary key references users (id) on delete cascade,
  plan_code text not null references plans (code),
  status text not null check (status in ('active', 'trialing', 'past_due', 'canceled', 'inactive')),
  current_period_start timestamptz not null default now(),
  current_period_end timestamptz,
  provider_subscription_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  name text not null,
  -- The first characters of the secret, to recognise a key in lists; never enough to use it.
  prefix text not null,
  -- SHA-256 of the secret: the secret itself is shown once and never stored.
  key_hash text not null unique,
  status text not null default 'active' check (status in ('active', 'revoked')),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  expires_at timestamptz
);
create index api_keys_user_idx on api_keys (user_id);
