-- The first payment and first report of what happened before 018 recorded them: one statement
-- per milestone over the users that exist, the earliest time of each (the triggers of 018 do the
-- same for each new row). Only the rows written here are locked, not the payments and reports.
insert into analytics_events as e (name, user_id, source, occurred_at)
select 'first_payment', p.user_id, 'service', min(p.paid_at)
from billing_payments p join users u on u.id = p.user_id
where p.status = 'succeeded' and p.paid_at is not null
group by p.user_id
on conflict (user_id, name) where source = 'service'
do update set occurred_at = excluded.occurred_at where e.occurred_at > excluded.occurred_at;

insert into analytics_events as e (name, user_id, source, occurred_at)
select 'first_report', j.user_id, 'service', min(coalesce(j.completed_at, j.updated_at))
from report_jobs j join users u on u.id = j.user_id
where j.status = 'completed'
group by j.user_id
on conflict (user_id, name) where source = 'service'
do update set occurred_at = excluded.occurred_at where e.occurred_at > excluded.occurred_at;
