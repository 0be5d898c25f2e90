/**
 * Who may enter a video session's room: the account that holds the session (its patients,
 * a minor's responsible party), an account holding another patient on it (couples and family sessions),
 * the clinician linked to its provider, and staff who reach every account (support, admins). Anyone
 * else, an in-person session and an unknown id are the same NOT_FOUND.
 */
import type { Queryable } from '../db/connection';
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

interface Row {
  id: string;
  status: string;
  appointment_mode: string;
  start_at: Date;
  end_at: Date;
  holder: boolean;
  clinician: boolean;
  caller_first_name: string | null;
  ended_at: Date | null;
  provider: VisitSession['provider'];
  patients: VisitSession['patients'];
}

export async function visitEntry(db: Queryable, caller: Caller, appointmentId: string, now: Date): Promise<VisitEntry | null> {
  if (!isUuid(appointmentId)) return null;
  const [row] = await db.query<Row>(
    `SELECT a.id, a.status, a.appointment_mode, lower(a.during) AS start_at, upper(a.during) AS end_at,
            (a.user_id = $2 OR EXISTS (SELECT 1 FROM appointment_patients ap JOIN patients pt ON pt.id = ap.patient_id
                                        WHERE ap.appointment_id = a.id AND pt.user_id = $2)) AS holder,
            EXISTS (SELECT 1 FROM users u WHERE u.id = $2 AND u.provider_id = a.provider_id) AS clinician,
            (SELECT u.first_name FROM users u WHERE u.id = $2) AS caller_first_name,
            (SELECT max(e.at) FROM video_visit_events e WHERE e.appointment_id = a.id AND e.kind = 'ended') AS ended_at,
            json_build_object('firstName', p.first_name, 'lastName', p.last_name, 'title', p.title) AS provider,
            (SELECT coalesce(json_agg(json_build_object('firstName', pt.first_name, 'lastName', pt.last_name) ORDER BY ap.position), '[]'::json)
               FROM appointment_patients ap JOIN patients pt ON pt.id = ap.patient_id WHERE ap.appointment_id = a.id) AS patients
       FROM appointments a JOIN providers p ON p.id = a.provider_id
      WHERE a.id = $1`,
    [appointmentId, caller.userId],
  );
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
  await db.query('INSERT INTO video_visit_events (appointment_id, user_id, kind, at) VALUES ($1, $2, $3, $4)', [appointmentId, userId, kind, at]);
}
