-- A provider's availability (issue 17 item 4, src/domain/availability.ts): weekly windows per mode and
-- practice as local wall-clock times, with the named zone they are read in; exceptions on local dates
-- (blocked hours or whole days, or extra hours); slot length, buffer and minimum notice. Saving them
-- regenerates the provider's open future slots (src/server/care/availability.ts); booked and held
-- slots are never touched, and the slots exclusion constraint stays as it is.
CREATE TABLE provider_availability (
  provider_id uuid PRIMARY KEY REFERENCES providers (id),
  time_zone text NOT NULL CHECK (char_length(time_zone) BETWEEN 1 AND 64),
  slot_minutes integer NOT NULL CHECK (slot_minutes BETWEEN 15 AND 240),
  buffer_minutes integer NOT NULL CHECK (buffer_minutes BETWEEN 0 AND 120),
  min_notice_hours integer NOT NULL CHECK (min_notice_hours BETWEEN 0 AND 720),
  updated_at timestamptz NOT NULL,
  updated_by uuid REFERENCES users (id)
);

CREATE TABLE provider_availability_windows (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id uuid NOT NULL REFERENCES provider_availability (provider_id) ON DELETE CASCADE,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  start_local time NOT NULL,
  end_local time NOT NULL CHECK (end_local > start_local),
  mode text NOT NULL CHECK (mode IN ('online', 'in_person')),
  practice_id uuid NOT NULL REFERENCES practices (id),
  medication boolean NOT NULL DEFAULT false
);
CREATE INDEX provider_availability_windows_idx ON provider_availability_windows (provider_id, weekday);

CREATE TABLE provider_availability_exceptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id uuid NOT NULL REFERENCES provider_availability (provider_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('blocked', 'extra')),
  on_date date NOT NULL,
  start_local time,
  end_local time,
  mode text CHECK (mode IN ('online', 'in_person')),
  CHECK ((start_local IS NULL) = (end_local IS NULL)),
  CHECK (end_local IS NULL OR end_local > start_local),
  CHECK (kind = 'blocked' OR (mode IS NOT NULL AND start_local IS NOT NULL))
);
CREATE INDEX provider_availability_exceptions_idx ON provider_availability_exceptions (provider_id, on_date);

-- Measurement-based care (issue 17 item 2, src/domain/measures.ts): each completed PHQ-9 or GAD-7 with
-- its answers, total and severity band as scored when it was completed (bands in specs/constants/care.yaml),
-- and whether it raised an urgent clinical alert (a task of kind clinical_alert, migration 0016).
CREATE TABLE measure_responses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  patient_id uuid NOT NULL REFERENCES patients (id),
  instrument text NOT NULL CHECK (instrument IN ('phq9', 'gad7')),
  answers smallint[] NOT NULL CHECK (array_position(answers, NULL) IS NULL),
  total smallint NOT NULL CHECK (total BETWEEN 0 AND 27),
  band text NOT NULL CHECK (char_length(band) BETWEEN 1 AND 40),
  urgent boolean NOT NULL DEFAULT false,
  completed_at timestamptz NOT NULL,
  completed_by uuid NOT NULL REFERENCES users (id),
  CHECK ((instrument = 'phq9' AND cardinality(answers) = 9) OR (instrument = 'gad7' AND cardinality(answers) = 7))
);
CREATE INDEX measure_responses_patient_idx ON measure_responses (patient_id, instrument, completed_at);
