-- Secure messages (issue 17 item 6): one thread between a provider and one of their clients (a patient;
-- for a minor or other dependant the account holder, their responsible party, reads and answers). Each side
-- keeps the id of the last message it has read, so unread counts are exact whatever the clocks say.
-- Message text lives only here: never in logs, audit rows, task reasons or mail.
CREATE TABLE message_threads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES providers (id),
  patient_id uuid NOT NULL REFERENCES patients (id),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  last_message_at timestamptz,
  provider_read_id bigint NOT NULL DEFAULT 0,
  patient_read_id bigint NOT NULL DEFAULT 0,
  CONSTRAINT message_threads_one_per_client UNIQUE (provider_id, patient_id)
);
CREATE INDEX message_threads_patient_idx ON message_threads (patient_id);

CREATE TABLE messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id uuid NOT NULL REFERENCES message_threads (id),
  author_side text NOT NULL CHECK (author_side IN ('clinician', 'patient')),
  author_id uuid NOT NULL REFERENCES users (id),
  body text NOT NULL CHECK (char_length(btrim(body)) >= 1 AND char_length(body) <= 4000),
  sent_at timestamptz NOT NULL
);
CREATE INDEX messages_thread_idx ON messages (thread_id, id);
