-- A new sign-in e-mail waits here until the account holder confirms the code mailed to it
-- (PATCH /users/{id}, POST /users/{id}/confirm-email). Only an HMAC of the code is kept.
CREATE TABLE email_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email citext NOT NULL,
  code_hash text NOT NULL,
  requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  wrong_tries integer NOT NULL DEFAULT 0,
  confirmed_at timestamptz,
  retired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_changes_user_idx ON email_changes (user_id, created_at DESC);
