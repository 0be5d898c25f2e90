-- Foundation: extensions used throughout, application metadata, and accounts.
CREATE EXTENSION IF NOT EXISTS pgcrypto;
CREATE EXTENSION IF NOT EXISTS citext;
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Key/value facts about this database (seed version, when it was seeded).
CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Accounts that sign in (product-spec §3 User, §6 user types and permission groups).
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email citext NOT NULL UNIQUE,
  first_name text NOT NULL CHECK (char_length(first_name) <= 255),
  last_name text NOT NULL CHECK (char_length(last_name) <= 255),
  user_type text NOT NULL CHECK (user_type IN ('patient', 'support', 'clinician', 'rcd', 'third_party_support')),
  groups text[] NOT NULL DEFAULT '{}',
  address jsonb,
  business_partner_id uuid,
  is_partner_association_active boolean NOT NULL DEFAULT false,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
