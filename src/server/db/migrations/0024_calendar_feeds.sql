-- A clinician's private, revocable calendar feed of their booked sessions (issue 21 item 3). The URL carries a
-- random token; only its SHA-256 is kept. One live feed per provider: a new one revokes the old.
CREATE TABLE provider_calendar_feeds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES providers (id),
  token_hash text NOT NULL UNIQUE,
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE UNIQUE INDEX provider_calendar_feeds_live_idx ON provider_calendar_feeds (provider_id) WHERE revoked_at IS NULL;
