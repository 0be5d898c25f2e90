-- The filter catalogue's words in the languages other than the default (issue 22), by language tag:
-- {"es": {"displayValue": "Ansiedad", "description": "Preocupación, pánico y miedo…"}}. What a language lacks shows
-- in the default language.
ALTER TABLE filters ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;
