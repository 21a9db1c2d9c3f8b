-- The pair a refresh token was rotated into, sealed with a key derived from that refresh token
-- (AES-256-GCM): every redemption within the grace window gets this same pair instead of a new
-- chain of its own. Cleared once the grace window (at most 300 s) is over.
alter table oauth_tokens add column successor_sealed bytea;
create index oauth_tokens_successor_idx on oauth_tokens (rotated_at) where successor_sealed is not null;
