-- Issue 38 item 2: a patient reports an entry of "Who looked at my record" to support as a task of its own kind.
ALTER TABLE tasks DROP CONSTRAINT tasks_kind_check;
ALTER TABLE tasks ADD CONSTRAINT tasks_kind_check CHECK (kind IN ('red_alert', 'insurance_verification', 'front_desk', 'referral',
  'rcd_provider_request', 'clinical_alert', 'unanswered_message', 'record_access_report'));
