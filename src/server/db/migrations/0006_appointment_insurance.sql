-- An appointment's insurance is an insurance on file (patient_insurances, migration 0004), no longer free
-- text: bookings check it is the primary patient's. Values that name no insurance on file - not a UUID,
-- or a UUID of nothing - become NULL; deleting an insurance leaves its appointments without one.
ALTER TABLE appointments ALTER COLUMN insurance_id TYPE uuid
  USING CASE WHEN insurance_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN insurance_id::uuid END;
UPDATE appointments a SET insurance_id = NULL
 WHERE insurance_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM patient_insurances i WHERE i.id = a.insurance_id);
ALTER TABLE appointments ADD CONSTRAINT appointments_insurance_fk FOREIGN KEY (insurance_id) REFERENCES patient_insurances (id) ON DELETE SET NULL;
CREATE INDEX appointments_insurance_idx ON appointments (insurance_id) WHERE insurance_id IS NOT NULL;
