-- Task texts read in the reader's language (issue 22): a task or red alert the server writes keeps its
-- reason as a message key and its values (reason_key, reason_params), and a resolution note the server
-- writes likewise (resolution_note_key, resolution_note_params); they are rendered when read, in the
-- reader's language (src/domain/task-text.ts). `reason` and `resolution_note` still hold the sentence in
-- the default language: what a row written before this migration shows, and a fallback when a key leaves
-- the specs. A person's own words (an RCD's reason, a clinician's note) have no key and read as typed.
ALTER TABLE tasks
  ADD COLUMN reason_key text,
  ADD COLUMN reason_params jsonb,
  ADD COLUMN resolution_note_key text,
  ADD COLUMN resolution_note_params jsonb;
