-- The dashboard's passwordless sign-in: a challenge is one e-mail (a link and a code, both kept
-- as SHA-256 only), good for a few minutes and a few wrong codes. A session is what a verified
-- challenge opens: the browser holds its random id in an httpOnly cookie, the table its digest.
create table dashboard_sign_in_challenges (
  id bigserial primary key,
  email text not null,
  code_sha256 text not null,
  link_sha256 text not null unique,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index dashboard_sign_in_challenges_email on dashboard_sign_in_challenges (lower(email), created_at desc);

create table dashboard_sessions (
  id_sha256 text primary key,
  user_id text not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_seen_at timestamptz not null default now()
);
create index dashboard_sessions_user on dashboard_sessions (user_id);
