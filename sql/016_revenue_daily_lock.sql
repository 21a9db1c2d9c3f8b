-- Changes to revenue_daily take one transaction-scoped lock first. A payment mirrored after its
-- refunds adds to its own day's row and then moves the refunds on other days to its plan: two
-- payments whose refunds lie on each other's day took the same two rows in opposite orders and
-- one of them died in a deadlock (its webhook answered 500 until Stripe's retry). Billing writes
-- are few and each transaction of the mirror writes one billing row, last: queueing them behind
-- one lock costs nothing measurable and leaves no order to get wrong.
create or replace function revenue_daily_add(d date, cur text, p text, gross bigint, n_payments bigint, refunded bigint, n_refunds bigint, disputed bigint, n_disputes bigint)
returns void language plpgsql as $$
begin
  -- 727_016: this file's number; 727_001 guards migrations and 727_013 maintenance.
  perform pg_advisory_xact_lock(727016);
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
