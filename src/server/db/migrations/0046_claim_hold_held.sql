-- A time held by another attempt is refused as held, not as booked (issue 34 item 3): claim_hold (migration
-- 0029) is the same but for one check in the provider's turn, after the purge of expired holds and the renewal of
-- the caller's own hold: when the time overlaps someone else's live hold and no booking, the call raises SQLSTATE
-- HLD01 (src/server/booking/holds.ts answers SLOT_HELD, "someone is booking this time") instead of meeting the
-- exclusion constraint (23P01, SLOT_ALREADY_BOOKED). A booking still meets the constraint.
CREATE OR REPLACE FUNCTION claim_hold(
  p_slot uuid, p_provider uuid, p_caller uuid, p_minutes int, p_now timestamptz, p_limit_live boolean, p_keep int
) RETURNS TABLE (
  hold_id uuid, hold_expires_at timestamptz, renewed boolean, earlier_expires_at timestamptz, ended_ids uuid[], ended_expires_at timestamptz[],
  slot_practice_id uuid, slot_start timestamptz, slot_end timestamptz, slot_type text, slot_is_medication boolean,
  provider_offers_medication boolean, provider_time_zone text
) LANGUAGE plpgsql AS $$
DECLARE
  s record;
  v_id uuid;
  v_expires timestamptz;
  v_was timestamptz;
  v_ended uuid[] := '{}';
  v_ended_was timestamptz[] := '{}';
BEGIN
  SELECT sl.practice_id, sl.during, sl.availability_type, sl.is_medication, p.offers_medication, p.time_zone INTO s
    FROM slots sl JOIN providers p ON p.id = sl.provider_id
   WHERE sl.id = p_slot AND sl.provider_id = p_provider AND p.removed_at IS NULL;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- Claims on one provider's time take turns: two transactions inserting conflicting rows under an
  -- exclusion constraint at the same moment can deadlock; in turn, the second simply meets the first's row.
  PERFORM pg_advisory_xact_lock(hashtextextended('provider-time:' || p_provider::text, 0));
  -- An account's holds take turns too (after the provider's), so two processes cannot both keep theirs.
  IF p_limit_live THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('holds-of:' || p_caller::text, 0));
  END IF;
  -- A constraint cannot look at the clock: the provider's expired holds go before every claim.
  DELETE FROM slot_reservations r WHERE r.provider_id = p_provider AND r.kind = 'hold' AND r.expires_at <= p_now;
  -- The caller's own live hold of the slot is renewed (same id, later expiry, never earlier).
  UPDATE slot_reservations r SET expires_at = greatest(r.expires_at, p_now + make_interval(mins => p_minutes))
    FROM (SELECT o.id, o.expires_at FROM slot_reservations o
           WHERE o.slot_id = p_slot AND o.provider_id = p_provider AND o.kind = 'hold' AND o.held_by = p_caller AND o.expires_at > p_now
           FOR UPDATE) earlier
   WHERE r.id = earlier.id
  RETURNING r.id, r.expires_at, earlier.expires_at INTO v_id, v_expires, v_was;
  IF FOUND THEN
    RETURN QUERY SELECT v_id, v_expires, true, v_was, v_ended, v_ended_was,
      s.practice_id, lower(s.during), upper(s.during), s.availability_type, s.is_medication, s.offers_medication, s.time_zone;
    RETURN;
  END IF;
  -- Someone else's live hold (no booking) of this time: said as held, not booked (issue 34). In the provider's turn,
  -- so what is read here is what the insert below would meet; the constraint stays the guarantee.
  IF EXISTS (SELECT 1 FROM slot_reservations r WHERE r.provider_id = p_provider AND r.during && s.during AND r.kind = 'hold' AND r.held_by <> p_caller)
     AND NOT EXISTS (SELECT 1 FROM slot_reservations r WHERE r.provider_id = p_provider AND r.during && s.during AND r.kind = 'booking') THEN
    RAISE EXCEPTION 'this time is held by another attempt' USING ERRCODE = 'HLD01';
  END IF;
  INSERT INTO slot_reservations (provider_id, slot_id, during, kind, held_by, expires_at)
  VALUES (p_provider, p_slot, s.during, 'hold', p_caller, p_now + make_interval(mins => p_minutes))
  RETURNING slot_reservations.id, slot_reservations.expires_at INTO v_id, v_expires;
  -- One account holds at most p_keep + 1 times at once: the oldest beyond that end now, as if their minutes had run out.
  IF p_limit_live THEN
    WITH ended AS (
      UPDATE slot_reservations r SET expires_at = p_now
        FROM (SELECT o.id, o.expires_at FROM slot_reservations o
               WHERE o.kind = 'hold' AND o.held_by = p_caller AND o.expires_at > p_now AND o.id <> v_id
               ORDER BY o.created_at DESC, o.expires_at DESC OFFSET p_keep FOR UPDATE) earlier
       WHERE r.id = earlier.id
      RETURNING r.id, earlier.expires_at AS was
    )
    SELECT coalesce(array_agg(ended.id), '{}'), coalesce(array_agg(ended.was), '{}') INTO v_ended, v_ended_was FROM ended;
  END IF;
  RETURN QUERY SELECT v_id, v_expires, false, NULL::timestamptz, v_ended, v_ended_was,
    s.practice_id, lower(s.during), upper(s.during), s.availability_type, s.is_medication, s.offers_medication, s.time_zone;
END
$$;
