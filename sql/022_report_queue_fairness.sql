-- The report queue's order and the demo bounds. The claim (src/db/report-jobs.ts, claimNext) asks,
-- for each account with a job waiting, how many of its jobs are running and when one of them last
-- started; a demo submit counts the account's open free jobs. Without these, each question reads
-- every job the account ever had.
create index report_jobs_user_started_idx on report_jobs (user_id, started_at) where started_at is not null;
create index report_jobs_user_open_idx on report_jobs (user_id, credit_reserved) where status in ('queued', 'running');
