-- Recurring sessions: a series of sessions every week or every other week at the same local time in the patient's
-- zone (src/domain/recurrence.ts), booked together in one transaction. Each session is an ordinary appointment (its own
-- hold-free booking row in slot_reservations, its own reminders, cancellation and late-cancellation rules) that names
-- its series and its place in it (0 for the first). The appointments' exclusion constraints hold for every session.
CREATE TABLE appointment_series (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  provider_id uuid NOT NULL REFERENCES providers (id),
  repeat text NOT NULL CHECK (repeat IN ('week', 'otherWeek')),
  sessions smallint NOT NULL CHECK (sessions >= 2),
  -- the patient's zone whose wall clock every session keeps
  time_zone text NOT NULL,
  booked_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX appointment_series_user_idx ON appointment_series (user_id);

ALTER TABLE appointments
  ADD COLUMN series_id uuid REFERENCES appointment_series (id),
  ADD COLUMN series_index smallint CHECK (series_index >= 0),
  ADD CONSTRAINT appointments_series_place CHECK ((series_id IS NULL) = (series_index IS NULL));
CREATE UNIQUE INDEX appointments_series_idx ON appointments (series_id, series_index) WHERE series_id IS NOT NULL;
