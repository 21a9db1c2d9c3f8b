-- Precomputed figures for the admin statistics, kept by triggers in the same transaction as the
-- rows they summarise (whichever code path writes them: the API, the billing mirror, the CLI, a
-- migration), so that the dashboard reads a hundred thousand narrow rows or a few thousand daily
-- totals instead of millions of events and payments. Each table is defined as a query over the
-- raw tables (written out in its *_rebuild function); the triggers keep it equal to that query,
-- and a TRUNCATE of a source table rebuilds it.

-- One row per user: when they joined (null once the user row is gone) and the time of each of
-- their milestones (the `service` events, recorded once per user). Funnels whose steps are all
-- milestones and the matured signup cohorts read this instead of the events.
create table user_milestones (
  user_id text primary key,
  joined_at timestamptz,
  signup timestamptz,
  onboarding_completed timestamptz,
  first_api_key timestamptz,
  first_request timestamptz,
  first_successful_request timestamptz,
  first_payment timestamptz,
  first_report timestamptz,
  -- The signup cohort (UTC week) the matured cohorts group by: computed per row once, not per query.
  joined_week timestamp generated always as (date_trunc('week', joined_at at time zone 'UTC')) stored
);
create index user_milestones_joined_idx on user_milestones (joined_at) where joined_at is not null;
create index user_milestones_signup_idx on user_milestones (signup) where signup is not null;

-- The row of one user, computed from the raw tables.
create function user_milestones_refresh(uid text) returns void language plpgsql as $$
begin
  if uid is null then return; end if;
  insert into user_milestones as m (user_id, joined_at, signup, onboarding_completed, first_api_key, first_request, first_successful_request, first_payment, first_report)
  select uid, (select created_at from users where id = uid),
    min(occurred_at) filter (where name = 'signup'), min(occurred_at) filter (where name = 'onboarding_completed'),
    min(occurred_at) filter (where name = 'first_api_key'), min(occurred_at) filter (where name = 'first_request'),
    min(occurred_at) filter (where name = 'first_successful_request'), min(occurred_at) filter (where name = 'first_payment'),
    min(occurred_at) filter (where name = 'first_report')
  from analytics_events where user_id = uid and source = 'service'
  on conflict (user_id) do update set joined_at = excluded.joined_at, signup = excluded.signup, onboarding_completed = excluded.onboarding_completed,
    first_api_key = excluded.first_api_key, first_request = excluded.first_request, first_successful_request = excluded.first_successful_request,
    first_payment = excluded.first_payment, first_report = excluded.first_report;
  delete from user_milestones where user_id = uid and num_nonnulls(joined_at, signup, onboarding_completed, first_api_key, first_request,
    first_successful_request, first_payment, first_report) = 0;
end $$;

create function user_milestones_rebuild() returns void language plpgsql as $$
begin
  delete from user_milestones;
  insert into user_milestones (user_id, joined_at, signup, onboarding_completed, first_api_key, first_request, first_successful_request, first_payment, first_report)
  select coalesce(u.id, e.user_id), u.created_at, e.signup, e.onboarding_completed, e.first_api_key, e.first_request, e.first_successful_request, e.first_payment, e.first_report
  from users u
  full join (
    select user_id,
      min(occurred_at) filter (where name = 'signup') as signup, min(occurred_at) filter (where name = 'onboarding_completed') as onboarding_completed,
      min(occurred_at) filter (where name = 'first_api_key') as first_api_key, min(occurred_at) filter (where name = 'first_request') as first_request,
      min(occurred_at) filter (where name = 'first_successful_request') as first_successful_request,
      min(occurred_at) filter (where name = 'first_payment') as first_payment, min(occurred_at) filter (where name = 'first_report') as first_report
    from analytics_events
    where source = 'service' and user_id is not null
      and name in ('signup', 'onboarding_completed', 'first_api_key', 'first_request', 'first_successful_request', 'first_payment', 'first_report')
    group by user_id) e on e.user_id = u.id;
end $$;

