-- Booking: slot holds and bookings that can never overlap, appointments, idempotency keys, responsible
-- parties, consents, cards on file and payments (product-spec §3, §4 Appointment, §7 Appointments,
-- consent, payments).

-- The patient's own time zone (e-mails state times in it) and the adult responsible for a minor.
CREATE TABLE responsible_parties (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  first_name text NOT NULL CHECK (char_length(first_name) BETWEEN 1 AND 255),
  last_name text NOT NULL CHECK (char_length(last_name) BETWEEN 1 AND 255),
  dob date NOT NULL,
  address jsonb,
  phone_number text,
  email citext,
  ehr_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX responsible_parties_user_idx ON responsible_parties (user_id);

ALTER TABLE patients
  ADD COLUMN time_zone text,
  ADD COLUMN responsible_party_id uuid REFERENCES responsible_parties (id);

-- Every live claim on a provider's time: holds (expires_at set) and bookings (appointment_id set).
-- The exclusion constraint makes two claims of one provider at overlapping times impossible, whatever
-- the code path or the number of server processes. A constraint cannot compare with now(), so an
-- expired hold still counts until it is deleted: booking code deletes expired holds of the provider in
-- the same transaction, just before it inserts. A cancelled booking deletes its row.
CREATE TABLE slot_reservations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES providers (id),
  slot_id uuid NOT NULL REFERENCES slots (id),
  during tstzrange NOT NULL CHECK (NOT isempty(during)),
  kind text NOT NULL CHECK (kind IN ('hold', 'booking')),
  -- who holds it (the signed-in caller) and the account it is held for
  held_by uuid NOT NULL REFERENCES users (id),
  expires_at timestamptz,
  appointment_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'hold') = (expires_at IS NOT NULL)),
  CHECK ((kind = 'booking') = (appointment_id IS NOT NULL)),
  CONSTRAINT slot_reservations_no_overlap EXCLUDE USING gist (provider_id WITH =, during WITH &&)
);
CREATE UNIQUE INDEX slot_reservations_appointment_idx ON slot_reservations (appointment_id) WHERE appointment_id IS NOT NULL;
CREATE INDEX slot_reservations_hold_expiry_idx ON slot_reservations (provider_id, expires_at) WHERE kind = 'hold';
CREATE INDEX slot_reservations_slot_idx ON slot_reservations (slot_id);

-- Appointments (product-spec §3, §4): booked, then possibly cancelled.
CREATE TABLE appointments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  provider_id uuid NOT NULL REFERENCES providers (id),
  practice_id uuid NOT NULL REFERENCES practices (id),
  slot_id uuid REFERENCES slots (id),
  during tstzrange NOT NULL CHECK (NOT isempty(during)),
  status text NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled')),
  appointment_mode text NOT NULL CHECK (appointment_mode IN ('online', 'in_person')),
  counseling_type text NOT NULL,
  counseling_type_id text,
  is_follow_up boolean NOT NULL DEFAULT false,
  time_zone text NOT NULL,
  self_pay boolean NOT NULL,
  self_pay_consent_category text CHECK (self_pay_consent_category IN ('switchToSelfPay', 'insurance', 'selfPay')),
  insurance_id text,
  booking_funnel text,
  booking_source text,
  app_source text NOT NULL CHECK (app_source IN ('support_web', 'patient_web')),
  partnership_code citext,
  business_partner_id uuid REFERENCES business_partners (id),
  price_cents integer CHECK (price_cents >= 0),
  amount_due_cents integer NOT NULL DEFAULT 0 CHECK (amount_due_cents >= 0),
  booked_by uuid NOT NULL REFERENCES users (id),
  idempotency_key text,
  rebooked_from uuid REFERENCES appointments (id),
  rescheduled_from timestamptz,
  cancel_reason_id text,
  cancel_note text,
  cancelled_at timestamptz,
  cancelled_by uuid REFERENCES users (id),
  late_cancel boolean,
  cancel_fee_cents integer CHECK (cancel_fee_cents >= 0),
  cancel_fee_status text CHECK (cancel_fee_status IN ('none', 'waived', 'charged', 'outstanding')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  -- The same guarantee again on the appointments themselves: two booked appointments of one provider never overlap.
  CONSTRAINT appointments_no_overlap EXCLUDE USING gist (provider_id WITH =, during WITH &&) WHERE (status = 'booked')
);
CREATE INDEX appointments_user_idx ON appointments (user_id, lower(during));
CREATE INDEX appointments_provider_idx ON appointments (provider_id, lower(during));

