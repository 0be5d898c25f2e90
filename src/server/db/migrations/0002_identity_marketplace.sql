-- Identity (sign-in codes and links, attempts, audit trail) and the provider marketplace
-- (business partners, practices, providers, filters, insurance, slots).

-- Business partners (product-spec §3 Business partner).
CREATE TABLE business_partners (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE CHECK (char_length(name) BETWEEN 1 AND 255),
  partnership_code citext NOT NULL UNIQUE CHECK (partnership_code ~ '^[A-Za-z0-9-]{2,50}$'),
  hide_payment_input boolean NOT NULL DEFAULT false,
  hide_insurance_input boolean NOT NULL DEFAULT false,
  hide_post_booking_modal_copy boolean NOT NULL DEFAULT false,
  custom_success_message text,
  custom_failure_message text,
  authorization_required boolean NOT NULL DEFAULT false,
  channel_type text NOT NULL,
  deal_structure text NOT NULL,
  is_credit_card_optional boolean NOT NULL DEFAULT false,
  tier_name text NOT NULL DEFAULT 'standard',
  phone text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Accounts: date of birth (magic links may require it), partner membership, the provider a clinician is.
ALTER TABLE users
  ADD COLUMN date_of_birth date,
  ADD COLUMN dob_check_required boolean NOT NULL DEFAULT false,
  ADD COLUMN email_verified_at timestamptz,
  ADD COLUMN provider_id uuid,
  ADD CONSTRAINT users_business_partner_fk FOREIGN KEY (business_partner_id) REFERENCES business_partners (id);
CREATE INDEX users_business_partner_idx ON users (business_partner_id);

-- The people an account books for: the holder (Self) and dependants (product-spec §3 Patient).
CREATE TABLE patients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  first_name text NOT NULL CHECK (char_length(first_name) <= 255),
  last_name text NOT NULL CHECK (char_length(last_name) <= 255),
  date_of_birth date,
  gender text,
  relationship text NOT NULL,
  email citext,
  phone_number text,
  ehr_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX patients_user_idx ON patients (user_id);

-- One-time sign-in codes: only an HMAC of the code is kept.
CREATE TABLE sign_in_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email citext NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  wrong_tries integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_codes_email_idx ON sign_in_codes (email, created_at DESC);

-- Magic-link login tokens: only a hash of the token is kept.
CREATE TABLE login_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  wrong_tries integer NOT NULL DEFAULT 0,
  redirect_to text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Sends and failures counted for the hourly per-account and per-IP limits.
CREATE TABLE sign_in_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('send', 'failure')),
  email citext,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_attempts_email_idx ON sign_in_attempts (kind, email, at);
CREATE INDEX sign_in_attempts_ip_idx ON sign_in_attempts (kind, ip, at);

-- Audit trail: who did what to which record, when, from where, with what outcome. Append-only.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  actor_id uuid,
  actor_groups text[] NOT NULL DEFAULT '{}',
  action text NOT NULL,
  record_type text,
  record_id text,
  outcome text NOT NULL CHECK (outcome IN ('success', 'failure', 'denied')),
  status integer,
  ip text,
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_record_idx ON audit_log (record_type, record_id, at);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at);

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();

-- Search filters and their descriptions (product-spec §3 Filter).
CREATE TABLE filters (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL,
  value text NOT NULL,
  description text,
  display_value text NOT NULL,
  priority integer NOT NULL DEFAULT 0,
  mapping_value text,
  UNIQUE (type, value)
);

-- Insurance carriers and their plans, Medicaid plans marked.
CREATE TABLE insurance_carriers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL
);
CREATE TABLE insurance_plans (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  carrier_id integer NOT NULL REFERENCES insurance_carriers (id),
  name text NOT NULL,
  is_medicaid boolean NOT NULL DEFAULT false,
  UNIQUE (carrier_id, name)
);

