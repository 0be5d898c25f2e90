/**
 * The server-side session behind every access token. A token names its session
 * (sid); a request counts only while that session is open: not signed out, not idle for
 * sessionIdleMinutes, not past its expiry, and the account's groups unchanged since sign-in.
 */
import { constants } from '@/generated/constants';
import { prepared, type Queryable } from '../db/connection';
import { all, first, qb, run } from '../db/typed';
import { countUsesSql, countsOf, counterRows, type Limit } from '../limits/counters';
import { USER_COLUMNS, userRowOfJson, type UserRow } from '../accounts/repository';

export type SessionEndReason = 'signed out' | 'idle' | 'groups changed' | 'email changed' | 'email confirmed';

/**
 * What a session may do: everything its groups allow, or (the skip-e-mail path) only finish its booking, or (a
 * staff session while the front-desk device is handed to a patient) only that patient's task.
 */
export type SessionScope = 'full' | 'booking' | 'handover';

/** The patient and session a handed-over staff session is scoped to (front-desk/hand-over.ts). */
export interface HandOverScope {
  patientId: string;
  appointmentId: string;
}

/** Starts a session at `now` (the app's clock, which also decides when it is idle or expired). */
export async function startSession(
  db: Queryable,
  user: { id: string; groups: readonly string[] },
  expiresAt: Date,
  now: Date,
  scope: SessionScope = 'full',
): Promise<string> {
  const row = await first(
    db,
    qb
      .insertInto('auth_sessions')
      .values({
        user_id: user.id,
        groups: [...user.groups],
        expires_at: expiresAt,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        scope: scope === 'full' ? null : scope,
      })
      .returning('id'),
  );
  return row!.id;
}

export interface OpenSession {
  email: string;
  groups: string[];
  scope: SessionScope;
  expiresAt: Date;
  /** with scope 'handover': whose task the session is scoped to */
  handOver?: HandOverScope;
}

/** The session and its account as they are now ($1 session, $2 account, $3 idle minutes, $4 now). */
const SESSION_COLUMNS = `s.id, s.ended_at IS NULL AND s.expires_at > $4::timestamptz AS open, s.scope, s.expires_at,
       s.handover_patient_id, s.handover_appointment_id,
       s.last_seen_at <= $4::timestamptz - make_interval(mins => $3) AS idle,
       s.groups::text[] = u.groups::text[] AS same_groups,
       u.disabled_at IS NOT NULL AS disabled, coalesce(u.email, u.pending_email)::text AS email, u.groups::text[] AS groups
  FROM auth_sessions s JOIN users u ON u.id = s.user_id
 WHERE s.id = $1 AND s.user_id = $2`;

/** A session that may go on (in a statement with SESSION_COLUMNS as `session`). */
const GOES_ON = 'session.open AND NOT session.disabled AND NOT session.idle AND session.same_groups';

/** The session read and, when it may go on, its idle clock restarted: one statement (resumeSession). */
const RESUME_SESSION = prepared(`
  WITH session AS (SELECT ${SESSION_COLUMNS}),
  seen AS (
    UPDATE auth_sessions s SET last_seen_at = $4::timestamptz FROM session WHERE s.id = session.id AND ${GOES_ON}
  )
  SELECT open, scope, expires_at, handover_patient_id, handover_appointment_id, idle, same_groups, disabled, email, groups,
         NULL::json AS counted, NULL::json AS account FROM session`);

/**
 * The same, and, when the session goes on, one use counted against the limits of scopes $5, keys $6,
 * windows $7 (src/server/limits/counters.ts): the session and the request's rate limits in one statement,
 * with the caller's own account as it is now (a booking is most often for it).
 */
