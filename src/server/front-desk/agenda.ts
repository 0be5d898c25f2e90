/**
 * The practice agenda (GET /front-desk/agenda): a practice's booked sessions of one calendar day in
 * the practice's zone, earliest first, with each person's check-in and open front-desk tasks
 * (consent not signed, insurance card photo missing, balance due on the account). A booking consent
 * counts for its own session (consents signed while booking name it); one without a session for all.
 */
import moment from 'moment-timezone';
import type { EndpointTypes } from '@/generated/entities';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { Queryable } from '../db/connection';
import { all, appointmentStart, appointmentTimes, first, qb, sql } from '../db/typed';
import { fullName } from '@/domain/names';

export type Agenda = EndpointTypes['getFrontDeskAgenda']['response'];
type Task = Agenda['sessions'][number]['patients'][number]['tasks'][number];

/**
 * `balanceListed`: the accounts whose balance is listed already. A balance is the account's, not a session's or a
 * person's: it is listed once, on the account's first person of the day (or of the days read with the same set),
 * with the sessions it covers; a $50 balance on two sessions' rows, or on a parent's and a child's, read as $100 owed.
 */
export async function agendaOf(db: Queryable, practiceId: string, date: string, balanceListed = new Set<string>()): Promise<Agenda | undefined> {
  const practice = await first(
    db,
    qb.selectFrom('practices').select(['id', 'name', 'address_line1', 'city', 'state', 'time_zone']).where('id', '=', practiceId),
  );
  if (!practice) return undefined;
  const dayStart = moment.tz(date, 'YYYY-MM-DD', practice.time_zone).startOf('day');
  const from = dayStart.toDate();
  const to = dayStart.clone().add(1, 'day').toDate();
  const startOf = appointmentStart();
  const rows = await all(
    db,
    qb
      .selectFrom('appointments as a')
      .innerJoin('providers as pv', 'pv.id', 'a.provider_id')
      .innerJoin('appointment_patients as ap', 'ap.appointment_id', 'a.id')
      .innerJoin('patients as p', 'p.id', 'ap.patient_id')
      .select((eb) => [
        'a.id',
        'a.user_id',
        ...appointmentTimes(),
        'a.appointment_mode',
        'a.counseling_type',
        'a.insurance_id',
        jsonBuildObject({ id: eb.ref('pv.id'), firstName: eb.ref('pv.first_name'), lastName: eb.ref('pv.last_name'), title: eb.ref('pv.title') }).as(
          'provider',
        ),
        'p.id as patient_id',
        'p.first_name',
        'p.last_name',
        'ap.position',
        'ap.checked_in_at',
        eb
          .exists(
            eb
              .selectFrom('consents as c')
              .select('c.id')
              .whereRef('c.patient_id', '=', 'p.id')
              .where('c.consent_type', '=', 'bookAppointmentConsent')
              .where('c.signed_at', 'is not', null)
              .where((w) => w.or([w('c.appointment_id', 'is', null), w('c.appointment_id', '=', w.ref('a.id'))])),
          )
          .as('consent_signed'),
        eb
          .selectFrom('consents as c')
          .select('c.id')
          .whereRef('c.patient_id', '=', 'p.id')
          .where('c.consent_type', '=', 'bookAppointmentConsent')
          .where('c.signed_at', 'is', null)
          .where((w) => w.or([w('c.appointment_id', 'is', null), w('c.appointment_id', '=', w.ref('a.id'))]))
          .orderBy('c.created_at', 'desc')
          .limit(1)
          .as('unsigned_consent_id'),
        eb
          .and([
            eb('a.insurance_id', 'is not', null),
            eb('ap.position', '=', 0),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('patient_documents as d')
                  .select('d.id')
                  .whereRef('d.insurance_id', '=', 'a.insurance_id')
                  .where('d.kind', '=', 'insurance_card_front'),
              ),
            ),
          ])
          .as('card_missing'),
        sql<number>`CASE WHEN ${eb.ref('ap.position')} = 0 THEN (${eb
          .selectFrom('appointments as o')
          .select(sql<number>`coalesce(sum(appointment_due_cents(o.id)), 0)::int`.as('due'))
          .whereRef('o.user_id', '=', 'a.user_id')}) ELSE 0 END`.as('balance_cents'),
        sql<string[] | null>`CASE WHEN ${eb.ref('ap.position')} = 0 THEN (${eb
          .selectFrom('appointments as o')
          .select(sql<string[]>`json_agg(lower(o.during) ORDER BY lower(o.during))`.as('covers'))
          .whereRef('o.user_id', '=', 'a.user_id')
          .where(sql<number>`appointment_due_cents(o.id)`, '>', 0)}) END`.as('balance_covers'),
      ])
      .where('a.practice_id', '=', practiceId)
      .where('a.status', '=', 'booked')
      .where(startOf, '>=', from)
      .where(startOf, '<', to)
      .orderBy(startOf)
      .orderBy('a.id')
      .orderBy('ap.position'),
  );
  const sessions: Agenda['sessions'] = [];
  for (const r of rows) {
    let s = sessions.at(-1);
    if (!s || s.id !== r.id) {
      s = {
        id: r.id,
        start: new Date(r.start_at).toISOString(),
        end: new Date(r.end_at).toISOString(),
        appointmentMode: r.appointment_mode as Agenda['sessions'][number]['appointmentMode'],
        counselingType: r.counseling_type as Agenda['sessions'][number]['counselingType'],
        provider: r.provider,
        patients: [],
      };
      sessions.push(s);
    }
    const tasks: Task[] = [];
    if (!r.consent_signed) tasks.push({ kind: 'consentUnsigned', consentId: r.unsigned_consent_id });
    if (r.card_missing) tasks.push({ kind: 'insuranceCardMissing' });
    if (r.balance_cents > 0 && !balanceListed.has(r.user_id)) {
      balanceListed.add(r.user_id);
      const covers = (r.balance_covers ?? []).map((start) => new Date(start).toISOString());
      tasks.push({ kind: 'balanceDue', amountCents: r.balance_cents, covers });
    }
    s.patients.push({
      id: r.patient_id,
      firstName: r.first_name,
      lastName: r.last_name,
      checkedInAt: r.checked_in_at ? new Date(r.checked_in_at).toISOString() : null,
      tasks,
    });
  }
  return {
    practice: {
      id: practice.id,
      name: practice.name,
      addressLine1: practice.address_line1,
      city: practice.city,
      state: practice.state.trim(),
      timeZone: practice.time_zone,
    },
    date,
    sessions,
  };
}

