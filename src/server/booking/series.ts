/**
 * Recurring series (src/domain/recurrence.ts): the sessions after the held one, every week or every other week at
 * the same local time in the patient's zone. Before any money moves, planSeries finds each later session's open
 * slot of the clinician (same practice and mode, starting at that instant) or refuses with SERIES_TIMES_TAKEN,
 * naming the taken ones and the nearest open times for each. Inside the booking's one transaction, commitSeries
 * writes the series row and books every later session (its appointment, its booking row in slot_reservations, its
 * patients) in ONE statement: the exclusion constraints refuse the whole series if anyone took a time meanwhile.
 */
import { randomUUID } from 'node:crypto';
import type { AppointmentMode } from '@/generated/enums';
import { nearestOpen, seriesOccurrences, seriesRecurrenceRule, seriesRuleStarts, type Occurrence } from '@/domain/recurrence';
import { calendarSequence, seriesEventUid, type CalendarEvent } from '@/domain/calendar';
import { sessionPayRate } from '@/domain/pay-rate';
import { dollarsToCents } from '@/domain/money';
import { formatWhen } from '@/domain/date-format';
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';
import { changeDue } from '../money/ledger';
import { providerOpenSlots } from '../marketplace/availability';
import { purgeExpiredHolds } from './holds';
import type { BookingPlan } from './check-rules';

export interface SeriesRequest {
  repeat: 'week' | 'otherWeek';
  sessions: number;
}

export interface LaterSession {
  id: string;
  index: number;
  slotId: string;
  start: Date;
  end: Date;
}

export interface SeriesPlan extends SeriesRequest {
  zone: string;
  later: LaterSession[];
  /** each later session's self-pay price (the follow-up rate); null when insured or without a rate */
  laterPriceCents: number | null;
}

/** How far around a taken session the nearest open times are looked for. */
const AROUND_MS = 7 * 24 * 3_600_000;

/** The later sessions' open slots, or SERIES_TIMES_TAKEN with the taken ones and the nearest open times of each. */
export async function planSeries(
  db: Queryable,
  plan: BookingPlan,
  wanted: { practiceId: string; appointmentMode: AppointmentMode; payRates: { individual: string; follow_up: string | null } },
  series: SeriesRequest,
  now: Date,
): Promise<SeriesPlan> {
  const first = { start: new Date(plan.slot.start_at), end: new Date(plan.slot.end_at) };
  const occurrences = seriesOccurrences(first, series.repeat, series.sessions, plan.timeZone).slice(1);
  const last = occurrences.at(-1)!;
  const found = await providerOpenSlots(
    db,
    plan.slot.provider_id,
    { from: new Date(occurrences[0]!.start.getTime() - AROUND_MS), to: new Date(last.end.getTime() + AROUND_MS) },
    { practiceId: wanted.practiceId, availabilityTypes: [wanted.appointmentMode] },
    now,
  );
  const open = (found?.slots ?? []).filter((s) => s.practiceId === wanted.practiceId && s.availabilityType === wanted.appointmentMode);
  const later: LaterSession[] = [];
  const taken: Occurrence[] = [];
  for (const o of occurrences) {
    const slot = open.find((s) => s.start.getTime() === o.start.getTime());
    if (slot) later.push({ id: randomUUID(), index: o.index, slotId: slot.id, start: slot.start, end: slot.end });
    else taken.push(o);
  }
  if (taken.length) {
    const wantedStarts = new Set(occurrences.map((o) => o.start.getTime()));
    const others = open.filter((s) => !wantedStarts.has(s.start.getTime()));
    throw new AppError('SERIES_TIMES_TAKEN', {
      params: { times: taken.map((o) => formatWhen(o.start, plan.timeZone)).join('; ') },
      details: {
        taken: taken.map((o) => ({ index: o.index, start: o.start.toISOString() })),
        alternatives: taken.map((o) => ({
          index: o.index,
          slots: nearestOpen(o.start, others).map((s) => ({ slotId: s.id, start: s.start.toISOString(), end: s.end.toISOString() })),
        })),
      },
    });
  }
  const rate = plan.selfPay ? sessionPayRate(wanted.payRates, true) : undefined;
  return { ...series, zone: plan.timeZone, later, laterPriceCents: rate !== undefined ? dollarsToCents(rate) : null };
}

/**
 * Books the later sessions of the series whose first session `firstId` was just booked in `tx`: copies of it at
 * their own times (follow-ups at laterPriceCents), each with its booking row and the first one's patients.
 */