-- Practices (product-spec §3 Practice) in real cities.
CREATE TABLE practices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  address_line1 text NOT NULL,
  city text NOT NULL,
  state char(2) NOT NULL,
  zipcode char(5) NOT NULL,
  country text NOT NULL DEFAULT 'US',
  google_place_id text,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  time_zone text NOT NULL
);
CREATE INDEX practices_state_idx ON practices (state, city);

-- Providers (product-spec §3 Provider). filter_ids, plan_ids and licensed_states are the provider's
-- attributes as arrays, so that search filters them with one GIN index each.
CREATE TABLE providers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  first_name text NOT NULL,
  last_name text NOT NULL,
  title text NOT NULL,
  gender text NOT NULL,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]+$'),
  about text NOT NULL,
  pay_individual numeric(8, 2) NOT NULL CHECK (pay_individual >= 0),
  pay_follow_up numeric(8, 2) CHECK (pay_follow_up >= 0),
  practice_id uuid NOT NULL REFERENCES practices (id),
  time_zone text NOT NULL,
  licensed_states text[] NOT NULL CHECK (cardinality(licensed_states) > 0),
  specialties text[] NOT NULL DEFAULT '{}',
  filter_ids integer[] NOT NULL DEFAULT '{}',
  plan_ids integer[] NOT NULL DEFAULT '{}',
  offers_medication boolean NOT NULL DEFAULT false,
  accepts_b2b boolean NOT NULL DEFAULT false,
  removed_reason text,
  removed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX providers_states_idx ON providers USING gin (licensed_states);
CREATE INDEX providers_filters_idx ON providers USING gin (filter_ids);
CREATE INDEX providers_practice_idx ON providers (practice_id);
CREATE INDEX providers_name_idx ON providers (last_name, first_name, id);

ALTER TABLE users ADD CONSTRAINT users_provider_fk FOREIGN KEY (provider_id) REFERENCES providers (id);

-- Concrete slots a provider offers. A provider's slots never overlap; the booking part subtracts
-- appointments and holds from them in src/server/marketplace/availability.ts.
CREATE TABLE slots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  practice_id uuid NOT NULL REFERENCES practices (id),
  during tstzrange NOT NULL CHECK (NOT isempty(during) AND lower_inc(during) AND NOT upper_inc(during)),
  availability_type text NOT NULL CHECK (availability_type IN ('online', 'in_person')),
  is_medication boolean NOT NULL DEFAULT false,
  EXCLUDE USING gist (provider_id WITH =, during WITH &&)
);

-- What provider search reads: one row per provider and state it is licensed in, with its filters,
-- plans, location and what its open slots of the coming weeks look like. Rebuilt from providers and
-- slots by availability.ts (refreshAvailabilitySummary) with the same open-slot query that lists
-- slots. The API keeps it in memory (marketplace/search-index.ts); the index below serves the SQL
-- search used until that is loaded.
CREATE TABLE provider_search (
  state_code text NOT NULL,
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  open_slots integer NOT NULL,
  first_available timestamptz,
  time_of_day_mask integer NOT NULL,
  availability_type_mask integer NOT NULL,
  filter_ids integer[] NOT NULL,
  plan_ids integer[] NOT NULL,
  accepts_b2b boolean NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  refreshed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (state_code, provider_id)
);
CREATE INDEX provider_search_available_idx ON provider_search (state_code, open_slots DESC, first_available, provider_id)
  INCLUDE (time_of_day_mask, availability_type_mask, filter_ids, plan_ids, accepts_b2b, latitude, longitude);
CREATE INDEX provider_search_provider_idx ON provider_search (provider_id);

-- Clinicians outside the marketplace who refer a partner's members (authorization form).
CREATE TABLE referring_providers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_partner_id uuid NOT NULL REFERENCES business_partners (id),
  first_name text NOT NULL,
  last_name text NOT NULL,
  credential text NOT NULL,
  npi char(10) NOT NULL,
  ehr_id text NOT NULL UNIQUE
);
CREATE INDEX referring_providers_partner_idx ON referring_providers (business_partner_id, last_name);
