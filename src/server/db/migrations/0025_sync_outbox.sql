-- The sync outbox (issue 16 item 3): every change of an appointment, patient, consent or payment is
-- published to the practice's scheduling or EHR system. A trigger writes the outbox row in the same
-- transaction as the change (so no code path can forget it, and a rolled-back change publishes
-- nothing) and NOTIFYs on commit; the sync-outbox job of the job engine (src/server/sync) delivers it
-- through the configured adapter (FHIR R4 REST, or the local adapter that records deliveries).
--
-- Versions: each record's rows are numbered 1, 2, 3… (resource_type, record_id, version is unique);
-- a delivery is idempotent by that version (the FHIR adapter sends it as meta.versionId, the local
-- adapter keeps one row per version). A newer change supersedes an older row still pending, so only
-- a record's latest state is delivered. Retries: attempts and next_attempt_at (back-off); a row whose
-- tries are spent is 'failed' and raises a red_alert task (src/server/tasks).
CREATE TABLE sync_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  resource_type text NOT NULL CHECK (resource_type IN ('Patient', 'Appointment', 'Consent', 'Payment')),
  record_id uuid NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'superseded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- '-infinity': due at once, whatever the app's clock says (tests fake it)
  next_attempt_at timestamptz NOT NULL DEFAULT '-infinity',
  claimed_until timestamptz,
  last_error text CHECK (char_length(last_error) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  UNIQUE (resource_type, record_id, version)
);
CREATE INDEX sync_outbox_due_idx ON sync_outbox (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX sync_outbox_record_idx ON sync_outbox (record_id, resource_type);

-- Every delivery attempt (the sync audit): when, which adapter, delivered or failed, and the answer in
-- plain words (an HTTP status and the server's issue code; never the resource, which is health data).
CREATE TABLE sync_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  outbox_id bigint NOT NULL REFERENCES sync_outbox (id),
  at timestamptz NOT NULL,
  adapter text NOT NULL CHECK (adapter IN ('local', 'fhir')),
  outcome text NOT NULL CHECK (outcome IN ('delivered', 'failed')),
  answer text NOT NULL CHECK (char_length(answer) <= 500),
  -- the staff member who asked for this try (retry from a red alert); null for the worker
  requested_by uuid REFERENCES users (id)
);
CREATE INDEX sync_attempts_outbox_idx ON sync_attempts (outbox_id, id);
CREATE INDEX sync_attempts_at_idx ON sync_attempts (at DESC, id DESC);

-- The local adapter's record of what it delivered (the default, when no FHIR server is configured).
CREATE TABLE sync_local_deliveries (
  resource_type text NOT NULL,
  record_id uuid NOT NULL,
  version integer NOT NULL,
  resource jsonb NOT NULL,
  delivered_at timestamptz NOT NULL,
  PRIMARY KEY (resource_type, record_id, version)
);

CREATE FUNCTION sync_outbox_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version integer;
BEGIN
  -- The record's rows are locked by the change itself, so two transactions never number one record alike.
  SELECT coalesce(max(version), 0) + 1 INTO next_version FROM sync_outbox WHERE record_id = NEW.id AND resource_type = TG_ARGV[0];
  UPDATE sync_outbox SET status = 'superseded' WHERE record_id = NEW.id AND resource_type = TG_ARGV[0] AND status = 'pending';
  INSERT INTO sync_outbox (resource_type, record_id, version) VALUES (TG_ARGV[0], NEW.id, next_version);
  -- Delivered to listeners only when the transaction commits (and once per transaction).
  PERFORM pg_notify('sync_outbox', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER patients_sync_outbox_insert AFTER INSERT ON patients
  FOR EACH ROW EXECUTE FUNCTION sync_outbox_record('Patient');
CREATE TRIGGER patients_sync_outbox_update AFTER UPDATE ON patients
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION sync_outbox_record('Patient');
CREATE TRIGGER appointments_sync_outbox_insert AFTER INSERT ON appointments
  FOR EACH ROW EXECUTE FUNCTION sync_outbox_record('Appointment');
CREATE TRIGGER appointments_sync_outbox_update AFTER UPDATE ON appointments
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION sync_outbox_record('Appointment');
CREATE TRIGGER consents_sync_outbox_insert AFTER INSERT ON consents
  FOR EACH ROW EXECUTE FUNCTION sync_outbox_record('Consent');
CREATE TRIGGER consents_sync_outbox_update AFTER UPDATE ON consents
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION sync_outbox_record('Consent');
CREATE TRIGGER payments_sync_outbox_insert AFTER INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION sync_outbox_record('Payment');
CREATE TRIGGER payments_sync_outbox_update AFTER UPDATE ON payments
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION sync_outbox_record('Payment');
