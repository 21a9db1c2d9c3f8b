-- Changes to revenue_daily take one transaction-scoped lock first. A payment mirrored after its
-- refunds adds to its own day's row and then moves the refunds on other days to its plan: two
-- payments whose refunds lie on each other's day took the same two rows in opposite orders and
-- one of them died in a deadlock (its webhook answered 500 until Stripe's retry). Billing writes
-- are few and each transaction of the mirror writes one billing row, last: queueing them behind
-- one lock costs nothing measurable and leaves no order to get wrong.
--
-- The triggers call revenue_daily_add by name: the function of 015 keeps its body under a new
-- name, and revenue_daily_add becomes the lock followed by it.
alter function revenue_daily_add(date, text, text, bigint, bigint, bigint, bigint, bigint, bigint) rename to revenue_daily_add_unlocked;

create function revenue_daily_add(d date, cur text, p text, gross bigint, n_payments bigint, refunded bigint, n_refunds bigint, disputed bigint, n_disputes bigint)
returns void language plpgsql as $$
begin
  -- 727_016: this file's number; 727_001 guards migrations and 727_013 maintenance.
  perform pg_advisory_xact_lock(727016);
  perform revenue_daily_add_unlocked(d, cur, p, gross, n_payments, refunded, n_refunds, disputed, n_disputes);
end $$;
