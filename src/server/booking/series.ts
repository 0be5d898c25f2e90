/**
 * Recurring series (src/domain/recurrence.ts): the sessions after the held one, every week or every other week at
 * the same local time in the patient's zone. Before any money moves, planSeries finds each later session's open
 * slot of the clinician (same practice and mode, starting at that instant) or refuses with SERIES_TIMES_TAKEN,
 * naming the taken ones and the nearest open times for each. Inside the booking's one transaction, commitSeries
 * writes the series row and books every later session (its appointment, its booking row in slot_reservations, its
 * patients) in ONE statement: the exclusion constraints refuse the whole series if anyone took a time meanwhile.
 */
import { randomUUID } from 'node:crypto';
import type { AppointmentMode, AppointmentStatus } from '@/generated/enums';
import { nearestOpen, seriesOccurrences, seriesRecurrenceRule, seriesRuleStarts, type Occurrence } from '@/domain/recurrence';
import { calendarSequence, seriesEventUid, type CalendarEvent } from '@/domain/calendar';
import { sessionPayRate } from '@/domain/pay-rate';
import { dollarsToCents } from '@/domain/money';
import { formatWhen } from '@/domain/date-format';
import type { Queryable } from '../db/connection';
import { all, appointmentStart, appointmentTimes, first, qb, run, sql, type RowOf } from '../db/typed';
import { AppError } from '../errors';
import { changeDue } from '../money/ledger';
import { providerOpenSlots } from '../marketplace/availability';
import { purgeExpiredHolds } from './holds';
import type { BookingPlan } from './check-rules';
import { BOOKING_TERMS, insertAppointments } from './appointment-insert';

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
function bookLaterQuery(c: { firstId: string; series: SeriesPlan; callerId: string; now: Date }, seriesId: string) {
  const { series } = c;
  return qb
    .with('src', (db) => db.selectFrom('appointments').selectAll().where('id', '=', c.firstId))
    .with('series', (db) =>
      db
        .insertInto('appointment_series')
        .columns(['id', 'user_id', 'provider_id', 'repeat', 'sessions', 'time_zone', 'booked_by', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('src as s')
            .select([
              sql`${seriesId}`.as('id'),
              's.user_id',
              's.provider_id',
              sql`${series.repeat}`.as('repeat'),
              sql`${series.sessions}`.as('sessions'),
              sql`${series.zone}`.as('time_zone'),
              's.booked_by',
              sql<Date>`${c.now.toISOString()}::timestamptz`.as('created_at'),
            ]),
        )
        .returning('id'),
    )
    .with('first_one', (db) =>
      db
        .updateTable('appointments as a')
        .set((eb) => ({ series_id: eb.selectFrom('series').select('id'), series_index: 0 }))
        .where('a.id', '=', c.firstId),
    )
    .with('occ', (db) =>
      db
        .selectFrom(
          sql<{ id: string; slot_id: string; start_at: Date; end_at: Date; idx: number }>`unnest(${series.later.map((l) => l.id)}::uuid[], ${series.later.map(
            (l) => l.slotId,
          )}::uuid[], ${series.later.map((l) => l.start.toISOString())}::timestamptz[], ${series.later.map((l) => l.end.toISOString())}::timestamptz[], ${series.later.map(
            (l) => l.index,
          )}::int[])`.as<'o'>(sql`o(id, slot_id, start_at, end_at, idx)`),
        )
        .selectAll(),
    )
    .with('booked', (db) =>
      insertAppointments((values) =>
        db.selectFrom(['src as s', 'occ as o']).select((eb) =>
          values({
            id: eb.ref('o.id'),
            provider_id: eb.ref('s.provider_id'),
            slot_id: eb.ref('o.slot_id'),
            during: sql<string>`tstzrange(o.start_at, o.end_at)`,
            ...Object.fromEntries(BOOKING_TERMS.map((column) => [column, eb.ref(`s.${column}`)])),
            is_follow_up: sql.lit(true),
            price_cents: sql<number | null>`${series.laterPriceCents}::int`,
            series_id: eb.selectFrom('series').select('id').$asScalar(),
            series_index: eb.ref('o.idx'),
          }),
        ),
      ).returning(['id', 'provider_id', 'slot_id', 'during']),
    )
    .with('reserved', (db) =>
      db
        .insertInto('slot_reservations')
        .columns(['provider_id', 'slot_id', 'during', 'kind', 'held_by', 'appointment_id'])
        .expression((eb) =>
          eb
            .selectFrom('booked as b')
            .select(['b.provider_id', 'b.slot_id', 'b.during', sql.lit('booking').as('kind'), sql`${c.callerId}`.as('held_by'), 'b.id']),
        ),
    )
    .with('listed', (db) =>
      db
        .insertInto('appointment_patients')
        .columns(['appointment_id', 'patient_id', 'position', 'is_new'])
        .expression((eb) =>
          eb
            .selectFrom(['booked as b', 'appointment_patients as ap'])
            .select(['b.id', 'ap.patient_id', 'ap.position', sql.lit(false).as('is_new')])
            .where('ap.appointment_id', '=', c.firstId),
        ),
    )
    .selectFrom('booked')
    .select('id');
}

export async function commitSeries(
  tx: Queryable,
  c: { firstId: string; series: SeriesPlan; callerId: string; accountId: string; now: Date; idempotencyKey: string },
): Promise<string> {
  const seriesId = randomUUID();
  const { series } = c;
  await purgeExpiredHolds(tx, (await providerOf(tx, c.firstId))!, c.now);
  await run(tx, bookLaterQuery(c, seriesId));
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
  const row = await first(tx, qb.selectFrom('appointments').select('provider_id').where('id', '=', appointmentId));
  return row?.provider_id;
}

/** A session and the later booked ones of its series, in order, locked for the change; [] when the session is in no series. */
export async function sessionAndLaterOfSeries(db: Queryable, appointmentId: string) {
  return all(
    db,
    qb
      .selectFrom('appointments as me')
      .innerJoin('appointments as a', (join) => join.onRef('a.series_id', '=', 'me.series_id').onRef('a.series_index', '>=', 'me.series_index'))
      .select(['a.id', 'a.user_id as account_id', 'a.self_pay', 'a.status', appointmentStart().as('start_at')])
      .$narrowType<{ status: AppointmentStatus }>()
      .where('me.id', '=', appointmentId)
      .where((eb) => eb.or([eb('a.id', '=', eb.ref('me.id')), eb('a.status', '=', 'booked')]))
      .orderBy('a.series_index'),
  );
}

/** What a series' one Good Faith Estimate covers, for any of its sessions: the series' sessions still booked, the last one's start and a later session's price. */
const seriesEstimateQuery = (appointmentId: string) =>
  qb
    .selectFrom('appointments as me')
    .innerJoin('appointments as a', 'a.series_id', 'me.series_id')
    .select((eb) => [
      eb.selectFrom('appointments as f').select('f.id').whereRef('f.series_id', '=', 'me.series_id').where('f.series_index', '=', 0).as('first_id'),
      sql<number>`count(*) FILTER (WHERE a.status = 'booked')::int`.as('sessions'),
      sql<Date>`max(${appointmentStart()}) FILTER (WHERE a.status = 'booked')`.as('last_start'),
      sql<number | null>`min(a.price_cents) FILTER (WHERE a.series_index > 0 AND a.status = 'booked')`.as('later_price_cents'),
    ])
    .where('me.id', '=', appointmentId)
    .groupBy('me.series_id');

export type SeriesEstimateFacts = RowOf<ReturnType<typeof seriesEstimateQuery>> & { first_id: string };

/** What a series' one Good Faith Estimate covers, for any of its sessions; undefined for a session in no series. */
export async function seriesEstimateFacts(db: Queryable, appointmentId: string): Promise<SeriesEstimateFacts | undefined> {
  const row = await first(db, seriesEstimateQuery(appointmentId));
  return row?.first_id ? { ...row, first_id: row.first_id } : undefined;
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
  const rows = await all(
    db,
    qb
      .selectFrom('appointments as a')
      .innerJoin('appointment_series as se', 'se.id', 'a.series_id')
      .select(['a.id', 'a.series_index', ...appointmentTimes(), 'a.status', 'a.created_at', 'a.updated_at', 'a.rescheduled_from', 'se.repeat', 'se.time_zone'])
      // every session of a series has its place in it
      .$narrowType<{ series_index: number; status: AppointmentStatus; repeat: SeriesRequest['repeat'] }>()
      .where('a.series_id', '=', seriesId)
      .orderBy('a.series_index'),
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
