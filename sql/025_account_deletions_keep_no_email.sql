-- A deletion kept the SHA-256 of the deleted address. Addresses are few and guessable, so an
-- unsalted digest is the address for anyone who tries a list of them; and nothing ever read it.
-- The record of a deletion keeps the user id, the reason, who asked, when, and what was erased.
alter table account_deletions drop column email_sha256;
