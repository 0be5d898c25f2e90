-- Session reminders (issue 21 item 1).
-- reminder_preferences: the channels an account chose (no row: e-mail on, text off).
CREATE TABLE reminder_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  email boolean NOT NULL DEFAULT true,
  sms boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- reminders_sent: the guard that makes each reminder go out once. A worker records the row before it
-- sends; of two workers (or a worker and its restart) only the one whose insert wins sends. The session's
-- start is part of the key: a rescheduled session is a new time and gets its reminders again.
CREATE TABLE reminders_sent (
  appointment_id uuid NOT NULL REFERENCES appointments (id),
  offset_minutes integer NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  session_start timestamptz NOT NULL,
  sent_at timestamptz NOT NULL,
  UNIQUE (appointment_id, offset_minutes, channel, session_start)
);

-- reminder_links: the single-purpose links of a reminder (reschedule, cancel, stop e-mail reminders).
-- Only the token's SHA-256 is kept; a link works once and until expires_at.
CREATE TABLE reminder_links (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  appointment_id uuid NOT NULL REFERENCES appointments (id),
  purpose text NOT NULL CHECK (purpose IN ('reschedule', 'cancel', 'unsubscribe')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX reminder_links_appointment ON reminder_links (appointment_id);
