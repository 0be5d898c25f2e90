-- The skip-e-mail path never claims an address (issue 14): it creates a provisional account that holds
-- the typed address only as pending_email, unverified and not unique, so answering it tells nobody
-- whether the address has an account. A sign-in code to that address confirms it: the provisional
-- account becomes the account (email set), or its people, bookings and payments join the account the
-- address already has (merged_into, audited).
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;
ALTER TABLE users ADD COLUMN pending_email citext;
ALTER TABLE users ADD COLUMN merged_into uuid REFERENCES users (id);
ALTER TABLE users ADD CONSTRAINT users_email_or_pending CHECK (email IS NOT NULL OR pending_email IS NOT NULL OR merged_into IS NOT NULL);
CREATE INDEX users_pending_email_idx ON users (pending_email) WHERE email IS NULL AND pending_email IS NOT NULL;
