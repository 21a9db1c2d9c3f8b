-- The milestones first_payment and first_report (sql/013_admin.sql names them) were never
-- recorded: the funnels and the matured cohorts counted no paying user. They are recorded here
-- as the others are, by triggers, whichever code path writes the rows: a payment that succeeded
-- (subscription, credit pack or request pack; from a webhook, a redirect or a resync) and a report
-- job that completed. A user's milestone is the earliest: a payment read late (events arrive in
-- any order) moves it back. Users gone (deleted accounts) get none. (The milestones of what
-- happened before are filled in by 020, apart: a migration runs in one transaction, and the
-- triggers' tables stay locked until it ends.)

create function analytics_milestone_at(uid text, milestone text, at timestamptz) returns void language plpgsql as $$
begin
  if uid is null or at is null or not exists (select 1 from users where id = uid) then return; end if;
  insert into analytics_events as e (name, user_id, source, occurred_at) values (milestone, uid, 'service', at)
  on conflict (user_id, name) where source = 'service'
  do update set occurred_at = excluded.occurred_at where e.occurred_at > excluded.occurred_at;
end $$;

create function analytics_first_payment() returns trigger language plpgsql as $$
begin
  perform analytics_milestone_at(new.user_id, 'first_payment', new.paid_at);
  return null;
end $$;
create trigger analytics_first_payment after insert or update of status, paid_at, user_id on billing_payments for each row
  when (new.status = 'succeeded' and new.paid_at is not null and new.user_id is not null)
  execute function analytics_first_payment();

create function analytics_first_report() returns trigger language plpgsql as $$
begin
  perform analytics_milestone_at(new.user_id, 'first_report', coalesce(new.completed_at, now()));
  return null;
end $$;
create trigger analytics_first_report after insert or update of status on report_jobs for each row
  when (new.status = 'completed') execute function analytics_first_report();
