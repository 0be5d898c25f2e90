-- Issue 34: the front-desk hand-over. While the device is in a patient's hands, the staff member's session is
-- scoped to that patient's task ('handover': their date of birth, their consent for that session); the agenda
-- and every other staff call refuse it until the staff member signs in again (a sign-in code sent to them).
ALTER TABLE auth_sessions DROP CONSTRAINT IF EXISTS auth_sessions_scope_check;
ALTER TABLE auth_sessions ADD CONSTRAINT auth_sessions_scope_check CHECK (scope IN ('booking', 'handover'));
ALTER TABLE auth_sessions
  ADD COLUMN handover_patient_id uuid REFERENCES patients (id),
  ADD COLUMN handover_appointment_id uuid REFERENCES appointments (id),
  ADD CONSTRAINT auth_sessions_handover_check CHECK (
    scope IS DISTINCT FROM 'handover' OR (handover_patient_id IS NOT NULL AND handover_appointment_id IS NOT NULL)
  );
