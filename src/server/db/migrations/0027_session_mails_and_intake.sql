-- Migration 0027 (issue 16): the e-mails sent about a session, and the intake questionnaire.

-- Every e-mail sent about a session (issue 16 item 1: "every mail sent" on the session's story), and
-- how its delivery went: the mail job counts its tries and stamps the delivery, so support sees a
-- confirmation that never arrived, and a red alert is raised once its tries are spent (item 3).
-- The address and the template only; the mail's words (which may name people) are not kept.
CREATE TABLE appointment_mails (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  appointment_id uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
  template text NOT NULL,
  recipient text NOT NULL,
  queued_at timestamptz NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  delivered_at timestamptz,
  last_error text
);
CREATE INDEX appointment_mails_appointment_idx ON appointment_mails (appointment_id, queued_at);

-- The intake questionnaire (issue 16 item 5, /app/formsort): one row per completed intake of a patient,
-- the answers to the questions of specs/constants/intake.yaml, and the PHQ-9 and GAD-7 baseline it
-- recorded in measure_responses (scored and alerted there). The latest row is the patient's intake.
CREATE TABLE intake_forms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  patient_id uuid NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
  answers jsonb NOT NULL,
  phq9_response_id uuid NOT NULL REFERENCES measure_responses (id),
  gad7_response_id uuid NOT NULL REFERENCES measure_responses (id),
  submitted_at timestamptz NOT NULL,
  submitted_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX intake_forms_patient_idx ON intake_forms (patient_id, submitted_at DESC);
