-- Psychological report jobs. The row is the truth about a job (status, progress, attempts, the
-- lease of the worker running it, the artefacts); a queue only carries the job id to a worker.

create table report_jobs (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  -- A retried submit (same Idempotency-Key) finds this job instead of making a second one.
  idempotency_key text,
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed')),
  progress smallint not null default 0 check (progress between 0 and 100),
  stage text not null default 'queued',
  -- The validated natal request and its resolved place: everything the worker needs.
  birth jsonb not null,
  -- psychological_report as submitted (style, output_format, footer label, logo flag, callback_url).
  options jsonb not null,
  -- Whether a credit was reserved (the demo subject costs none); the ledger reference is the job id.
  credit_reserved boolean not null,
  attempts integer not null default 0,
  max_attempts integer not null default 3,
  -- Not picked before this instant (backoff after a transient fault).
  run_after timestamptz not null default now(),
  -- The worker holding the job and until when; an expired lease means the worker is gone.
  worker_id text,
  lease_until timestamptz,
  -- Set once a queue accepted the job id; the sweeper enqueues rows committed without it.
  enqueued_at timestamptz,
  error_code text,
  error_message text,
  markdown text,
  sections jsonb,
  pdf bytea,
  -- The same report with the owner's branding logo in the footer (null: the owner had no logo).
  pdf_branded bytea,
  pdf_sha256 text,
  pdf_branded_sha256 text,
  page_count integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz
);
create unique index report_jobs_idempotency_key on report_jobs (user_id, idempotency_key) where idempotency_key is not null;
create index report_jobs_open_idx on report_jobs (status, run_after) where status in ('queued', 'running');
create index report_jobs_user_idx on report_jobs (user_id, created_at);

-- Report workers announce themselves here; the API accepts reports only while one is alive.
create table report_workers (
  id text primary key,
  hostname text not null,
  pid integer not null,
  chromium text not null,
  started_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);

-- Per-account signing secret of report callbacks (Standard Webhooks, `whsec_` + base64).
create table webhook_secrets (
  user_id text primary key references users (id) on delete cascade,
  secret text not null,
  created_at timestamptz not null default now()
);

-- One delivery per (job, event); attempts retried with backoff until delivered or given up.
create table report_callbacks (
  id text primary key,
  job_id text not null references report_jobs (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  event text not null check (event in ('report.completed', 'report.failed')),
  url text not null,
  payload text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  last_status_code integer,
  last_error text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  unique (job_id, event)
);
create index report_callbacks_due_idx on report_callbacks (next_attempt_at) where status = 'pending';
