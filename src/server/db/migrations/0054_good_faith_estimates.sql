-- Good Faith Estimates as the rule wants them (45 CFR 149.610, issue 38): each provider's National Provider
-- Identifier (ten digits, Luhn-checked with the 80840 prefix in src/domain/npi.ts) and tax identification
-- number, printed on every estimate. NULL for a provider whose numbers are not on file yet.
ALTER TABLE providers
  ADD COLUMN npi char(10) UNIQUE CHECK (npi IS NULL OR npi ~ '^[12][0-9]{9}$'),
  ADD COLUMN tin text CHECK (tin IS NULL OR tin ~ '^[0-9]{2}-[0-9]{7}$');

-- Every issued estimate, kept as issued: its number, when it was issued and by when the rule wanted it
-- delivered (business days, src/domain/business-days.ts), what it said (content: the fields it printed) and
-- the PDF's bytes, so a download later gives the very document the patient was sent. An estimate that a
-- price change replaced names it (replaces_id); the newest one of a session is the one in force.
CREATE SEQUENCE good_faith_estimate_numbers;
CREATE TABLE good_faith_estimates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number text NOT NULL UNIQUE DEFAULT ('GFE-' || lpad(nextval('good_faith_estimate_numbers')::text, 6, '0')),
  appointment_id uuid NOT NULL REFERENCES appointments (id),
  user_id uuid NOT NULL REFERENCES users (id),
  replaces_id uuid REFERENCES good_faith_estimates (id),
  issued_at timestamptz NOT NULL,
  due_by date NOT NULL,
  locale text NOT NULL,
  content jsonb NOT NULL CHECK (jsonb_typeof(content) = 'object'),
  pdf bytea NOT NULL
);
CREATE INDEX good_faith_estimates_appointment_idx ON good_faith_estimates (appointment_id, issued_at DESC);
CREATE INDEX good_faith_estimates_user_idx ON good_faith_estimates (user_id, issued_at DESC);