ALTER TABLE slot_reservations ADD CONSTRAINT slot_reservations_appointment_fk FOREIGN KEY (appointment_id) REFERENCES appointments (id) ON DELETE CASCADE;

-- The patients of an appointment (one, or several for family and couples sessions).
CREATE TABLE appointment_patients (
  appointment_id uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
  patient_id uuid NOT NULL REFERENCES patients (id),
  position smallint NOT NULL,
  is_new boolean NOT NULL DEFAULT false,
  PRIMARY KEY (appointment_id, patient_id)
);
CREATE INDEX appointment_patients_patient_idx ON appointment_patients (patient_id);

-- Idempotency keys: the first answer to (caller, endpoint, key) is stored in the same transaction as
-- the work it describes, so a replay answers it and never does the work twice. A second request with
-- the same key waits on the first's uncommitted row (primary key) and then replays it.
CREATE TABLE idempotency_keys (
  caller_id uuid NOT NULL,
  endpoint text NOT NULL,
  key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
  request_hash text NOT NULL,
  -- null while the first request is still running (its transaction holds the row)
  status integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (caller_id, endpoint, key)
);

-- Consents (product-spec §3 consent state, §4): the text and version shown, who signed and in which
-- capacity ("Parent / legal guardian of {patient}" for a minor), when, and whether it was verified.
CREATE TABLE consents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  patient_id uuid NOT NULL REFERENCES patients (id),
  user_id uuid NOT NULL REFERENCES users (id),
  consent_type text NOT NULL CHECK (consent_type IN ('bookAppointmentConsent', 'paymentConsent')),
  self_pay_consent_category text CHECK (self_pay_consent_category IN ('switchToSelfPay', 'insurance', 'selfPay')),
  version text NOT NULL,
  text text NOT NULL,
  source text NOT NULL CHECK (source IN ('support_web', 'patient_web')),
  signer_name text,
  signer_capacity text,
  signed_by uuid REFERENCES users (id),
  signed_at timestamptz,
  verified_at timestamptz,
  verified_by uuid REFERENCES users (id),
  appointment_id uuid REFERENCES appointments (id),
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (signed_at IS NULL OR signer_name IS NOT NULL),
  CHECK (verified_at IS NULL OR signed_at IS NOT NULL)
);
CREATE INDEX consents_patient_idx ON consents (patient_id, created_at);

-- Cards on file: the gateway's vault token, brand, last 4 and expiry only. Never a card number or CVC:
-- a token that looks like a card number is refused.
CREATE TABLE patient_cards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  patient_id uuid NOT NULL REFERENCES patients (id),
  user_id uuid NOT NULL REFERENCES users (id),
  gateway text NOT NULL CHECK (gateway IN ('local', 'braintree')),
  token text NOT NULL CHECK (token !~ '^[0-9 -]{12,23}$'),
  brand text NOT NULL,
  last4 char(4) NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  expiration_month smallint NOT NULL CHECK (expiration_month BETWEEN 1 AND 12),
  expiration_year smallint NOT NULL CHECK (expiration_year BETWEEN 2000 AND 2100),
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  UNIQUE (gateway, token)
);
CREATE UNIQUE INDEX patient_cards_one_default_idx ON patient_cards (patient_id) WHERE is_default AND removed_at IS NULL;

-- Payments (product-spec §3 payment status succeeded/failed/refunded; the two payment providers).
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  appointment_id uuid REFERENCES appointments (id),
  user_id uuid NOT NULL REFERENCES users (id),
  patient_id uuid REFERENCES patients (id),
  status text NOT NULL CHECK (status IN ('succeeded', 'failed', 'refunded')),
  provider text NOT NULL CHECK (provider IN ('card_gateway', 'scheduling_system')),
  purpose text NOT NULL CHECK (purpose IN ('session', 'late_cancel_fee', 'balance')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency char(3) NOT NULL DEFAULT 'USD',
  gateway text NOT NULL CHECK (gateway IN ('local', 'braintree')),
  transaction_id text,
  card_brand text,
  card_last4 char(4) CHECK (card_last4 ~ '^[0-9]{4}$'),
  failure_reason text,
  idempotency_key text,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz,
  CHECK (status = 'failed' OR transaction_id IS NOT NULL)
);
CREATE UNIQUE INDEX payments_transaction_idx ON payments (gateway, transaction_id) WHERE transaction_id IS NOT NULL;
CREATE INDEX payments_appointment_idx ON payments (appointment_id);
CREATE INDEX payments_user_idx ON payments (user_id, created_at);
