/**
 * Rate and attempt limits counted atomically in the shared database (table rate_counters): each use
 * is one INSERT ... ON CONFLICT DO UPDATE ... RETURNING count, so simultaneous requests on any number
 * of API processes each see a distinct count and exactly `max` of them pass. A refused use gives its
 * slot back, so being refused does not use up the budget of the other limits checked with it.
 */
import type { FastifyRequest } from 'fastify';
import { windowStart } from '@/domain/rate-limits';
import { writeAudit } from '../audit';
import { AppError } from '../errors';
import { prepared, type Queryable } from '../db/connection';
import { touchSessionSql } from '../auth/server-sessions';

export interface Limit {
  /** What is counted, e.g. 'sign-in-send:address'. */
  scope: string;
  /** Whose uses, e.g. the lower-cased address or the IP. */
  key: string;
  max: number;
  windowMinutes: number;
}

/** A session whose idle clock the count restarts too (at its request's time). */
export interface SessionSeen {
  sessionId: string;
  at: Date;
}

/** Uses counted by takeSlots: giveBack returns them (a guess that turned out right is not a failure). */
export interface TakenSlots {
  limits: Limit[];
  now: Date;
}

/** Adds $4 to the counters of scopes $1, keys $2, windows $3 (in that order), at $5; answers each count. */
const COUNT_USES_SQL = `INSERT INTO rate_counters (scope, key, window_start, count, last_at)
     SELECT scope, key, window_start, $4::int, $5::timestamptz FROM unnest($1::text[], $2::text[], $3::timestamptz[]) WITH ORDINALITY AS l(scope, key, window_start, n)
      ORDER BY n
     ON CONFLICT (scope, key, window_start) DO UPDATE SET count = rate_counters.count + $4::int,
        last_at = CASE WHEN $4::int > 0 THEN excluded.last_at ELSE rate_counters.last_at END
     RETURNING scope, key, window_start, count`;
const COUNT_USES = prepared(COUNT_USES_SQL);
/** The same, restarting the idle clock of session $6 at $7 in the same statement (a request that counts a use: ENDPOINTS_COUNTING_USES). */
const COUNT_USES_SEEN = prepared(`WITH seen AS (${touchSessionSql('$6', '$7')}) ${COUNT_USES_SQL}`);

/**
 * Endpoints whose handler counts a use of its signed-in caller (takeOrRefuse): the caller's session is
 * resumed without restarting its idle clock, and the count restarts it, in one statement (src/server/plugins/auth.ts;
 * a request that ends before counting restarts it when it answers).
 */
export const ENDPOINTS_COUNTING_USES: ReadonlySet<string> = new Set(['holdSlot', 'createAppointment']);

/**
 * Adds `delta` to every limit's counter in ONE statement (one round trip however many limits) and
 * answers each limit's count, in the order of `limits`. The rows are written in a fixed order (scope,
 * then key), so two requests counting the same limits never wait on each other in a cycle. The limits
 * of one call count different things (no two share scope, key and window).
 */
async function add(db: Queryable, limits: readonly Limit[], now: Date, delta: 1 | -1, seen?: SessionSeen): Promise<number[]> {
  if (!limits.length) return [];
  const rows = limits
    .map((limit) => ({ scope: limit.scope, key: limit.key, windowStart: windowStart(now, limit.windowMinutes).toISOString() }))
    .sort((a, b) => (a.scope === b.scope ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.scope < b.scope ? -1 : 1));
  const params = [rows.map((r) => r.scope), rows.map((r) => r.key), rows.map((r) => r.windowStart), delta, now.toISOString()];
  const counted = await db.query<{ scope: string; key: string; window_start: Date | string; count: number }>(
    seen ? COUNT_USES_SEEN : COUNT_USES,
    seen ? [...params, seen.sessionId, seen.at.toISOString()] : params,
  );
  const countOf = new Map(counted.map((c) => [`${c.scope}\n${c.key}\n${new Date(c.window_start).toISOString()}`, c.count]));
  return limits.map((limit) => countOf.get(`${limit.scope}\n${limit.key}\n${windowStart(now, limit.windowMinutes).toISOString()}`)!);
}

/**
 * Counts one use against every limit; when any is over its max, gives all of them back and answers
 * the limits that were over (nothing counted). An empty answer means the use is allowed and counted.
 */
export async function takeSlots(db: Queryable, limits: Limit[], now: Date, seen?: SessionSeen): Promise<{ over: Limit[]; taken: TakenSlots }> {
  const counts = await add(db, limits, now, 1, seen);
  const over = limits.filter((limit, i) => counts[i]! > limit.max);
  if (over.length) await giveBack(db, { limits, now });
  return { over, taken: { limits: over.length ? [] : limits, now } };
}

export async function giveBack(db: Queryable, taken: TakenSlots): Promise<void> {
  await add(db, taken.limits, taken.now, -1);
}

/** The current window's count and latest use of one limit (for the back-off, which looks at the latest failure). */
export async function usesOf(db: Queryable, limit: Omit<Limit, 'max'>, now: Date): Promise<{ count: number; lastAt: Date } | undefined> {
  const [row] = await db.query<{ count: number; last_at: Date }>(
    'SELECT count, last_at FROM rate_counters WHERE scope = $1 AND key = $2 AND window_start = $3',
    [limit.scope, limit.key, windowStart(now, limit.windowMinutes).toISOString()],
  );
  return row ? { count: row.count, lastAt: new Date(row.last_at) } : undefined;
}

/** Forgets windows that ended more than a day ago. */
export async function pruneCounters(db: Queryable, now: Date): Promise<void> {
  await db.query("DELETE FROM rate_counters WHERE window_start < $1::timestamptz - interval '1 day'", [now.toISOString()]);
}

/**
 * Counts one use against `limits` for a request; refuses with RATE_LIMITED (429, audited, nothing
 * counted) when any is used up.
 */
export async function takeOrRefuse(request: FastifyRequest, action: string, limits: Limit[]): Promise<TakenSlots> {
  const factor = request.server.rateLimitFactor;
  // The caller's session idle clock, when left for this count (ENDPOINTS_COUNTING_USES), is restarted with it.
  const caller = request.caller;
  const seen = caller?.idleClockDue ? { sessionId: caller.sessionId, at: caller.idleClockDue } : undefined;
  const { over, taken } = await takeSlots(
    request.server.database,
    limits.map((l) => ({ ...l, max: l.max * factor })),
    request.server.clock.now(),
    seen,
  );
  if (caller && seen) caller.idleClockDue = undefined;
  if (over.length) {
    await writeAudit(request, { action, outcome: 'denied', status: 429, details: { reason: `rate limit: ${over.map((l) => l.scope).join(', ')}` } });
    throw new AppError('RATE_LIMITED');
  }
  return taken;
}
