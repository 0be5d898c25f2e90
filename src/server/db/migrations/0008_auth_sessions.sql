-- A server-side session behind every access token (its sid claim): sign-out, a change of the
-- account's groups or sign-in e-mail, disabling the account and sessionIdleMinutes without a
-- request end it at once, whatever the token's own expiry says.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  groups text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text
);
CREATE INDEX auth_sessions_open_idx ON auth_sessions (user_id) WHERE ended_at IS NULL;