-- A new milestone only ever moves its column earlier (the unique index keeps one per user anyway):
-- one upsert, no read of the events. Updates and deletes are rare (tests, repairs): the user's row
-- is computed again.
create function user_milestones_event_inserted() returns trigger language plpgsql as $$
begin
  insert into user_milestones as m (user_id, signup, onboarding_completed, first_api_key, first_request, first_successful_request, first_payment, first_report)
  values (new.user_id,
    case when new.name = 'signup' then new.occurred_at end, case when new.name = 'onboarding_completed' then new.occurred_at end,
    case when new.name = 'first_api_key' then new.occurred_at end, case when new.name = 'first_request' then new.occurred_at end,
    case when new.name = 'first_successful_request' then new.occurred_at end, case when new.name = 'first_payment' then new.occurred_at end,
    case when new.name = 'first_report' then new.occurred_at end)
  on conflict (user_id) do update set
    signup = least(m.signup, excluded.signup), onboarding_completed = least(m.onboarding_completed, excluded.onboarding_completed),
    first_api_key = least(m.first_api_key, excluded.first_api_key), first_request = least(m.first_request, excluded.first_request),
    first_successful_request = least(m.first_successful_request, excluded.first_successful_request),
    first_payment = least(m.first_payment, excluded.first_payment), first_report = least(m.first_report, excluded.first_report);
  return null;
end $$;
create trigger user_milestones_event_inserted after insert on analytics_events for each row
  when (new.source = 'service' and new.user_id is not null
        and new.name in ('signup', 'onboarding_completed', 'first_api_key', 'first_request', 'first_successful_request', 'first_payment', 'first_report'))
  execute function user_milestones_event_inserted();

create function user_milestones_event_changed() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then perform user_milestones_refresh(old.user_id); end if;
  if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then perform user_milestones_refresh(new.user_id); end if;
  return null;
end $$;
create trigger user_milestones_event_changed after update or delete on analytics_events for each row
  when (old.source = 'service') execute function user_milestones_event_changed();
-- An update that makes a dashboard event a service one.
create trigger user_milestones_event_became_service after update on analytics_events for each row
  when (old.source <> 'service' and new.source = 'service') execute function user_milestones_event_changed();

create function user_milestones_user_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and new.id <> old.id) then perform user_milestones_refresh(old.id); end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into user_milestones as m (user_id, joined_at) values (new.id, new.created_at)
    on conflict (user_id) do update set joined_at = excluded.joined_at;
  end if;
  return null;
end $$;
create trigger user_milestones_user_changed after insert or delete or update of id, created_at on users
  for each row execute function user_milestones_user_changed();


-- Vedic chat: per UTC day and user (null for an event without one), the sessions started and the
-- messages sent. A day's users are its rows; a range's users are its distinct user ids.
create table vedic_chat_user_days (
  day date not null,
  user_id text,
  sessions bigint not null,
  messages bigint not null,
  constraint vedic_chat_user_days_key unique nulls not distinct (day, user_id)
);

create function vedic_chat_add(d date, uid text, ds bigint, dm bigint) returns void language plpgsql as $$
begin
  insert into vedic_chat_user_days as v (day, user_id, sessions, messages) values (d, uid, ds, dm)
  on conflict (day, user_id) do update set sessions = v.sessions + excluded.sessions, messages = v.messages + excluded.messages;
  if ds < 0 or dm < 0 then
    delete from vedic_chat_user_days where day = d and user_id is not distinct from uid and sessions = 0 and messages = 0;
  end if;
end $$;

create function vedic_chat_event_changed() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.name in ('vedic_chat.session_started', 'vedic_chat.message_sent') then
    perform vedic_chat_add((old.occurred_at at time zone 'UTC')::date, old.user_id,
      -(old.name = 'vedic_chat.session_started')::int, -(old.name = 'vedic_chat.message_sent')::int);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.name in ('vedic_chat.session_started', 'vedic_chat.message_sent') then
    perform vedic_chat_add((new.occurred_at at time zone 'UTC')::date, new.user_id,
      (new.name = 'vedic_chat.session_started')::int, (new.name = 'vedic_chat.message_sent')::int);
  end if;
  return null;
end $$;
create trigger vedic_chat_event_inserted after insert on analytics_events for each row
  when (new.name in ('vedic_chat.session_started', 'vedic_chat.message_sent')) execute function vedic_chat_event_changed();
create trigger vedic_chat_event_changed after update or delete on analytics_events for each row
  when (old.name in ('vedic_chat.session_started', 'vedic_chat.message_sent')) execute function vedic_chat_event_changed();
create trigger vedic_chat_event_renamed after update on analytics_events for each row
  when (old.name not in ('vedic_chat.session_started', 'vedic_chat.message_sent') and new.name in ('vedic_chat.session_started', 'vedic_chat.message_sent'))
  execute function vedic_chat_event_changed();

