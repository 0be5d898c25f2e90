-- One task model for every staff work queue (issue 17 item 8, issue 16 item 6; src/domain/tasks.ts):
-- red alerts, insurance verification, front-desk tasks, referrals, RCD provider requests, clinical
-- alerts and unanswered messages are views of this table. A task names its subject record
-- (subject_type + subject_id, e.g. patient, appointment, provider, referral), its kind, owner, status,
-- a stage with its own clock (stage_since), reason, priority, due time and resolution note. `version`
-- is the optimistic lock: every change is UPDATE … WHERE id = $1 AND version = $2, so of two people
-- claiming one task only one wins. task_events keeps every change (who, from, to, note); the audit
-- log names the task too.
CREATE TABLE tasks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('red_alert', 'insurance_verification', 'front_desk', 'referral', 'rcd_provider_request', 'clinical_alert', 'unanswered_message')),
  subject_type text NOT NULL CHECK (char_length(subject_type) BETWEEN 1 AND 40),
  subject_id text NOT NULL CHECK (char_length(subject_id) BETWEEN 1 AND 100),
  patient_id uuid REFERENCES patients (id),
  provider_id uuid REFERENCES providers (id),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'on_hold', 'completed', 'declined', 'cancelled')),
  stage text NOT NULL DEFAULT 'new' CHECK (char_length(stage) BETWEEN 1 AND 60),
  stage_since timestamptz NOT NULL,
  priority text NOT NULL DEFAULT 'routine' CHECK (priority IN ('routine', 'urgent', 'asap', 'stat')),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 2000),
  owner_id uuid REFERENCES users (id),
  created_by uuid REFERENCES users (id),
  due_at timestamptz,
  resolution_note text CHECK (char_length(resolution_note) <= 2000),
  resolved_at timestamptz,
  details jsonb NOT NULL DEFAULT '{}',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT tasks_resolved_have_note CHECK (status NOT IN ('completed', 'declined', 'cancelled') OR (resolution_note IS NOT NULL AND resolved_at IS NOT NULL)),
  CONSTRAINT tasks_claimed_have_owner CHECK (status NOT IN ('in_progress', 'on_hold') OR owner_id IS NOT NULL)
);
CREATE INDEX tasks_queue_idx ON tasks (kind, status, due_at);
CREATE INDEX tasks_owner_idx ON tasks (owner_id, status) WHERE owner_id IS NOT NULL;
CREATE INDEX tasks_subject_idx ON tasks (subject_type, subject_id);
CREATE INDEX tasks_patient_idx ON tasks (patient_id) WHERE patient_id IS NOT NULL;
CREATE INDEX tasks_provider_idx ON tasks (provider_id, kind, status) WHERE provider_id IS NOT NULL;

CREATE TABLE task_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  task_id uuid NOT NULL REFERENCES tasks (id),
  at timestamptz NOT NULL,
  actor_id uuid REFERENCES users (id),
  action text NOT NULL CHECK (action IN ('create', 'claim', 'release', 'hold', 'resume', 'stage', 'reassign', 'complete', 'decline', 'cancel')),
  from_status text,
  to_status text NOT NULL,
  stage text NOT NULL,
  owner_id uuid,
  note text CHECK (char_length(note) <= 2000),
  version integer NOT NULL
);
CREATE INDEX task_events_task_idx ON task_events (task_id, id);
