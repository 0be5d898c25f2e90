-- Waitlists (issue 21 item 2): people waiting for a provider's time, or for any provider like one they
-- searched for, and the offers of freed times made to them in turn.

CREATE TABLE waitlist_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- order in line: who joined first (a clock may show two joins at one instant)
  place bigint GENERATED ALWAYS AS IDENTITY,
  -- the account the offer goes to (and holds the time for)
  user_id uuid NOT NULL REFERENCES users (id),
  -- who would attend (their age decides which providers may see them); null: the account holder's own record
  patient_id uuid REFERENCES patients (id),
  -- one provider's waitlist; null: a search waitlist ("any provider like this")
  provider_id uuid REFERENCES providers (id),
  counseling_type text,
  appointment_mode text CHECK (appointment_mode IN ('online', 'in_person')),
  -- the insurance plan the session would be billed to; null: self-pay
  plan_id integer REFERENCES insurance_plans (id),
  -- where the patient is (the provider must be licensed there)
  state_code char(2) NOT NULL,
  -- parts of the day that suit (empty: any)
  times_of_day text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'booked', 'left')),
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  CHECK ((status = 'waiting') = (ended_at IS NULL))
);
CREATE INDEX waitlist_entries_waiting_idx ON waitlist_entries (place) WHERE status = 'waiting';
CREATE INDEX waitlist_entries_user_idx ON waitlist_entries (user_id);
-- One waiting place per account, patient and provider: joining twice keeps the first place in line.
CREATE UNIQUE INDEX waitlist_entries_one_place_idx ON waitlist_entries (user_id, coalesce(patient_id, user_id), provider_id)
  WHERE status = 'waiting' AND provider_id IS NOT NULL;

CREATE TABLE waitlist_offers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entry_id uuid NOT NULL REFERENCES waitlist_entries (id),
  slot_id uuid NOT NULL REFERENCES slots (id) ON DELETE CASCADE,
  -- the slot_reservations hold made for the offer (deleted when the offer ends unbooked)
  hold_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'booked', 'lapsed', 'declined', 'withdrawn')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  CHECK ((status = 'open') = (ended_at IS NULL)),
  -- nobody is offered the same time twice
  UNIQUE (entry_id, slot_id)
);
-- One time is never offered to two people at once.
CREATE UNIQUE INDEX waitlist_offers_one_open_per_slot_idx ON waitlist_offers (slot_id) WHERE status = 'open';
-- One open offer per place in line.
CREATE UNIQUE INDEX waitlist_offers_one_open_per_entry_idx ON waitlist_offers (entry_id) WHERE status = 'open';
CREATE INDEX waitlist_offers_expiry_idx ON waitlist_offers (expires_at) WHERE status = 'open';
CREATE INDEX waitlist_offers_hold_idx ON waitlist_offers (hold_id);
