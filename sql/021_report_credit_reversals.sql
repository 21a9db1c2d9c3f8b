-- Report credits taken back when the payment that bought them is refunded or disputed, and given
-- back when the refund fails or the dispute is won. A reversal row names the grant it reverses
-- (`checkout:<session>` of a pack, `invoice:<invoice>` of a plan period) and the credits it asked
-- for; its delta is what could still be taken (never below zero: what was spent stays spent).
-- Its reference is the refund's or the dispute's id, so two events about one refund withdraw once.
alter table report_credit_ledger drop constraint report_credit_ledger_reason_check;
alter table report_credit_ledger add constraint report_credit_ledger_reason_check
  check (reason in ('plan_grant', 'purchase', 'reservation', 'refund', 'admin_adjustment', 'reversal', 'reversal_restored'));
alter table report_credit_ledger add column reverses text;
alter table report_credit_ledger add column requested integer;
create index report_credit_ledger_reverses_idx on report_credit_ledger (reverses) where reverses is not null;
