/**
 * Who may enter a video session's room: the account that holds the session (its patients,
 * a minor's responsible party), an account holding another patient on it (couples and family sessions),
 * the clinician linked to its provider, and staff who reach every account (support, admins). Anyone
 * else, an in-person session and an unknown id are the same NOT_FOUND.
 */
import type { NotNull } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { Queryable } from '../db/connection';
import { appointmentTimes, first, qb, run, sql } from '../db/typed';
import { isUuid } from '@/domain/ids';
import { reachesEveryAccount } from '@/domain/permissions';
import { visitRoomState, visitWindow, type VisitRoomState } from '@/domain/video-visit';
import type { Caller } from '../plugins/auth';
import { fullName } from '@/domain/names';

export type VisitRole = 'patient' | 'clinician' | 'staff';

export interface VisitSession {
  appointmentId: string;
  status: string;
  start: Date;
  end: Date;
  endedAt: Date | null;
  provider: { firstName: string; lastName: string; title: string };
  patients: { firstName: string; lastName: string }[];
}

export interface VisitEntry {
  session: VisitSession;
  role: VisitRole;
  /** how the room calls this person to the others (their first name) */
  name: string;
  state: VisitRoomState;
  opensAt: Date;
  closesAt: Date;
}

/** The session and what the caller is to it, in one statement. */
const visitQuery = (appointmentId: string, userId: string) =>
  qb
    .selectFrom('appointments as a')
    .innerJoin('providers as p', 'p.id', 'a.provider_id')
    .select((eb) => [
      'a.id',
      'a.status',
      'a.appointment_mode',
      ...appointmentTimes(),
      eb
        .or([
          eb('a.user_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('appointment_patients as ap')
              .innerJoin('patients as pt', 'pt.id', 'ap.patient_id')
              .select(sql.lit(1).as('one'))
              .whereRef('ap.appointment_id', '=', 'a.id')
              .where('pt.user_id', '=', userId),
          ),
        ])
        .as('holder'),
      eb
        .exists(eb.selectFrom('users as u').select(sql.lit(1).as('one')).where('u.id', '=', userId).whereRef('u.provider_id', '=', 'a.provider_id'))
        .as('clinician'),
      eb.selectFrom('users as u').select('u.first_name').where('u.id', '=', userId).as('caller_first_name'),
      eb
        .selectFrom('video_visit_events as e')
        .select((e) => e.fn.max('e.at').as('at'))
        .whereRef('e.appointment_id', '=', 'a.id')
        .where('e.kind', '=', 'ended')
        .as('ended_at'),
      jsonBuildObject({ firstName: eb.ref('p.first_name'), lastName: eb.ref('p.last_name'), title: eb.ref('p.title') }).as('provider'),
      eb
        .selectFrom('appointment_patients as ap')
        .innerJoin('patients as pt', 'pt.id', 'ap.patient_id')
        .select(
          sql<
            VisitSession['patients']
          >`coalesce(json_agg(json_build_object('firstName', pt.first_name, 'lastName', pt.last_name) ORDER BY ap.position), '[]'::json)`.as('patients'),
        )
        .whereRef('ap.appointment_id', '=', 'a.id')
        .as('patients'),
    ])
    .where('a.id', '=', appointmentId)
    // The patients' coalesce answers [] for a session without any.
    .$narrowType<{ patients: NotNull }>();

export async function visitEntry(db: Queryable, caller: Caller, appointmentId: string, now: Date): Promise<VisitEntry | null> {
  if (!isUuid(appointmentId)) return null;
  const row = await first(db, visitQuery(appointmentId, caller.userId));
  if (!row || row.appointment_mode !== 'online') return null;
  const role: VisitRole | null = row.clinician ? 'clinician' : row.holder ? 'patient' : reachesEveryAccount(caller.groups) ? 'staff' : null;
  if (!role) return null;
  const start = new Date(row.start_at);
  const end = new Date(row.end_at);
  const endedAt = row.ended_at ? new Date(row.ended_at) : null;
  const session: VisitSession = { appointmentId: row.id, status: row.status, start, end, endedAt, provider: row.provider, patients: row.patients };
  const name = role === 'clinician' ? fullName(row.provider) : (row.caller_first_name ?? '');
  return { session, role, name, state: visitRoomState({ start, end, status: row.status, endedAt }, now), ...visitWindow(start, end) };
}

export type VisitEventKind = 'joined' | 'admitted' | 'left' | 'ended';

/** The only trace a call leaves: who, what, when (no media, no messages). */
export async function recordVisitEvent(db: Queryable, appointmentId: string, userId: string, kind: VisitEventKind, at: Date): Promise<void> {
  await run(db, qb.insertInto('video_visit_events').values({ appointment_id: appointmentId, user_id: userId, kind, at }));
}
