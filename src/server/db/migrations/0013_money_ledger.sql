-- A ledger that balances (issue 24): every movement of money is one row, appended by the money
-- service (src/server/money/ledger.ts) in the same transaction as the payment it records, and never
-- changed or removed. Two signed columns say what a row moves:
--   gateway_cents  money taken at the card gateway (+) or given back there (-): charge, fee, due_payment,
--                  void, refund; the gateway's id of the movement and of the charge it belongs to
--   due_cents      what the account owes for the appointment (+ owed, - paid or forgiven): fee left
--                  due, due (a price left to pay), due_payment
-- What is due for an appointment is the sum of its due_cents (appointment_due_cents), no longer a
-- stored column; what a charge still holds is the sum of gateway_cents of its charge_transaction_id.
CREATE TABLE money_ledger (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('charge', 'void', 'refund', 'fee', 'due', 'due_payment')),
  account_id uuid NOT NULL REFERENCES users (id),
  appointment_id uuid REFERENCES appointments (id),
  payment_id uuid REFERENCES payments (id),
  gateway text CHECK (gateway IN ('local', 'braintree')),
  transaction_id text,
  charge_transaction_id text,
  gateway_cents integer NOT NULL DEFAULT 0,
  due_cents integer NOT NULL DEFAULT 0,
  idempotency_key text,
  reason text CHECK (char_length(reason) <= 500),
  created_by uuid REFERENCES users (id),
  CHECK ((gateway_cents = 0) = (transaction_id IS NULL)),
  CHECK (transaction_id IS NULL OR (gateway IS NOT NULL AND charge_transaction_id IS NOT NULL)),
  CHECK (kind NOT IN ('charge', 'fee', 'due_payment') OR gateway_cents >= 0),
  CHECK (kind NOT IN ('void', 'refund') OR (gateway_cents < 0 AND due_cents = 0)),
  CHECK (kind <> 'due_payment' OR due_cents = -gateway_cents),
  CHECK (kind <> 'charge' OR due_cents = 0)
);
CREATE UNIQUE INDEX money_ledger_movement_idx ON money_ledger (gateway, transaction_id, kind) WHERE transaction_id IS NOT NULL;
CREATE INDEX money_ledger_appointment_idx ON money_ledger (appointment_id) WHERE appointment_id IS NOT NULL;
CREATE INDEX money_ledger_charge_idx ON money_ledger (gateway, charge_transaction_id) WHERE charge_transaction_id IS NOT NULL;
CREATE INDEX money_ledger_account_idx ON money_ledger (account_id, at);
CREATE INDEX money_ledger_at_idx ON money_ledger (at);

CREATE FUNCTION money_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'money_ledger is append-only: % refused', TG_OP;
END
$$;
CREATE TRIGGER money_ledger_append_only BEFORE UPDATE OR DELETE ON money_ledger FOR EACH ROW EXECUTE FUNCTION money_ledger_append_only();

-- What the ledger held before it existed: each charge and refund as it stands, and what was due.
INSERT INTO money_ledger (at, kind, account_id, appointment_id, payment_id, gateway, transaction_id, charge_transaction_id, gateway_cents, idempotency_key, created_by)
SELECT created_at, CASE purpose WHEN 'session' THEN 'charge' WHEN 'late_cancel_fee' THEN 'fee' ELSE 'charge' END,
       user_id, appointment_id, id, gateway, transaction_id, transaction_id, amount_cents, idempotency_key, created_by
  FROM payments WHERE refund_of IS NULL AND status <> 'failed' AND amount_cents > 0;
INSERT INTO money_ledger (at, kind, account_id, appointment_id, payment_id, gateway, transaction_id, charge_transaction_id, gateway_cents, idempotency_key, reason, created_by)
SELECT r.created_at, CASE WHEN r.transaction_id LIKE '%:void' THEN 'void' ELSE 'refund' END,
       r.user_id, r.appointment_id, r.id, r.gateway, r.transaction_id, c.transaction_id, -r.amount_cents, r.idempotency_key, r.refund_reason, r.created_by
  FROM payments r JOIN payments c ON c.id = r.refund_of WHERE r.amount_cents > 0;
INSERT INTO money_ledger (at, kind, account_id, appointment_id, due_cents, reason)
SELECT coalesce(cancelled_at, created_at), 'due', user_id, id, amount_due_cents, 'carried over'
  FROM appointments WHERE amount_due_cents > 0;

ALTER TABLE appointments DROP COLUMN amount_due_cents;

CREATE FUNCTION appointment_due_cents(appointment uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(due_cents), 0)::integer FROM money_ledger WHERE appointment_id = appointment
$$;

-- Differences between the ledger and the gateway's own record, found by the daily reconciliation
-- (src/server/money/reconcile.ts): a red alert for staff until someone resolves it.
CREATE TABLE money_discrepancies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  found_at timestamptz NOT NULL,
  gateway text NOT NULL,
  charge_transaction_id text NOT NULL,
  ledger_cents integer NOT NULL,
  gateway_cents integer NOT NULL,
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users (id),
  UNIQUE (gateway, charge_transaction_id, window_start)
);
