-- The patient's whole record exported (issue 38 item 1): one row per request of an account holder. The job fills
-- bundle (FHIR R4 document Bundle) and pdf; once expires_at passes the files are removed and the row stays as a trace.
CREATE TABLE record_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL,
  ready_at timestamptz,
  expires_at timestamptz,
  bundle jsonb,
  pdf bytea,
  CHECK ((ready_at IS NULL) = (expires_at IS NULL))
);
CREATE INDEX record_exports_user ON record_exports (user_id, requested_at DESC);
