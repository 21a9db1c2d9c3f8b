-- Administration: operator sessions, verified addresses, usage rollups, user activity, product
-- analytics events, funnels and the analytics cache.

-- Operator sessions. The token is shown once at login; only its SHA-256 is kept. A session is
-- read from here on every admin request (no cache), so a logout ends it on every process at once.
create table admin_sessions (
  token_hash text primary key,
  username text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ip text,
  user_agent text
);
create index admin_sessions_expiry_idx on admin_sessions (expires_at);

-- A user's address is verified by the signed link of the verification e-mail.
alter table users add column email_verified_at timestamptz;
-- New users per day, and the users listing sorted by joining date.
create index users_created_idx on users (created_at, id);

-- The search of the users listing (e-mail or name, any part, any case) uses trigram indexes where
-- the server has pg_trgm; elsewhere (the embedded database) the same query scans the table.
do $$
begin
  create extension if not exists pg_trgm;
  execute 'create index users_email_trgm_idx on users using gin (lower(email) gin_trgm_ops)';
  execute 'create index users_full_name_trgm_idx on users using gin (lower(full_name) gin_trgm_ops)';
exception when others then
  raise notice 'pg_trgm unavailable (%): the users search scans the table', sqlerrm;
end $$;

-- Requests per UTC day × user × API key × route template × status class (2 for 2xx, ...). The API
-- processes add to it in the same statement that writes a usage-log batch, so it never lags
-- behind the log and costs one upsert per group of a batch, not one per request. The statistics
-- read rollups, never the raw log, which has a retention (USAGE_LOG_RETENTION_DAYS).
create table usage_rollups (
  day date not null,
  user_id text not null,
  api_key_id uuid,
  route text not null,
  status_class smallint not null check (status_class between 1 and 5),
  requests bigint not null,
  duration_ms_total double precision not null default 0,
  constraint usage_rollups_group_key unique nulls not distinct (day, user_id, api_key_id, route, status_class)
);
create index usage_rollups_user_idx on usage_rollups (user_id, day);

-- The same summed over users and keys: a few rows a day, what requests per day and the global
-- figures read.
create table usage_daily_totals (
  day date not null,
  route text not null,
  status_class smallint not null check (status_class between 1 and 5),
  requests bigint not null,
  primary key (day, route, status_class)
);

-- One row per user who ever made an API request: totals for the users listing and the active
-- users, kept with the rollups. first_success_at: the first 2xx answer.
create table user_activity (
  user_id text primary key,
  request_count bigint not null,
  first_request_at timestamptz not null,
  last_active_at timestamptz not null,
  first_success_at timestamptz
);
create index user_activity_last_active_idx on user_activity (last_active_at);
create index user_activity_requests_idx on user_activity (request_count);

-- Pruning the raw log by age: segments are written in time order, so a BRIN index is enough.
create index usage_log_segments_last_at_brin on usage_log_segments using brin (last_at);

-- Product analytics events. `service` events are the milestones the service records itself,
-- once per user (signup, first_api_key, first_request, first_successful_request,
-- onboarding_completed; first_payment and first_report by billing and reports); `dashboard`
-- events come from POST /api/v1/analytics/events (a closed list of names).
create table analytics_events (
  id bigint generated always as identity primary key,
  name text not null,
  user_id text,
  source text not null check (source in ('service', 'dashboard')),
  properties jsonb not null default '{}',
  occurred_at timestamptz not null default now()
);
create index analytics_events_name_time_idx on analytics_events (name, occurred_at);
create index analytics_events_user_name_idx on analytics_events (user_id, name, occurred_at);
create unique index analytics_events_milestone_key on analytics_events (user_id, name) where source = 'service';

-- Milestones at the moment they happen, whichever code path creates the row.
create function analytics_signup() returns trigger language plpgsql as $$
begin
  insert into analytics_events (name, user_id, source, occurred_at) values ('signup', new.id, 'service', new.created_at)
  on conflict do nothing;
  return null;
end $$;
create trigger analytics_signup after insert on users for each row execute function analytics_signup();

create function analytics_first_api_key() returns trigger language plpgsql as $$
begin
  insert into analytics_events (name, user_id, source, occurred_at) values ('first_api_key', new.user_id, 'service', new.created_at)
  on conflict do nothing;
  return null;
end $$;
create trigger analytics_first_api_key after insert on api_keys for each row execute function analytics_first_api_key();

create function analytics_onboarding_completed() returns trigger language plpgsql as $$
begin
  insert into analytics_events (name, user_id, source, occurred_at) values ('onboarding_completed', new.id, 'service', new.onboarding_completed_at)
  on conflict do nothing;
  return null;
end $$;
create trigger analytics_onboarding_completed after update of onboarding_completed_at on users
  for each row when (old.onboarding_completed_at is null and new.onboarding_completed_at is not null)
  execute function analytics_onboarding_completed();

-- Funnels the operators define: ordered steps of event names, a conversion window from the first
-- step, and the period whose first-step events are evaluated.
create table analytics_funnels (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  steps jsonb not null,
  conversion_window_days integer not null check (conversion_window_days between 1 and 365),
  period_days integer not null check (period_days between 1 and 366),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A bounded key → JSON store for the admin dashboard (ANALYTICS_CACHE_MAX_ENTRIES).
create table analytics_cache (
  cache_key text primary key,
  value jsonb not null,
  expires_at timestamptz,
  updated_at timestamptz not null default now()
);
create index analytics_cache_updated_idx on analytics_cache (updated_at);

-- What existed before this migration: milestones, rollups and activity from the raw log. Routes
-- of these rows are the recorded paths (the calculation routes have no path parameters).
insert into analytics_events (name, user_id, source, occurred_at)
select 'signup', id, 'service', created_at from users
on conflict do nothing;
insert into analytics_events (name, user_id, source, occurred_at)
select 'first_api_key', user_id, 'service', min(created_at) from api_keys group by user_id
on conflict do nothing;
insert into analytics_events (name, user_id, source, occurred_at)
select 'onboarding_completed', id, 'service', onboarding_completed_at from users where onboarding_completed_at is not null
on conflict do nothing;

create temporary table usage_backfill on commit drop as
select (created_at at time zone 'UTC')::date as day, user_id, api_key_id, path as route,
       (status_code / 100)::smallint as status_class, count(*) as requests, sum(duration_ms) as duration_ms_total,
       min(created_at) as first_at, max(created_at) as last_at,
       min(created_at) filter (where status_code between 200 and 299) as first_success_at
from usage_logs
group by 1, 2, 3, 4, 5;

insert into usage_rollups (day, user_id, api_key_id, route, status_class, requests, duration_ms_total)
select day, user_id, api_key_id, route, status_class, requests, duration_ms_total from usage_backfill;
insert into usage_daily_totals (day, route, status_class, requests)
select day, route, status_class, sum(requests) from usage_backfill group by 1, 2, 3;
insert into user_activity (user_id, request_count, first_request_at, last_active_at, first_success_at)
select user_id, sum(requests), min(first_at), max(last_at), min(first_success_at) from usage_backfill group by user_id;
insert into analytics_events (name, user_id, source, occurred_at)
select 'first_request', user_id, 'service', first_request_at from user_activity
on conflict do nothing;
insert into analytics_events (name, user_id, source, occurred_at)
select 'first_successful_request', user_id, 'service', first_success_at from user_activity where first_success_at is not null
on conflict do nothing;