create function vedic_chat_rebuild() returns void language plpgsql as $$
begin
  delete from vedic_chat_user_days;
  insert into vedic_chat_user_days (day, user_id, sessions, messages)
  select (occurred_at at time zone 'UTC')::date, user_id,
    count(*) filter (where name = 'vedic_chat.session_started'), count(*) filter (where name = 'vedic_chat.message_sent')
  from analytics_events where name in ('vedic_chat.session_started', 'vedic_chat.message_sent') group by 1, 2;
end $$;

-- Revenue per UTC day, currency (lower case) and plan, the sums the revenue analytics read:
-- succeeded payments by the day paid, under coalesce(product_code, kind); succeeded refunds by the
-- day made, under their payment's plan ('unknown' while the payment is not mirrored); lost
-- disputes by the day opened, under no plan (null). The counts say which rows exist: a row whose
-- counts are all zero is deleted. A refund mirrored before its payment is moved to the payment's
-- plan when the payment arrives.
create table revenue_daily (
  day date not null,
  currency text not null,
  plan text,
  gross_cents bigint not null default 0,
  payments bigint not null default 0,
  refunds_cents bigint not null default 0,
  refunds bigint not null default 0,
  disputes_cents bigint not null default 0,
  disputes bigint not null default 0,
  constraint revenue_daily_key unique nulls not distinct (day, currency, plan)
);

-- Refunds of a payment are looked up when the payment comes or changes.
create index billing_refunds_payment_idx on billing_refunds (payment_id);

create function revenue_daily_add(d date, cur text, p text, gross bigint, n_payments bigint, refunded bigint, n_refunds bigint, disputed bigint, n_disputes bigint)
returns void language plpgsql as $$
begin
  insert into revenue_daily as r (day, currency, plan, gross_cents, payments, refunds_cents, refunds, disputes_cents, disputes)
  values (d, cur, p, gross, n_payments, refunded, n_refunds, disputed, n_disputes)
  on conflict (day, currency, plan) do update set
    gross_cents = r.gross_cents + excluded.gross_cents, payments = r.payments + excluded.payments,
    refunds_cents = r.refunds_cents + excluded.refunds_cents, refunds = r.refunds + excluded.refunds,
    disputes_cents = r.disputes_cents + excluded.disputes_cents, disputes = r.disputes + excluded.disputes;
  if n_payments < 0 or n_refunds < 0 or n_disputes < 0 then
    delete from revenue_daily where day = d and currency = cur and plan is not distinct from p and payments = 0 and refunds = 0 and disputes = 0;
  end if;
end $$;

-- The plan a refund of this payment counts under.
create function revenue_refund_plan(pid text) returns text language sql stable as $$
  select coalesce((select coalesce(product_code, kind) from billing_payments where payment_id = pid), 'unknown')
$$;

-- Moves the succeeded refunds of payment `pid` from plan `from_plan` to plan `to_plan`.
create function revenue_move_refunds(pid text, from_plan text, to_plan text) returns void language plpgsql as $$
declare r record;
begin
  if pid is null or from_plan is not distinct from to_plan then return; end if;
  for r in select (created_at at time zone 'UTC')::date as day, lower(currency) as currency, sum(amount_cents)::int8 as cents, count(*)::int8 as n
           from billing_refunds where payment_id = pid and status = 'succeeded' group by 1, 2 loop
    perform revenue_daily_add(r.day, r.currency, from_plan, 0, 0, -r.cents, -r.n, 0, 0);
    perform revenue_daily_add(r.day, r.currency, to_plan, 0, 0, r.cents, r.n, 0, 0);
  end loop;
end $$;

create function revenue_payment_changed() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'succeeded' and old.paid_at is not null then
    perform revenue_daily_add((old.paid_at at time zone 'UTC')::date, lower(old.currency), coalesce(old.product_code, old.kind), -old.amount_cents, -1, 0, 0, 0, 0);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'succeeded' and new.paid_at is not null then
    perform revenue_daily_add((new.paid_at at time zone 'UTC')::date, lower(new.currency), coalesce(new.product_code, new.kind), new.amount_cents, 1, 0, 0, 0, 0);
  end if;
  if tg_op = 'INSERT' then
    perform revenue_move_refunds(new.payment_id, 'unknown', coalesce(new.product_code, new.kind));
  elsif tg_op = 'DELETE' then
    perform revenue_move_refunds(old.payment_id, coalesce(old.product_code, old.kind), 'unknown');
  elsif new.payment_id = old.payment_id then
    perform revenue_move_refunds(new.payment_id, coalesce(old.product_code, old.kind), coalesce(new.product_code, new.kind));
  else
    perform revenue_move_refunds(old.payment_id, coalesce(old.product_code, old.kind), 'unknown');
    perform revenue_move_refunds(new.payment_id, 'unknown', coalesce(new.product_code, new.kind));
  end if;
  return null;
