-- Indexes the admin statistics need at production size (measured by `npm run bench` with
-- BENCH_ONLY=admin: 100,000 users, 10 million requests of history).

-- Funnels, matured signup cohorts and the Vedic chat figures read events by name over a time
-- range and need only the user, the name, the time and the source: with those in the index the
-- scan never visits the table, whose pages hold the dashboard's events in between the ones asked.
-- It replaces the (name, occurred_at) index of sql/013_admin.sql, whose queries it serves as well.
create index analytics_events_name_time_covering_idx on analytics_events (name, occurred_at) include (user_id, source);
drop index analytics_events_name_time_idx;

-- Revenue by day and by plan over a range reads the succeeded payments of that range: the same,
-- answered from the index alone.
create index billing_payments_succeeded_covering_idx on billing_payments (paid_at) include (currency, amount_cents, product_code, kind)
  where status = 'succeeded';

-- The users listing sorted by requests or by last activity reads user_activity in that order,
-- ties broken by user: (column, user) replaces the single-column indexes of sql/013_admin.sql.
create index user_activity_requests_user_idx on user_activity (request_count, user_id);
drop index user_activity_requests_idx;
create index user_activity_last_active_user_idx on user_activity (last_active_at, user_id);
drop index user_activity_last_active_idx;

-- The users listing sorted by plan reads the subscriptions in (plan, user) order the same way.
create index subscriptions_plan_user_idx on subscriptions (plan_code, user_id);
