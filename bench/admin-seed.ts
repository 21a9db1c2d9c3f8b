/**
 * A production-sized database for the admin benchmark, written directly in SQL (set-based
 * inserts from generate_series, no request goes through the API): 100,000 users who joined over
 * two years (more of them recently), their keys and subscriptions, 10 million API requests of the
 * last 400 days where the statistics read them (usage_rollups, usage_daily_totals, user_activity,
 * the milestone events), the Stripe mirror in three currencies, dashboard events, and raw
 * usage-log segments for a few busy users.
 *
 * The invariants the admin queries rely on hold: usage_daily_totals is usage_rollups summed over
 * users and keys; a user's user_activity.request_count is the sum of their rollups, its
 * first_request_at lies on the day of their first rollup and first_success_at on the day of their
 * first 2xx rollup; the first_request / first_successful_request / first_payment milestones carry
 * those times; signup and first_api_key come from the migration's own triggers; MRR movements add
 * up to each subscription's current MRR.
 */
import { withClient } from '../test/helpers/database.ts';

export const SEED_USERS = 100_000;
export const SEED_REQUESTS = 10_000_000;
export const HISTORY_DAYS = 400;

/** Route templates of the service, with a typical duration in ms, most used first. */
const ROUTES: [string, number][] = [
  ['/api/v1/natal/calculate', 14],
  ['/api/v1/transits/calculate', 18],
  ['/api/v1/natal/chart/', 60],
  ['/api/v1/sky-events', 25],
  ['/api/v1/ephemeris/calculate', 9],
  ['/api/v1/moon/phase', 4],
  ['/api/v1/natal/chart/synastry', 90],
  ['/api/v1/moon/month', 12],
  ['/api/v1/natal/chart/composite', 85],
  ['/api/v1/ephemeris', 300],
  ['/api/v1/numerology/methods', 2],
  ['/api/v1/natal/experimental', 20],
];
const routeArray = `array[${ROUTES.map(([r]) => `'${r}'`).join(', ')}]`;
const durationArray = `array[${ROUTES.map(([, ms]) => ms).join(', ')}]::float8[]`;
/** A route index skewed to the first ones (1-based). */
const skewedRoute = (r: string) => `(1 + floor(power(${r}, 2.2) * ${ROUTES.length}))::int`;

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Emmy',
  'Carl',
  'Marie',
  'Niels',
  'Rosalind',
  'Hedy',
  'Katherine',
  'Dorothy',
  'Johannes',
  'Tycho',
  'Hypatia',
  'Caroline',
  'William',
  'Vera',
  'Edwin',
  'Henrietta',
  'Cecilia',
  'Jocelyn',
  'Subrahmanyan',
  'Mae',
  'Yuri',
  'Valentina',
  'Galileo',
  'Nicolaus',
  'Maria',
  'Annie',
  'Williamina',
  'Fatima',
  'Aryabhata',
  'Omar',
  'Ulugh',
  'Su',
  'Zhang',
  'Anna',
  'Liam',
  'Sofia',
  'Mateo',
];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Noether',
  'Gauss',
  'Curie',
  'Bohr',
  'Franklin',
  'Lamarr',
  'Johnson',
  'Vaughan',
  'Kepler',
  'Brahe',
  'Herschel',
  'Rubin',
  'Hubble',
  'Leavitt',
  'Payne',
  'Bell',
  'Chandrasekhar',
  'Jemison',
  'Gagarin',
  'Tereshkova',
  'Galilei',
  'Copernicus',
  'Mitchell',
  'Cannon',
  'Fleming',
  'Smith',
  'Khayyam',
  'Beg',
  'Song',
  'Heng',
  'Martin',
  'Garcia',
  'Müller',
  'Rossi',
  'Nowak',
];
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'proton.me', 'icloud.com', 'gmx.de', 'starlore.io', 'horoscope-hub.com', 'astroapps.dev', 'web.de'];
const textArray = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(', ')}]`;
const pick = (array: string, length: number, r: string) => `(${array})[1 + floor(${r} * ${length})::int]`;

/** Monthly price in each currency's smallest unit, per paid plan. */
const PRICE = `(case b.plan_code when 'entry' then (case b.currency when 'usd' then 800 when 'eur' then 750 else 650 end)
                                 else (case b.currency when 'usd' then 4000 when 'eur' then 3700 else 3200 end) end)`;

/** The steps, in order: each a label and one or more statements (run on one connection, so temporary tables persist). */
export const SEED_STEPS: [string, string][] = [
  [
    'users',
    `
    select setseed(0.19);
    -- Per-user attributes drawn once, from which every table below is derived.
    create temporary table bench_users as
    select i, 'idp|' || substr(md5('bench-user-' || i), 1, 24) as id, created_at,
           ${pick(textArray(FIRST_NAMES), FIRST_NAMES.length, 'r1')} as first_name, ${pick(textArray(LAST_NAMES), LAST_NAMES.length, 'r2')} as last_name,
           ${pick(textArray(DOMAINS), DOMAINS.length, 'r3')} as domain, r4 < 0.9 as named, r5 < 0.8 as verified,
           case when r6 < 0.82 then 'free' when r6 < 0.94 then 'entry' else 'high' end as plan_code,
           r7 as status_draw, case when r8 < 0.7 then 'usd' when r8 < 0.92 then 'eur' else 'gbp' end as currency,
           -- keys: 0 (a quarter of the free users), 1, or 2; activity: four out of five key holders
           case when r6 < 0.82 and r9 < 0.25 then 0 when r10 < 0.85 then 1 else 2 end as keys,
           r11 < 0.8 as active, r12 < 0.6 as onboarded,
           -- log-uniform intensity: a few users make most of the requests
           exp(r13 * 7) as intensity, r14 as span_draw, r15 as density_draw, ${skewedRoute('r16')} as favourite_route
    from (
      select i, now() - interval '730 days' * (1 - sqrt(random())) as created_at,
             random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7, random() r8,
             random() r9, random() r10, random() r11, random() r12, random() r13, random() r14, random() r15, random() r16
      from generate_series(1, ${SEED_USERS}) i
    ) draws;
    create unique index on bench_users (i);
    insert into users (id, email, full_name, created_at, updated_at, email_verified_at, onboarding_completed_at)
    select id, lower(first_name) || '.' || lower(last_name) || i || '@' || domain,
           case when named then first_name || ' ' || last_name end, created_at, created_at,
           case when verified then created_at + interval '10 minutes' * random() end,
           case when onboarded then created_at + interval '2 hours' * random() end
    from bench_users order by created_at;
    insert into analytics_events (name, user_id, source, occurred_at)
    select 'onboarding_completed', id, 'service', u.onboarding_completed_at from users u where u.onboarding_completed_at is not null
    on conflict do nothing;
    -- Subscription statuses: free users are active (3 % have no row at all); paid ones vary.
    insert into subscriptions (user_id, plan_code, status, current_period_start, current_period_end, created_at, updated_at)
    select id, plan_code,
           case when plan_code = 'free' then 'active' when status_draw < 0.80 then 'active' when status_draw < 0.85 then 'trialing'
                when status_draw < 0.90 then 'past_due' else 'canceled' end,
           date_trunc('month', now()), date_trunc('month', now()) + interval '1 month', created_at, created_at
    from bench_users where not (plan_code = 'free' and status_draw > 0.97);
  `,
  ],
  [
    'api keys',
    `
    insert into api_keys (user_id, name, prefix, key_hash, created_at, last_used_at)
    select b.id, case when k.n = 1 then 'default' else 'key ' || k.n end, 'ak_' || substr(md5(b.id || k.n), 1, 8),
           encode(sha256(convert_to(b.id || ' key ' || k.n, 'UTF8')), 'hex'),
           least(now() - interval '1 minute', b.created_at + interval '3 days' * power(random(), 4) + (k.n - 1) * interval '20 days'), null
    from bench_users b cross join lateral generate_series(1, b.keys) k(n)
    order by 5;
    create temporary table bench_keys as
    select u.id as user_id, u.i, (array_agg(k.id order by k.created_at))[1] as first_key, (array_agg(k.id order by k.created_at desc))[1] as last_key,
           min(k.created_at) as first_key_at
    from bench_users u join api_keys k on k.user_id = u.id group by u.id, u.i;
  `,
  ],
  [
    'usage rollups (10 million requests)',
    `
    -- The active users' days: from their first day (after their first key, within the history)
    -- to their last (a third try the API for a few days, a quarter for some months, the others are
    -- still here), on a share of the days in between.
    create temporary table bench_days as
    with spans as (
      select b.id as user_id, k.first_key, k.last_key, k.first_key_at, b.intensity, b.favourite_route,
             greatest(k.first_key_at, now() - interval '${HISTORY_DAYS - 1} days' + interval '60 days' * random())::date as start_day,
             b.span_draw, b.density_draw, b.plan_code
      from bench_users b join bench_keys k on k.user_id = b.id where b.active),
    bounded as (
      select *, least((now() at time zone 'UTC')::date,
               start_day + case when plan_code <> 'free' or span_draw >= 0.6 then 100000
                                when span_draw < 0.35 then floor(random() * 7)::int else floor(random() * 180)::int end) as end_day
      from spans)
    select distinct on (user_id, day) * from (
      select user_id, first_key, last_key, first_key_at, intensity, favourite_route, start_day, day
      from bounded
      cross join lateral (select start_day + floor(random() * (end_day - start_day + 1))::int as day
                          from generate_series(1, 1 + ceil((end_day - start_day) * (0.03 + 0.45 * density_draw))::int)) d
      union all select user_id, first_key, last_key, first_key_at, intensity, favourite_route, start_day, start_day from bounded
    ) x order by user_id, day;
    -- Each active day: the favourite route (2xx), sometimes another route on the second key,
    -- some client errors, rarely a server error; the first day of 8 % of the users only failed.
    create temporary table bench_groups as
    select day, user_id, key_id, route, status_class, weight, duration_ms from (
      select d.day, d.user_id, d.first_key as key_id, d.favourite_route as route,
             (case when d.day = d.start_day and abs(hashtext(d.user_id)) % 100 < 8 then 4 else 2 end)::smallint as status_class,
             d.intensity * (0.3 + random()) as weight, d.start_day, random() as r
      from bench_days d
      union all
      select d.day, d.user_id, d.last_key, ${skewedRoute('random()')}, 2::smallint, d.intensity * 0.3 * random(), d.start_day, random()
      from bench_days d where random() < 0.4
      union all
      select d.day, d.user_id, d.first_key, d.favourite_route, 4::smallint, d.intensity * 0.08 * random(), d.start_day, random()
      from bench_days d where random() < 0.25
      union all
      select d.day, d.user_id, d.first_key, ${skewedRoute('random()')}, 5::smallint, d.intensity * 0.02 * random(), d.start_day, random()
      from bench_days d where random() < 0.01
    ) g cross join lateral (select (${durationArray})[g.route] * (0.7 + 0.6 * g.r) as duration_ms) t;
    -- Scaled to ${SEED_REQUESTS} requests in all, at least one per group; the remainder goes to the largest group.
    create temporary table bench_rollups as
    with total as (select sum(weight) as w, count(*) as n from bench_groups)
    select day, user_id, key_id, (${routeArray})[route] as route, status_class,
           greatest(1, floor(weight * (${SEED_REQUESTS} - n) / w))::int8 as requests, duration_ms
    from bench_groups, total;
    with biggest as (select ctid from bench_rollups order by requests desc limit 1)
    update bench_rollups r set requests = r.requests + (${SEED_REQUESTS} - (select sum(requests) from bench_rollups)) from biggest where r.ctid = biggest.ctid;
    insert into usage_rollups (day, user_id, api_key_id, route, status_class, requests, duration_ms_total)
    select day, user_id, key_id, route, status_class, sum(requests), sum(requests * duration_ms)
    from bench_rollups group by 1, 2, 3, 4, 5 order by 1, 2;
    insert into usage_daily_totals (day, route, status_class, requests)
    select day, route, status_class, sum(requests) from usage_rollups group by 1, 2, 3;
  `,
  ],
  [
    'user activity and milestones',
    `
    -- Times within the first, first successful and last day: after the first key, never in the future.
    insert into user_activity (user_id, request_count, first_request_at, last_active_at, first_success_at)
    select s.user_id, s.requests, f.first_at,
           greatest(f.first_at, (s.last_day::timestamp at time zone 'UTC') + least(interval '1 day', now() - (s.last_day::timestamp at time zone 'UTC')) * random()),
           case when s.first_success_day = s.first_day then f.first_at
                else (s.first_success_day::timestamp at time zone 'UTC') + least(interval '1 day', now() - (s.first_success_day::timestamp at time zone 'UTC')) * random() end
    from (
      select r.user_id, sum(r.requests) as requests, min(r.day) as first_day, max(r.day) as last_day,
             min(r.day) filter (where r.status_class = 2) as first_success_day, k.first_key_at
      from usage_rollups r join bench_keys k on k.user_id = r.user_id group by r.user_id, k.first_key_at
    ) s
    cross join lateral (
      select greatest(s.first_day::timestamp at time zone 'UTC', s.first_key_at)
             + (least((s.first_day + 1)::timestamp at time zone 'UTC', now()) - greatest(s.first_day::timestamp at time zone 'UTC', s.first_key_at)) * random() as first_at) f;
    insert into analytics_events (name, user_id, source, occurred_at)
    select 'first_request', user_id, 'service', first_request_at from user_activity
    union all
    select 'first_successful_request', user_id, 'service', first_success_at from user_activity where first_success_at is not null
    on conflict do nothing;
  `,
  ],
  [
    'Stripe mirror',
    `
    -- Customers: every paid user, and 3 % of the free ones (they paid once and left).
    create temporary table bench_billing as
    select b.i, b.id as user_id, b.plan_code, b.currency, s.status, b.created_at,
           'cus_' || substr(md5('c' || b.id), 1, 14) as customer_id, 'sub_' || substr(md5('s' || b.id), 1, 14) as subscription_id,
           b.created_at + (now() - b.created_at) * 0.5 * power(random(), 2) as started_at,
           random() < 0.1 as yearly, random() as change_draw, random() as end_draw
    from bench_users b join subscriptions s on s.user_id = b.id
    where b.plan_code <> 'free' or b.status_draw < 0.03;
    -- Free users with a customer had a paid plan that ended; 8 % of the paid ones changed plan on the way.
    create temporary table bench_subs as
    select b.*, case when b.plan_code = 'free' then (case when b.change_draw < 0.7 then 'entry' else 'high' end) else b.plan_code end as paid_plan,
           case when b.plan_code = 'free' or b.status = 'canceled' then b.started_at + (now() - b.started_at) * (0.2 + 0.7 * b.end_draw) end as ended_at,
           case when b.plan_code <> 'free' and b.change_draw < 0.08 then b.started_at + (now() - b.started_at) * 0.5 end as changed_at
    from bench_billing b;
    alter table bench_subs add column unit_cents int8, add column previous_unit_cents int8;
    update bench_subs b set unit_cents = ${PRICE.replaceAll('b.plan_code', 'b.paid_plan')} * (case when yearly then 10 else 1 end),
           previous_unit_cents = case when changed_at is not null then ${PRICE.replaceAll('b.plan_code', "(case b.paid_plan when 'entry' then 'high' else 'entry' end)")} * (case when yearly then 10 else 1 end) end;
    insert into billing_customers (customer_id, user_id, email, created_at)
    select b.customer_id, b.user_id, u.email, b.started_at from bench_subs b join users u on u.id = b.user_id;
    insert into billing_subscriptions (subscription_id, customer_id, user_id, status, plan_code, price_id, currency, unit_amount_cents, billing_interval,
                                       interval_count, mrr_cents, current_period_start, current_period_end, canceled_at, ended_at, trial_start, trial_end,
                                       past_due_since, card_brand, card_last4, started_at, created_at, read_at)
    select subscription_id, customer_id, user_id, case when ended_at is not null then 'canceled' else status end, paid_plan,
           'price_' || paid_plan || '_' || currency || case when yearly then '_year' else '' end, currency, unit_cents,
           case when yearly then 'year' else 'month' end, 1,
           case when ended_at is null and status in ('active', 'past_due') then unit_cents / (case when yearly then 12 else 1 end) else 0 end,
           date_trunc('month', now()), date_trunc('month', now()) + interval '1 month', ended_at, ended_at,
           case when status = 'trialing' then started_at end, case when status = 'trialing' then started_at + interval '14 days' end,
           case when status = 'past_due' then now() - interval '3 days' end, (array['visa', 'mastercard', 'amex'])[1 + i % 3], lpad((i % 10000)::text, 4, '0'),
           started_at, started_at, now()
    from bench_subs;
    -- MRR movements: new at the start, the plan change, churn at the end.
    insert into billing_mrr_changes (subscription_id, user_id, currency, previous_mrr_cents, mrr_cents, kind, plan_code, occurred_at)
    select subscription_id, user_id, currency, 0, coalesce(previous_unit_cents, unit_cents) / (case when yearly then 12 else 1 end), 'new', paid_plan, started_at
    from bench_subs where status <> 'trialing'
    union all
    select subscription_id, user_id, currency, previous_unit_cents / (case when yearly then 12 else 1 end), unit_cents / (case when yearly then 12 else 1 end),
           case when unit_cents > previous_unit_cents then 'expansion' else 'contraction' end, paid_plan, changed_at
    from bench_subs where changed_at is not null and status <> 'trialing'
    union all
    select subscription_id, user_id, currency, unit_cents / (case when yearly then 12 else 1 end), 0, 'churn', paid_plan, ended_at
    from bench_subs where ended_at is not null and status <> 'trialing';
    -- One invoice per period from the start to the end (or now), paid except a past-due subscription's last one.
    create temporary table bench_invoices as
    select *, n = max(n) over (partition by subscription_id) as last from (
    select p.n, b.user_id, b.customer_id, b.subscription_id, b.currency, b.paid_plan, b.status, b.ended_at,
           'in_' || substr(md5(b.subscription_id || p.n), 1, 16) as invoice_id, 'pi_' || substr(md5('p' || b.subscription_id || p.n), 1, 16) as payment_id,
           b.started_at + (case when b.yearly then interval '1 year' else interval '1 month' end) * p.n as period_start,
           b.started_at + (case when b.yearly then interval '1 year' else interval '1 month' end) * (p.n + 1) as period_end,
           case when b.changed_at is not null and b.started_at + (case when b.yearly then interval '1 year' else interval '1 month' end) * p.n < b.changed_at
                then b.previous_unit_cents else b.unit_cents end as amount
    from bench_subs b
    cross join lateral generate_series(0, floor(extract(epoch from (coalesce(b.ended_at, now()) - b.started_at))
                                                / extract(epoch from case when b.yearly then interval '365 days' else interval '30.44 days' end))::int) p(n)
    where b.status <> 'trialing' and b.started_at + (case when b.yearly then interval '1 year' else interval '1 month' end) * p.n <= coalesce(b.ended_at, now())) x;
    insert into billing_invoices (invoice_id, customer_id, user_id, subscription_id, status, billing_reason, currency, amount_due_cents, amount_paid_cents,
                                  total_cents, attempt_count, plan_code, price_id, period_start, period_end, number, created_at, paid_at, read_at)
    select invoice_id, customer_id, user_id, subscription_id, case when unpaid then 'open' else 'paid' end,
           case when n = 0 then 'subscription_create' else 'subscription_cycle' end,
           currency, amount, case when unpaid then 0 else amount end, amount, case when unpaid then 3 else 1 end, paid_plan, 'price_' || paid_plan || '_' || currency,
           period_start, period_end, upper(substr(invoice_id, 4, 8)), period_start,
           case when not unpaid then period_start + interval '2 minutes' end, now()
    from (select *, last and status = 'past_due' as unpaid from bench_invoices) i;
    insert into billing_payments (payment_id, user_id, customer_id, invoice_id, kind, product_code, amount_cents, currency, status, paid_at, created_at)
    select payment_id, user_id, customer_id, invoice_id, 'subscription', paid_plan, amount, currency,
           case when last and status = 'past_due' then 'requires_payment_method' else 'succeeded' end,
           case when not (last and status = 'past_due') then period_start + interval '2 minutes' end, period_start
    from bench_invoices;
    -- Report credit packs bought by a fifth of the customers, once or a few times.
    insert into billing_payments (payment_id, user_id, customer_id, checkout_session_id, kind, product_code, amount_cents, currency, status, paid_at, created_at)
    select 'pi_' || substr(md5('pack' || b.user_id || n), 1, 16), b.user_id, b.customer_id, 'cs_' || substr(md5('cs' || b.user_id || n), 1, 16), 'credit_pack',
           pack, case when pack = 'reports_5' then 1500 else 5000 end, b.currency, 'succeeded', at, at
    from (
      select b.user_id, b.customer_id, b.currency, n, case when random() < 0.7 then 'reports_5' else 'reports_20' end as pack,
             b.started_at + (coalesce(b.ended_at, now()) - b.started_at) * random() as at
      from bench_subs b cross join lateral generate_series(1, 1 + floor(b.end_draw * 3)::int) n
      where b.change_draw > 0.8
    ) b;
    -- Refunds of 2 % of the payments (a third of them partial), and a few lost disputes.
    insert into billing_refunds (refund_id, payment_id, charge_id, user_id, amount_cents, currency, status, reason, created_at, read_at)
    select 're_' || substr(md5('r' || payment_id), 1, 16), payment_id, 'ch_' || substr(md5(payment_id), 1, 16), user_id,
           case when random() < 0.33 then amount_cents / 2 else amount_cents end, currency, 'succeeded', 'requested_by_customer',
           least(now(), paid_at + interval '14 days' * random()), now()
    from billing_payments where status = 'succeeded' and random() < 0.02;
    insert into billing_disputes (dispute_id, payment_id, charge_id, user_id, amount_cents, currency, status, reason, created_at, read_at)
    select 'dp_' || substr(md5('d' || payment_id), 1, 16), payment_id, 'ch_' || substr(md5(payment_id), 1, 16), user_id, amount_cents, currency,
           case when random() < 0.6 then 'lost' else 'won' end, 'fraudulent', least(now(), paid_at + interval '30 days' * random()), now()
    from billing_payments where status = 'succeeded' and random() < 0.002;
    insert into analytics_events (name, user_id, source, occurred_at)
    select 'first_payment', user_id, 'service', min(paid_at) from billing_payments where status = 'succeeded' group by user_id
    union all
    select 'first_report', user_id, 'service', min(paid_at) + interval '1 hour' from billing_payments where kind = 'credit_pack' group by user_id
    on conflict do nothing;
  `,
  ],
  [
    'dashboard events',
    `
    -- A million dashboard events over the history, most from active users, some Vedic chat.
    insert into analytics_events (name, user_id, source, properties, occurred_at)
    select (array['dashboard.viewed', 'dashboard.viewed', 'dashboard.viewed', 'docs.viewed', 'docs.viewed', 'pricing.viewed', 'playground.request_sent',
                  'api_key.copied', 'checkout.started', 'vedic_chat.session_started', 'vedic_chat.message_sent', 'vedic_chat.message_sent'])[1 + floor(random() * 12)::int],
           u.id, 'dashboard', '{}', t.at
    from (select n, 1 + floor(power(random(), 1.5) * ${SEED_USERS})::int as i from generate_series(1, 1000000) n) pick
    join bench_users u on u.i = pick.i
    cross join lateral (select greatest(u.created_at, now() - interval '${HISTORY_DAYS} days') + (now() - greatest(u.created_at, now() - interval '${HISTORY_DAYS} days')) * random() as at) t
    order by t.at;
  `,
  ],
  [
    'raw usage-log segments',
    `
    -- The 20 busiest users' last two days as the API processes write them: one segment per key and
    -- batch (here 50 segments of 200 requests each), in time order.
    insert into usage_log_segments (user_id, api_key_id, first_at, last_at, requests, entries)
    select user_id, key_id, min(at), max(at), count(*),
           json_agg(json_build_array('POST', route, status, duration, false, extract(epoch from at) * 1000) order by at)
    from (
      select a.user_id, k.first_key as key_id, s.n as segment, now() - interval '2 days' + interval '57 minutes' * s.n + interval '57 minutes' * random() as at,
             (${routeArray})[${skewedRoute('random()')}] as route, case when random() < 0.95 then 200 else 422 end as status, round((5 + 40 * random())::numeric, 3)::float8 as duration
      from (select user_id from user_activity order by request_count desc limit 20) a
      join bench_keys k using (user_id)
      cross join generate_series(1, 50) s(n) cross join generate_series(1, 200) e
    ) x group by user_id, key_id, segment order by min(at);
  `,
  ],
];

/** Plans, statistics and visibility maps as autovacuum would have left them. */
export const FINISH = 'vacuum analyze';

export interface SeedTiming {
  step: string;
  seconds: number;
}

/** Runs the seed on an empty, migrated database; the seconds of each step. */
export async function seedAdminData(databaseUrl: string, onStep: (t: SeedTiming) => void = () => {}): Promise<SeedTiming[]> {
  return withClient(databaseUrl, async (client) => {
    const timings: SeedTiming[] = [];
    // Bulk work: a larger sort memory, and no wait for the disk at each commit.
    await client.query(
      `set work_mem = '256MB'; set maintenance_work_mem = '512MB'; set synchronous_commit = off; set timezone = 'UTC'; set enable_memoize = off`,
    );
    for (const [step, text] of [...SEED_STEPS, ['vacuum analyze', FINISH] as [string, string]]) {
      const started = performance.now();
      await client.query(text);
      const timing = { step, seconds: (performance.now() - started) / 1000 };
      timings.push(timing);
      onStep(timing);
    }
    return timings;
  });
}
