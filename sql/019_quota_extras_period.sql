-- A request pack adds requests to one limit period of the user's plan: a day or a month. On the
-- first of a month both start at the same instant, and the rows were keyed by the start alone: a
-- month's pack bought the day a daily plan changed to a monthly one was added to the day's row
-- and ended with the day, and a month's pack raised a daily plan's limit every day of the month.
-- A row now says which period it is for, and a plan counts only the packs of its own period.
alter table quota_extras add column limit_period text check (limit_period in ('day', 'month'));
update quota_extras set limit_period = case when period_end - period_start <= interval '1 day' then 'day' else 'month' end;
alter table quota_extras alter column limit_period set not null;
alter table quota_extras drop constraint quota_extras_pkey;
alter table quota_extras add primary key (user_id, limit_period, period_start);