export type OpenTasks = EndpointTypes['getFrontDeskTasks']['response'];

/**
 * The practice's open front-desk tasks (GET /front-desk/tasks, /agenda/dashboard): the agendas of
 * `days` days from today in the practice's zone, each person with something open, earliest first.
 * Only open tasks are kept (product-spec §3): a signed consent, a card photo or a paid balance takes
 * the task off, because the agenda works each one out from the records as they are now.
 */
export async function openTasksOf(db: Queryable, practiceId: string, now: Date, days: number): Promise<OpenTasks | undefined> {
  const practice = await first(db, qb.selectFrom('practices').select(['id', 'name', 'city', 'time_zone']).where('id', '=', practiceId));
  if (!practice) return undefined;
  const today = moment.tz(now, practice.time_zone).startOf('day');
  const items: OpenTasks['items'] = [];
  // One balance per account over all the days read (agendaOf).
  const balanceListed = new Set<string>();
  for (let d = 0; d < days; d++) {
    const date = today.clone().add(d, 'day').format('YYYY-MM-DD');
    const agenda = await agendaOf(db, practiceId, date, balanceListed);
    for (const s of agenda?.sessions ?? []) {
      for (const p of s.patients) {
        const tasks = p.tasks;
        if (!tasks.length) continue;
        items.push({
          date,
          sessionId: s.id,
          start: s.start,
          appointmentMode: s.appointmentMode,
          providerName: fullName(s.provider),
          patient: { id: p.id, firstName: p.firstName, lastName: p.lastName, checkedInAt: p.checkedInAt },
          tasks: tasks as OpenTasks['items'][number]['tasks'],
        });
      }
    }
  }
  return { practice: { id: practice.id, name: practice.name, city: practice.city, timeZone: practice.time_zone }, from: today.format('YYYY-MM-DD'), items };
}