const RESUME_SESSION_COUNTING = prepared(`
  WITH session AS (SELECT ${SESSION_COLUMNS}),
  seen AS (
    UPDATE auth_sessions s SET last_seen_at = $4::timestamptz FROM session WHERE s.id = session.id AND ${GOES_ON} RETURNING 1
  ),
  counted AS (${countUsesSql({ scopes: '$5', keys: '$6', windows: '$7', delta: '1', at: '$4' }, 'EXISTS (SELECT 1 FROM seen)')})
  SELECT open, scope, expires_at, handover_patient_id, handover_appointment_id, idle, same_groups, disabled, email, groups,
         (SELECT json_agg(json_build_object('scope', c.scope, 'key', c.key, 'window_start', c.window_start, 'count', c.count)) FROM counted c) AS counted,
         (SELECT row_to_json(a) FROM (SELECT ${USER_COLUMNS} FROM users WHERE id = $2) a) AS account
    FROM session`);

/**
 * The session and its account as they are now, with its idle clock restarted; undefined when the
 * session is unknown, ended, idle, expired, or its account is disabled. A session whose account's
 * groups changed since sign-in is ended here (the token carries the old groups). One statement:
 * the session is read and, when it may go on, its idle clock restarted in the same round trip; with
 * `count`, the same statement counts one use against those limits (only when the session goes on)
 * and the answer carries each limit's count, in the order of `count`.
 */
export async function resumeSession(
  db: Queryable,
  sessionId: string,
  userId: string,
  now: Date,
  options: { count?: readonly Limit[] } = {},
): Promise<(OpenSession & { counts?: number[]; account?: UserRow }) | undefined> {
  const counting = options.count?.length ? counterRows(options.count, now) : undefined;
  const params = [sessionId, userId, constants.sessionIdleMinutes, now.toISOString()];
  const [row] = await db.query<{
    open: boolean;
    idle: boolean;
    same_groups: boolean;
    disabled: boolean;
    email: string;
    groups: string[];
    scope: string | null;
    expires_at: Date | string;
    handover_patient_id: string | null;
    handover_appointment_id: string | null;
    counted: { scope: string; key: string; window_start: string; count: number }[] | null;
    account: Parameters<typeof userRowOfJson>[0] | null;
  }>(counting ? RESUME_SESSION_COUNTING : RESUME_SESSION, counting ? [...params, counting.scopes, counting.keys, counting.windows] : params);
  if (!row || !row.open || row.disabled) return undefined;
  if (row.idle || !row.same_groups) {
    await endSession(db, sessionId, row.idle ? 'idle' : 'groups changed', now);
    return undefined;
  }
  return {
    email: row.email,
    groups: row.groups,
    scope: row.scope === 'booking' || row.scope === 'handover' ? row.scope : 'full',
    expiresAt: new Date(row.expires_at),
    ...(row.scope === 'handover' && row.handover_patient_id && row.handover_appointment_id
      ? { handOver: { patientId: row.handover_patient_id, appointmentId: row.handover_appointment_id } }
      : {}),
    ...(counting && options.count ? { counts: countsOf(options.count, now, row.counted ?? []) } : {}),
    ...(row.account ? { account: userRowOfJson(row.account) } : {}),
  };
}

/** Scopes an open session to a patient's task at the front desk (handOver), or gives it back in full (undefined). */
export async function setHandOver(db: Queryable, sessionId: string, handOver: HandOverScope | undefined): Promise<void> {
  await run(
    db,
    qb
      .updateTable('auth_sessions')
      .set({ scope: handOver ? 'handover' : null, handover_patient_id: handOver?.patientId ?? null, handover_appointment_id: handOver?.appointmentId ?? null })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null),
  );
}

export async function endSession(db: Queryable, sessionId: string, reason: SessionEndReason, now: Date): Promise<void> {
  await run(
    db,
    qb.updateTable('auth_sessions').set({ ended_at: now.toISOString(), end_reason: reason }).where('id', '=', sessionId).where('ended_at', 'is', null),
  );
}

/** Ends every open session of an account (only those of one scope when given), but the one making the change when given. */
export async function endSessionsOf(
  db: Queryable,
  userId: string,
  reason: SessionEndReason,
  now: Date,
  except?: string,
  scope?: Exclude<SessionScope, 'full'>,
): Promise<number> {
  let query = qb
    .updateTable('auth_sessions')
    .set({ ended_at: now.toISOString(), end_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (except) query = query.where('id', '<>', except);
  if (scope) query = query.where('scope', '=', scope);
  const ended = await all(db, query.returning('id'));
  return ended.length;
}
