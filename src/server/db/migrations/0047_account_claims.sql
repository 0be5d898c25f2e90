-- First-time account claiming (issue 34: /app/first-time-user, /app/first-time-amd-user). An account someone
-- else started (staff booking for a caller, a partner enrolling a member: 'staff'; a patient record of the
-- scheduling system: 'scheduling_system') is claimed once by its person from an e-mailed invitation: they confirm
-- who they are against the record, choose their language and time zone (claimed_at records when). The invitation
-- is a login token whose purpose is 'claim': it never signs in by itself, and a sign-in link never claims.
ALTER TABLE users
  ADD COLUMN started_by text CHECK (started_by IS NULL OR started_by IN ('staff', 'scheduling_system')),
  ADD COLUMN claimed_at timestamptz;
ALTER TABLE login_tokens ADD COLUMN purpose text NOT NULL DEFAULT 'sign_in' CHECK (purpose IN ('sign_in', 'claim'));
