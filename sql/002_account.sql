-- Account data: onboarding, first-success feedback, report branding, and the API usage log.

alter table users
  add column onboarding jsonb,
  add column onboarding_completed_at timestamptz;

-- One first-success feedback per user; a new one replaces it.
create table first_success_feedback (
  user_id text primary key references users (id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  comment text,
  endpoint text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The PDF footer logo of a user: already sniffed and (for SVG) sanitised when stored. Replacing
-- it is one upsert, so a failed upload never leaves a half-written image.
create table report_branding (
  user_id text primary key references users (id) on delete cascade,
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/svg+xml')),
  image bytea not null,
  size_bytes integer not null check (size_bytes between 1 and 1048576),
  sha256 text not null,
  width integer,
  height integer,
  updated_at timestamptz not null default now()
);

-- Every API request: written in batches by the API processes. No foreign keys: a batch must
-- never fail because a user or key was deleted between the request and the flush.
create table usage_logs (
  id bigint generated always as identity primary key,
  user_id text not null,
  api_key_id uuid,
  method text not null,
  path text not null,
  status_code smallint not null,
  duration_ms double precision not null,
  idempotency_replayed boolean not null default false,
  created_at timestamptz not null
);
create index usage_logs_user_recent_idx on usage_logs (user_id, created_at desc, id desc);
