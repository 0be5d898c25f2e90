-- Patient records (scheduling-system ids, phone check), insurances on file and their eligibility
-- inquiries, patient documents, staff notes and insurance authorizations.
-- Statements on tables other parts also change use IF NOT EXISTS, so the order of parts' migrations does not matter.

-- Every patient gets a scheduling-system id and license key (GET /patients/active-insurance).
-- The license key default equals the constant schedulingLicenseKey (a test checks they agree).
CREATE SEQUENCE IF NOT EXISTS patient_ehr_id_seq START 100001;
ALTER TABLE patients
  ADD COLUMN IF NOT EXISTS license_key text NOT NULL DEFAULT 'MC-DEMO-01',
  ADD COLUMN IF NOT EXISTS phone_number_valid boolean;
ALTER TABLE patients ALTER COLUMN ehr_id SET DEFAULT 'P' || nextval('patient_ehr_id_seq')::text;
UPDATE patients SET ehr_id = 'P' || nextval('patient_ehr_id_seq')::text WHERE ehr_id IS NULL;
CREATE UNIQUE INDEX IF NOT EXISTS patients_ehr_id_key ON patients (license_key, ehr_id);

-- What a patient pays per session with an accepted plan (null: the constant defaultInsuranceCopay).
ALTER TABLE insurance_plans ADD COLUMN IF NOT EXISTS copay numeric(8, 2) CHECK (copay >= 0);
-- Lets a patient insurance name its plan and carrier together (the plan must be the carrier's).
ALTER TABLE insurance_plans ADD CONSTRAINT insurance_plans_id_carrier_key UNIQUE (id, carrier_id);

-- A practice accepts a carrier when one of its providers takes one of the carrier's plans.
CREATE VIEW practice_accepted_carriers AS
  SELECT DISTINCT pr.practice_id, pl.carrier_id
    FROM providers pr
    CROSS JOIN LATERAL unnest(pr.plan_ids) AS accepted (plan_id)
    JOIN insurance_plans pl ON pl.id = accepted.plan_id
   WHERE pr.removed_at IS NULL;

-- Insurances on file (product-spec §3 Insurance).
CREATE TABLE patient_insurances (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  patient_id uuid NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
  carrier_id integer NOT NULL REFERENCES insurance_carriers (id),
  plan_id integer NOT NULL,
  member_id text NOT NULL CHECK (member_id ~ '^[A-Za-z0-9-]{1,40}$'),
  group_number text CHECK (group_number ~ '^[A-Za-z0-9-]{1,40}$'),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  FOREIGN KEY (plan_id, carrier_id) REFERENCES insurance_plans (id, carrier_id)
);
CREATE INDEX patient_insurances_patient_idx ON patient_insurances (patient_id, created_at DESC);
CREATE UNIQUE INDEX patient_insurances_one_on_file ON patient_insurances (patient_id, plan_id, member_id) WHERE removed_at IS NULL;

-- Every eligibility inquiry and its answer (insuranceInquiryAudits); the patient's decision is added to it later.
CREATE TABLE insurance_inquiry_audits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  patient_insurance_id uuid NOT NULL REFERENCES patient_insurances (id) ON DELETE CASCADE,
  patient_id uuid NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
  provider_id uuid NOT NULL REFERENCES providers (id),
  practice_id uuid NOT NULL REFERENCES practices (id),
  internal_outcome_assessment text NOT NULL,
  copay numeric(8, 2),
  estimated_cost numeric(8, 2),
  self_pay_price numeric(8, 2) NOT NULL,
  is_follow_up boolean NOT NULL DEFAULT false,
  source text NOT NULL,
  actor_id uuid REFERENCES users (id),
  decision text,
  decided_at timestamptz,
  decided_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX insurance_inquiry_audits_insurance_idx ON insurance_inquiry_audits (patient_insurance_id, created_at DESC);

-- Documents patients upload (insurance cards, IDs, referrals), kept in the database: never a path a
-- request names, never served to anyone who does not reach the patient.
CREATE TABLE patient_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  patient_id uuid NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
  insurance_id uuid REFERENCES patient_insurances (id) ON DELETE SET NULL,
  kind text NOT NULL,
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 200),
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL,
  content bytea NOT NULL,
  uploaded_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX patient_documents_patient_idx ON patient_documents (patient_id, created_at DESC);

-- Staff notes on a patient: kept, never edited.
CREATE TABLE patient_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  patient_id uuid NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
  note_type text NOT NULL,
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 4000),
  author_id uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX patient_notes_patient_idx ON patient_notes (patient_id, created_at DESC);

-- Insurance authorizations for referrals (product-spec §3 Authorization form).
CREATE TABLE patient_authorizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  patient_id uuid NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
  form jsonb NOT NULL,
  effective_date date NOT NULL,
  expiration_date date NOT NULL CHECK (expiration_date >= effective_date),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX patient_authorizations_patient_idx ON patient_authorizations (patient_id, created_at DESC);
