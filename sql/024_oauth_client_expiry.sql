-- Clients that never completed an authorization are deleted a day after registering
-- (features/oauth/maintenance.ts): found by their age, and kept while a grant names them.
create index oauth_clients_created_idx on oauth_clients (created_at);
create index oauth_grants_client_idx on oauth_grants (client_id);
