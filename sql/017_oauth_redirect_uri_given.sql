-- RFC 6749 §4.1.3: when the authorization request named a redirect_uri, the token request must
-- repeat it, identical; when it named none (the client registered one URI), the token request may
-- leave it out. Whether the client named it is kept with the request and with the code issued
-- from it. Rows from before this migration keep the old rule (checked only when given); new rows
-- must say, so the default goes once they have theirs.
alter table oauth_authorization_requests add column redirect_uri_given boolean not null default false;
alter table oauth_authorization_requests alter column redirect_uri_given drop default;
alter table oauth_codes add column redirect_uri_given boolean not null default false;
alter table oauth_codes alter column redirect_uri_given drop default;