end $$;
create trigger revenue_payment_changed after insert or update or delete on billing_payments for each row execute function revenue_payment_changed();

create function revenue_refund_changed() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'succeeded' then
    perform revenue_daily_add((old.created_at at time zone 'UTC')::date, lower(old.currency), revenue_refund_plan(old.payment_id), 0, 0, -old.amount_cents, -1, 0, 0);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'succeeded' then
    perform revenue_daily_add((new.created_at at time zone 'UTC')::date, lower(new.currency), revenue_refund_plan(new.payment_id), 0, 0, new.amount_cents, 1, 0, 0);
  end if;
  return null;
end $$;
create trigger revenue_refund_changed after insert or update or delete on billing_refunds for each row execute function revenue_refund_changed();

create function revenue_dispute_changed() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'lost' then
    perform revenue_daily_add((old.created_at at time zone 'UTC')::date, lower(old.currency), null, 0, 0, 0, 0, -old.amount_cents, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'lost' then
    perform revenue_daily_add((new.created_at at time zone 'UTC')::date, lower(new.currency), null, 0, 0, 0, 0, new.amount_cents, 1);
  end if;
  return null;
end $$;
create trigger revenue_dispute_changed after insert or update or delete on billing_disputes for each row execute function revenue_dispute_changed();

create function revenue_daily_rebuild() returns void language plpgsql as $$
begin
  delete from revenue_daily;
  insert into revenue_daily (day, currency, plan, gross_cents, payments, refunds_cents, refunds, disputes_cents, disputes)
  select day, currency, plan, sum(gross), sum(payments), sum(refunded), sum(refunds), sum(disputed), sum(disputes) from (
    select (paid_at at time zone 'UTC')::date as day, lower(currency) as currency, coalesce(product_code, kind) as plan,
           amount_cents as gross, 1 as payments, 0 as refunded, 0 as refunds, 0 as disputed, 0 as disputes
    from billing_payments where status = 'succeeded' and paid_at is not null
    union all
    select (r.created_at at time zone 'UTC')::date, lower(r.currency), coalesce(p.product_code, p.kind, 'unknown'), 0, 0, r.amount_cents, 1, 0, 0
    from billing_refunds r left join billing_payments p on p.payment_id = r.payment_id where r.status = 'succeeded'
    union all
    select (created_at at time zone 'UTC')::date, lower(currency), null, 0, 0, 0, 0, amount_cents, 1
    from billing_disputes where status = 'lost'
  ) x group by 1, 2, 3;
end $$;

-- A TRUNCATE fires no row trigger: the tables built from the truncated one are built again.
create function admin_precomputed_truncated() returns trigger language plpgsql as $$
begin
  if tg_table_name in ('users', 'analytics_events') then perform user_milestones_rebuild(); end if;
  if tg_table_name = 'analytics_events' then perform vedic_chat_rebuild(); end if;
  if tg_table_name in ('billing_payments', 'billing_refunds', 'billing_disputes') then perform revenue_daily_rebuild(); end if;
  return null;
end $$;
create trigger admin_precomputed_truncated after truncate on users for each statement execute function admin_precomputed_truncated();
create trigger admin_precomputed_truncated after truncate on analytics_events for each statement execute function admin_precomputed_truncated();
create trigger admin_precomputed_truncated after truncate on billing_payments for each statement execute function admin_precomputed_truncated();
create trigger admin_precomputed_truncated after truncate on billing_refunds for each statement execute function admin_precomputed_truncated();
create trigger admin_precomputed_truncated after truncate on billing_disputes for each statement execute function admin_precomputed_truncated();

-- What exists already.
select user_milestones_rebuild();
select vedic_chat_rebuild();
select revenue_daily_rebuild();

-- Statistics for the planner now rather than at autovacuum's next pass.
analyze user_milestones;
analyze vedic_chat_user_days;
analyze revenue_daily;
