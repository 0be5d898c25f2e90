-- Video visits (issue 25): nothing of a call is recorded; only who joined, was admitted, left, and
-- when the clinician ended the visit for everyone. The audit log holds the same facts per request.
CREATE TABLE video_visit_events (
  id bigserial PRIMARY KEY,
  appointment_id uuid NOT NULL REFERENCES appointments(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('joined', 'admitted', 'left', 'ended')),
  at timestamptz NOT NULL
);
CREATE INDEX video_visit_events_appointment_idx ON video_visit_events (appointment_id, at);
