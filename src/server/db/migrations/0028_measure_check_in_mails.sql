-- The e-mailed check-in link of measurement-based care (issue 17 item 5): one mail per patient and upcoming
-- session, so the daily job (measure-check-in-mail) never asks twice for the same session.
CREATE TABLE measure_check_in_mails (
  patient_id uuid NOT NULL REFERENCES patients (id),
  appointment_id uuid NOT NULL REFERENCES appointments (id),
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (patient_id, appointment_id)
);
