/**
 * The server-side session behind every access token. A token names its session
 * (sid); a request counts only while that session is open: not signed out, not idle for
 * sessionIdleMinutes, not past its expiry, and the account's groups unchanged since sign-in.
 */
import { constants } from '@/generated/constants';
import type { SqlBool } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Queryable } from '../db/connection';
import { all, first, preparedQuery, qb, run, sql, type Param } from '../db/typed';
import { countUses, countsOf, counterRows, type CountValues, type Limit } from '../limits/counters';
import { userByIdQuery, userRowOfJson, type UserRow } from '../accounts/repository';

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

/** The values of the statements that resume a session. */
interface ResumeValues {
  sessionId: string;
  userId: string;
  at: string;
}

/** The session and its account as they are at `at`. */
const sessionNow = (p: Param<ResumeValues>) =>
  qb
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      sql<boolean>`s.ended_at IS NULL AND s.expires_at > ${p('at')}::timestamptz`.as('open'),
      's.scope',
      's.expires_at',
      's.handover_patient_id',
      's.handover_appointment_id',
      sql<boolean>`s.last_seen_at <= ${p('at')}::timestamptz - make_interval(mins => ${constants.sessionIdleMinutes})`.as('idle'),
      sql<boolean>`s.groups::text[] = u.groups::text[]`.as('same_groups'),
      sql<boolean>`u.disabled_at IS NOT NULL`.as('disabled'),
      sql<string>`coalesce(u.email, u.pending_email)::text`.as('email'),
      sql<string[]>`u.groups::text[]`.as('groups'),
    ])
    .where('s.id', '=', p('sessionId'))
    .where('s.user_id', '=', p('userId'));

/**
 * The session read and, when it may go on, its idle clock restarted (`seen`: its one row, or none), in
 * one statement; resumeSession adds what else the request reads along.
 */
const resumeStatement = (p: Param<ResumeValues>) =>
  qb
    .with('session', () => sessionNow(p))
    .with('seen', (db) =>
      db
        .updateTable('auth_sessions as s')
        .set({ last_seen_at: sql<Date>`${p('at')}::timestamptz` })
        .from('session')
        .whereRef('s.id', '=', 'session.id')
        .where(sql<boolean>`session.open AND NOT session.disabled AND NOT session.idle AND session.same_groups`)
        .returning(sql.lit(1).as('one')),
    );

const SESSION_ANSWER = [
  'open',
  'scope',
  'expires_at',
  'handover_patient_id',
  'handover_appointment_id',
  'idle',
  'same_groups',
  'disabled',
  'email',
  'groups',
] as const;

/** The session's answer alone (compiled once, as resumeCounting). */
const resumeOnly = preparedQuery((p: Param<ResumeValues>) =>
  resumeStatement(p)
    .selectFrom('session')
    .select([...SESSION_ANSWER, sql<null>`NULL::json`.as('counted'), sql<null>`NULL::json`.as('account')]),
);

/**
 * The same, and, when the session goes on, one use counted against the limits of `counting`
 * (src/server/limits/counters.ts): the session and the request's rate limits in one statement, with
 * the caller's own account as it is now (a booking is most often for it).
 */
const resumeCounting = preparedQuery((p: Param<ResumeValues & CountValues>) =>
  resumeStatement(p)
    .with('counted', () => countUses(p, sql<SqlBool>`EXISTS (SELECT 1 FROM seen)`))
    .selectFrom('session')
    .select((eb) => [
      ...SESSION_ANSWER,
      jsonArrayFrom(eb.selectFrom('counted').select(['counted.scope', 'counted.key', 'counted.window_start', 'counted.count'])).as('counted'),
      jsonObjectFrom(userByIdQuery(p('userId'))).as('account'),
    ]),
);

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
  const at = now.toISOString();
  // Every authenticated request runs it: prepared (one text with counting, one without).
  const row = counting
    ? await first(db, resumeCounting({ sessionId, userId, at, ...counting, delta: 1 }), { prepared: true })
    : await first(db, resumeOnly({ sessionId, userId, at }), { prepared: true });
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
