-- Rate and attempt limits counted atomically in the shared database: one row per limit, key and
-- fixed window. Every check is a single INSERT ... ON CONFLICT DO UPDATE ... RETURNING count, so
-- concurrent requests on any number of API processes each get a distinct count and never all pass.
CREATE TABLE rate_counters (
  scope text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key, window_start)
);
CREATE INDEX rate_counters_window_idx ON rate_counters (window_start);

-- The hourly sign-in limits moved to rate_counters.
DROP TABLE sign_in_attempts;
