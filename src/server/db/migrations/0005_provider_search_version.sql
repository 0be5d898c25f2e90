-- A number that moves whenever provider_search changes, whatever changed it: every API process
-- compares it with the version its in-memory search index was loaded at (every few seconds), so the
-- check is one row read instead of a count over provider_search.
CREATE TABLE provider_search_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL
);
INSERT INTO provider_search_version (version) VALUES (1);

CREATE FUNCTION provider_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE provider_search_version SET version = version + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER provider_search_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_search
  FOR EACH STATEMENT EXECUTE FUNCTION provider_search_changed();
