-- A number that moves whenever what a visitor may be offered changes, whatever changed it and in whichever
-- process (issue 34 item 3): a hold or a booking taken or let go (slot_reservations), open times made or
-- removed (slots), a provider changed or removed (providers), and search's summary rebuilt (provider_search).
-- Every API process reads it before it sends a rendered page (src/server/pages/page-cache.ts): a page rendered
-- before the number moved is rendered again before anyone sees it, so no cached page, fragment or island
-- offers a time that is held, booked or removed, even when another process took it.
--
-- A sequence, not a row: nextval never waits for another transaction, so bookings of different providers
-- do not queue behind one row lock, and its last value is seen by every session at once. A statement that
-- changed no row (the purge of expired holds before every claim, most often) does not move it.
CREATE SEQUENCE open_times_version;

CREATE FUNCTION open_times_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    PERFORM nextval('open_times_version');
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION open_times_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('open_times_version');
  RETURN NULL;
END;
$$;

-- A trigger with a transition table answers one event, hence one trigger per event and table.
CREATE TRIGGER open_times_reservation_added AFTER INSERT ON slot_reservations REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION open_times_changed();
CREATE TRIGGER open_times_reservation_changed AFTER UPDATE ON slot_reservations REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION open_times_changed();
CREATE TRIGGER open_times_reservation_ended AFTER DELETE ON slot_reservations REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION open_times_changed();
CREATE TRIGGER open_times_reservations_truncated AFTER TRUNCATE ON slot_reservations
  FOR EACH STATEMENT EXECUTE FUNCTION open_times_truncated();

CREATE TRIGGER open_times_slot_added AFTER INSERT ON slots REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION open_times_changed();
CREATE TRIGGER open_times_slot_changed AFTER UPDATE ON slots REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION open_times_changed();
CREATE TRIGGER open_times_slot_removed AFTER DELETE ON slots REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION open_times_changed();
CREATE TRIGGER open_times_slots_truncated AFTER TRUNCATE ON slots
  FOR EACH STATEMENT EXECUTE FUNCTION open_times_truncated();

CREATE TRIGGER open_times_provider_changed AFTER UPDATE ON providers REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION open_times_changed();

-- Rebuilt after a save of hours (after its transaction commits) and hourly: search cards' figures move with it.
CREATE TRIGGER open_times_search_changed AFTER INSERT ON provider_search REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION open_times_changed();
