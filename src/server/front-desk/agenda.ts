/**
 * The practice agenda (GET /front-desk/agenda): a practice's booked sessions of one calendar day in
 * the practice's zone, earliest first, with each person's check-in and open front-desk tasks
 * (consent not signed, insurance card photo missing, balance due on the account). A booking consent
 * counts for its own session (consents signed while booking name it); one without a session for all.
 */
import moment from 'moment-timezone';
import type { EndpointTypes } from '@/generated/entities';
import type { Queryable } from '../db/connection';
import { fullName } from '@/domain/names';

export type Agenda = EndpointTypes['getFrontDeskAgenda']['response'];
type Task = Agenda['sessions'][number]['patients'][number]['tasks'][number];

/**
 * `balanceListed`: the accounts whose balance is listed already. A balance is the account's, not a session's or a
 * person's: it is listed once, on the account's first person of the day (or of the days read with the same set),
 * with the sessions it covers; a $50 balance on two sessions' rows, or on a parent's and a child's, read as $100 owed.
 */
export async function agendaOf(db: Queryable, practiceId: string, date: string, balanceListed = new Set<string>()): Promise<Agenda | undefined> {
  const [practice] = await db.query<{ id: string; name: string; address_line1: string; city: string; state: string; time_zone: string }>(
    'SELECT id, name, address_line1, city, state, time_zone FROM practices WHERE id = $1',
    [practiceId],
  );
  if (!practice) return undefined;
  const dayStart = moment.tz(date, 'YYYY-MM-DD', practice.time_zone).startOf('day');
  const from = dayStart.toDate();
  const to = dayStart.clone().add(1, 'day').toDate();
  const rows = await db.query<{
    id: string;
    user_id: string;
    start_at: Date;
    end_at: Date;
    appointment_mode: 'online' | 'in_person';
    counseling_type: string;
    insurance_id: string | null;
    provider: { id: string; firstName: string; lastName: string; title: string };
    patient_id: string;
    first_name: string;
    last_name: string;
    position: number;
    checked_in_at: Date | null;
    consent_signed: boolean;
    unsigned_consent_id: string | null;
    card_missing: boolean;
    balance_cents: number;
    balance_covers: string[] | null;
  }>(
    `SELECT a.id, a.user_id, lower(a.during) AS start_at, upper(a.during) AS end_at, a.appointment_mode, a.counseling_type, a.insurance_id,
            json_build_object('id', pv.id, 'firstName', pv.first_name, 'lastName', pv.last_name, 'title', pv.title) AS provider,
            p.id AS patient_id, p.first_name, p.last_name, ap.position, ap.checked_in_at,
            EXISTS (SELECT 1 FROM consents c WHERE c.patient_id = p.id AND c.consent_type = 'bookAppointmentConsent' AND c.signed_at IS NOT NULL
                      AND (c.appointment_id IS NULL OR c.appointment_id = a.id)) AS consent_signed,
            (SELECT c.id FROM consents c WHERE c.patient_id = p.id AND c.consent_type = 'bookAppointmentConsent' AND c.signed_at IS NULL
                AND (c.appointment_id IS NULL OR c.appointment_id = a.id) ORDER BY c.created_at DESC LIMIT 1) AS unsigned_consent_id,
            (a.insurance_id IS NOT NULL AND ap.position = 0 AND NOT EXISTS (
               SELECT 1 FROM patient_documents d WHERE d.insurance_id = a.insurance_id AND d.kind = 'insurance_card_front')) AS card_missing,
            CASE WHEN ap.position = 0 THEN (SELECT coalesce(sum(appointment_due_cents(o.id)), 0)::int FROM appointments o WHERE o.user_id = a.user_id) ELSE 0 END AS balance_cents,
            CASE WHEN ap.position = 0 THEN (SELECT json_agg(lower(o.during) ORDER BY lower(o.during)) FROM appointments o
                                             WHERE o.user_id = a.user_id AND appointment_due_cents(o.id) > 0) END AS balance_covers
       FROM appointments a
       JOIN providers pv ON pv.id = a.provider_id
       JOIN appointment_patients ap ON ap.appointment_id = a.id
       JOIN patients p ON p.id = ap.patient_id
      WHERE a.practice_id = $1 AND a.status = 'booked' AND lower(a.during) >= $2 AND lower(a.during) < $3
      ORDER BY lower(a.during), a.id, ap.position`,
    [practiceId, from, to],
  );
  const sessions: Agenda['sessions'] = [];
  for (const r of rows) {
    let s = sessions.at(-1);
    if (!s || s.id !== r.id) {
      s = {
        id: r.id,
        start: new Date(r.start_at).toISOString(),
        end: new Date(r.end_at).toISOString(),
        appointmentMode: r.appointment_mode,
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
  const [practice] = await db.query<{ id: string; name: string; city: string; time_zone: string }>(
    'SELECT id, name, city, time_zone FROM practices WHERE id = $1',
    [practiceId],
  );
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
