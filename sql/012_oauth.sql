-- The OAuth 2.1 authorization server of the MCP endpoint: registered clients, pending
-- authorization requests, grants (a user's consent to a client), authorization codes and tokens.
-- Codes, tokens and client secrets are stored as the SHA-256 of their value, never in clear.

-- Clients register themselves (RFC 7591). Public clients have no secret.
create table oauth_clients (
  id text primary key,
  secret_hash text,
  name text,
  redirect_uris text[] not null check (cardinality(redirect_uris) between 1 and 10),
  token_endpoint_auth_method text not null check (token_endpoint_auth_method in ('none', 'client_secret_basic', 'client_secret_post')),
  grant_types text[] not null,
  scope text,
  -- The other registered fields (client_uri, logo_uri, contacts, software_id, ...), echoed back.
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  check ((token_endpoint_auth_method = 'none') = (secret_hash is null))
);

-- An authorization request waiting for the user's decision (10 minutes). Its id is in the
-- consent page's URL: random and unguessable. The consent page's sign-in is bound to the
-- request through a ticket (stored hashed) and the user it identified.
create table oauth_authorization_requests (
  id text primary key,
  client_id text not null references oauth_clients (id) on delete cascade,
  redirect_uri text not null,
  state text,
  scopes text[] not null,
  resource text not null,
  code_challenge text not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'denied')),
  user_id text references users (id) on delete cascade,
  consent_user_id text references users (id) on delete cascade,
  consent_ticket_hash text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  decided_at timestamptz
);
create index oauth_authorization_requests_expiry_idx on oauth_authorization_requests (expires_at);

-- What a user allowed a client: the scopes, for the resource (the MCP endpoint). Revoking a grant
-- ends every token issued under it.
create table oauth_grants (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  client_id text not null references oauth_clients (id) on delete cascade,
  scopes text[] not null,
  resource text not null,
  status text not null default 'active' check (status in ('active', 'revoked')),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text
);
create index oauth_grants_user_idx on oauth_grants (user_id, created_at desc);

-- Authorization codes: single use, short-lived, bound to the client, redirect URI and PKCE challenge.
create table oauth_codes (
  code_hash text primary key,
  grant_id uuid not null references oauth_grants (id) on delete cascade,
  client_id text not null,
  redirect_uri text not null,
  code_challenge text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index oauth_codes_expiry_idx on oauth_codes (expires_at);

-- Access and refresh tokens. A refresh token is used once (rotated_at says when); a second use
-- inside the grace window gets a new pair too (parallel refreshes), a later one revokes the grant.
create table oauth_tokens (
  token_hash text primary key,
  grant_id uuid not null references oauth_grants (id) on delete cascade,
  kind text not null check (kind in ('access', 'refresh')),
  scopes text[] not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz
);
create index oauth_tokens_grant_idx on oauth_tokens (grant_id);
create index oauth_tokens_expiry_idx on oauth_tokens (expires_at);