const BOOK_LATER = `
  WITH src AS (SELECT * FROM appointments WHERE id = $1),
  series AS (
    INSERT INTO appointment_series (id, user_id, provider_id, repeat, sessions, time_zone, booked_by, created_at)
    SELECT $2, s.user_id, s.provider_id, $3, $4, $5, s.booked_by, $6::timestamptz FROM src s RETURNING id
  ), first_one AS (
    UPDATE appointments a SET series_id = (SELECT id FROM series), series_index = 0 WHERE a.id = $1
  ), occ AS (
    SELECT * FROM unnest($7::uuid[], $8::uuid[], $9::timestamptz[], $10::timestamptz[], $11::int[]) AS o(id, slot_id, start_at, end_at, idx)
  ), booked AS (
    INSERT INTO appointments (id, user_id, provider_id, practice_id, slot_id, during, appointment_mode, counseling_type, counseling_type_id, is_follow_up,
                              time_zone, self_pay, self_pay_consent_category, insurance_id, booking_funnel, booking_source, app_source,
                              partnership_code, business_partner_id, price_cents, booked_by, series_id, series_index)
    SELECT o.id, s.user_id, s.provider_id, s.practice_id, o.slot_id, tstzrange(o.start_at, o.end_at), s.appointment_mode, s.counseling_type,
           s.counseling_type_id, true, s.time_zone, s.self_pay, s.self_pay_consent_category, s.insurance_id, s.booking_funnel, s.booking_source,
           s.app_source, s.partnership_code, s.business_partner_id, $12::int, s.booked_by, (SELECT id FROM series), o.idx
      FROM src s, occ o
    RETURNING id, provider_id, slot_id, during
  ), reserved AS (
    INSERT INTO slot_reservations (provider_id, slot_id, during, kind, held_by, appointment_id)
    SELECT b.provider_id, b.slot_id, b.during, 'booking', $13, b.id FROM booked b
  ), listed AS (
    INSERT INTO appointment_patients (appointment_id, patient_id, position, is_new)
    SELECT b.id, ap.patient_id, ap.position, false FROM booked b, appointment_patients ap WHERE ap.appointment_id = $1
  )
  SELECT id FROM booked`;

export async function commitSeries(
  tx: Queryable,
  c: { firstId: string; series: SeriesPlan; callerId: string; accountId: string; now: Date; idempotencyKey: string },
): Promise<string> {
  const seriesId = randomUUID();
  const { series } = c;
  await purgeExpiredHolds(tx, (await providerOf(tx, c.firstId))!, c.now);
  await tx.query(BOOK_LATER, [
    c.firstId,
    seriesId,
    series.repeat,
    series.sessions,
    series.zone,
    c.now.toISOString(),
    series.later.map((l) => l.id),
    series.later.map((l) => l.slotId),
    series.later.map((l) => l.start.toISOString()),
    series.later.map((l) => l.end.toISOString()),
    series.later.map((l) => l.index),
    series.laterPriceCents,
    c.callerId,
  ]);
  // Each later self-pay session's price is owed until it is paid (POST /payments/{id}/pay), as a session booked without a card.
  if (series.laterPriceCents) {
    for (const l of series.later) {
      await changeDue(tx, {
        appointmentId: l.id,
        accountId: c.accountId,
        cents: series.laterPriceCents,
        reason: 'series session booked',
        createdBy: c.callerId,
        idempotencyKey: `${c.idempotencyKey}:series:${l.index}`,
        at: c.now,
      });
    }
  }
  return seriesId;
}

async function providerOf(tx: Queryable, appointmentId: string): Promise<string | undefined> {
  const [row] = await tx.query<{ provider_id: string }>('SELECT provider_id FROM appointments WHERE id = $1', [appointmentId]);
  return row?.provider_id;
}

/** A session and the later booked ones of its series, in order, locked for the change; [] when the session is in no series. */
export async function sessionAndLaterOfSeries(
  db: Queryable,
  appointmentId: string,
): Promise<{ id: string; account_id: string; self_pay: boolean; status: 'booked' | 'cancelled'; start_at: Date }[]> {
  return db.query(
    `SELECT a.id, a.user_id AS account_id, a.self_pay, a.status, lower(a.during) AS start_at
       FROM appointments me JOIN appointments a ON a.series_id = me.series_id AND a.series_index >= me.series_index
      WHERE me.id = $1 AND (a.id = me.id OR a.status = 'booked')
      ORDER BY a.series_index`,
    [appointmentId],
  );
}

export interface SeriesEstimateFacts {
  first_id: string;
  /** the series' sessions still booked, the last one's start and a later session's price */
  sessions: number;
  last_start: Date;
  later_price_cents: number | null;
}

/** What a series' one Good Faith Estimate covers, for any of its sessions; undefined for a session in no series. */
export async function seriesEstimateFacts(db: Queryable, appointmentId: string): Promise<SeriesEstimateFacts | undefined> {
  const [row] = await db.query<SeriesEstimateFacts>(
    `SELECT (SELECT f.id FROM appointments f WHERE f.series_id = me.series_id AND f.series_index = 0) AS first_id,
            count(*) FILTER (WHERE a.status = 'booked')::int AS sessions,
            max(lower(a.during)) FILTER (WHERE a.status = 'booked') AS last_start,
            min(a.price_cents) FILTER (WHERE a.series_index > 0 AND a.status = 'booked') AS later_price_cents
       FROM appointments me JOIN appointments a ON a.series_id = me.series_id
      WHERE me.id = $1
      GROUP BY me.series_id`,
    [appointmentId],
  );
  return row?.first_id ? row : undefined;
}

export interface SeriesSession {
  id: string;
  index: number;
  start: string;
  end: string;
  status: 'booked' | 'cancelled';
  /** the session's own calendar SEQUENCE (calendarSequence) */
  sequence: number;
  /** its start before its last move (null never moved) */
  movedFrom: string | null;
}

export interface SeriesCalendar {
  id: string;
  repeat: SeriesRequest['repeat'];
  /** the patient's zone whose wall clock the series keeps */
  timeZone: string;
  sessions: SeriesSession[];
}

/** Every session of a series in order, with what its calendar event needs. */
export async function seriesSessions(db: Queryable, seriesId: string): Promise<SeriesCalendar | undefined> {
  const rows = await db.query<{
    id: string;
    series_index: number;
    start_at: Date;
    end_at: Date;
    status: 'booked' | 'cancelled';
    created_at: Date;
    updated_at: Date;
    rescheduled_from: Date | null;
    repeat: SeriesRequest['repeat'];
    time_zone: string;
  }>(
    `SELECT a.id, a.series_index, lower(a.during) AS start_at, upper(a.during) AS end_at, a.status, a.created_at, a.updated_at, a.rescheduled_from, se.repeat,
            se.time_zone
       FROM appointments a JOIN appointment_series se ON se.id = a.series_id WHERE a.series_id = $1 ORDER BY a.series_index`,
    [seriesId],
  );
  if (!rows.length) return undefined;
  return {
    id: seriesId,
    repeat: rows[0]!.repeat,
    timeZone: rows[0]!.time_zone,
    sessions: rows.map((r) => ({
      id: r.id,
      index: r.series_index,
      start: new Date(r.start_at).toISOString(),
      end: new Date(r.end_at).toISOString(),
      status: r.status,
      sequence: calendarSequence({
        bookedAt: r.created_at,
        changedAt: r.updated_at,
        rescheduled: r.rescheduled_from !== null,
        cancelled: r.status === 'cancelled',
      }),
      movedFrom: r.rescheduled_from ? new Date(r.rescheduled_from).toISOString() : null,
    })),
  };
}

/**
 * A series as ONE recurring calendar event (the one writer, src/domain/calendar.ts), under the series' own UID (never a
 * session's, so a single session's file and the series' never replace each other): the rule's first start and times,
 * the weekly rule, the cancelled sessions excluded at the rule's starts, and each moved session as an override
 * (RECURRENCE-ID the rule's start, its own times). Its SEQUENCE is the sum of the sessions' own, so it grows with each change.
 */
export function seriesCalendarEvent(event: CalendarEvent, series: SeriesCalendar): CalendarEvent {
  const count = Math.max(series.sessions.length, ...series.sessions.map((s) => s.index + 1));
  const rule = seriesRuleStarts(series.sessions, series.repeat, count, series.timeZone);
  const first = rule[0]!;
  const last = series.sessions.reduce((a, b) => (a.end > b.end ? a : b));
  const ruleStart = (s: SeriesSession) => rule[s.index]!.start.toISOString();
  const sequence = series.sessions.reduce((sum, s) => sum + s.sequence, 0);
  const { recurrenceId: _r, ...master } = event;
  return {
    ...master,
    uid: seriesEventUid(series.id),
    appointmentId: series.sessions[0]!.id,
    start: first.start.toISOString(),
    end: first.end.toISOString(),
    cancelled: series.sessions.every((s) => s.status === 'cancelled'),
    sequence,
    recurrence: {
      rule: seriesRecurrenceRule(series.repeat, count),
      excluded: series.sessions.filter((s) => s.status === 'cancelled').map(ruleStart),
      lastEnd: [last.end, rule.at(-1)!.end.toISOString()].sort().at(-1)!,
      overrides: series.sessions
        .filter((s) => s.status === 'booked' && s.start !== ruleStart(s))
        .map((s) => ({ recurrenceId: ruleStart(s), start: s.start, end: s.end, sequence })),
    },
  };
}
