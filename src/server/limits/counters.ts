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
import type { Expression, SqlBool } from 'kysely';
import type { Queryable } from '../db/connection';
import { all, first, preparedQuery, qb, run, sql, type Param } from '../db/typed';
import { constants } from '@/generated/constants';
import type { Permissions } from '@/domain/permissions';

export interface Limit {
  /** What is counted, e.g. 'sign-in-send:address'. */
  scope: string;
  /** Whose uses, e.g. the lower-cased address or the IP. */
  key: string;
  max: number;
  windowMinutes: number;
}

/** Uses counted by takeSlots: giveBack returns them (a guess that turned out right is not a failure). */
export interface TakenSlots {
  limits: Limit[];
  now: Date;
}

/** The values of countUses' statement: the rows (counterRows), the delta and the time. */
export interface CountValues {
  scopes: string[];
  keys: string[];
  windows: string[];
  delta: number;
  at: string;
}

/**
 * Adds `delta` to the counters of the rows (scopes, keys, windows, in that order) at `at` when `guard`
 * holds, answering each count: for this module's statement, and for the statement that resumes a
 * session and counts its request's use (src/server/auth/server-sessions.ts). The rows come from
 * unnest ... WITH ORDINALITY (written in SQL: the builder has no column list for a function's alias).
 */
export function countUses(p: Param<CountValues>, guard: Expression<SqlBool> = sql<boolean>`true`) {
  const listed = sql<{
    scope: string;
    key: string;
    window_start: Date;
    n: number;
  }>`unnest(${p('scopes')}::text[], ${p('keys')}::text[], ${p('windows')}::timestamptz[]) WITH ORDINALITY`.as<'l'>(sql`l(scope, key, window_start, n)`);
  return qb
    .insertInto('rate_counters')
    .columns(['scope', 'key', 'window_start', 'count', 'last_at'])
    .expression(
      qb
        .selectFrom(listed)
        .select(['l.scope', 'l.key', 'l.window_start', sql<number>`${p('delta')}::int`.as('count'), sql<Date>`${p('at')}::timestamptz`.as('last_at')])
        .where(guard)
        .orderBy('l.n'),
    )
    .onConflict((oc) =>
      oc.columns(['scope', 'key', 'window_start']).doUpdateSet({
        count: sql<number>`rate_counters.count + ${p('delta')}::int`,
        last_at: sql<Date>`CASE WHEN ${p('delta')}::int > 0 THEN excluded.last_at ELSE rate_counters.last_at END`,
      }),
    )
    .returning(['scope', 'key', 'window_start', 'count']);
}

/** countUses on its own, compiled once. */
const countUsesNow = preparedQuery((p: Param<CountValues>) => countUses(p));

/** The counters' rows of these limits at `now`, in the order they are written (scope, then key), as the statements' three arrays. */
export function counterRows(limits: readonly Limit[], now: Date): { scopes: string[]; keys: string[]; windows: string[] } {
  const rows = limits
    .map((limit) => ({ scope: limit.scope, key: limit.key, windowStart: windowStart(now, limit.windowMinutes).toISOString() }))
    .sort((a, b) => (a.scope === b.scope ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.scope < b.scope ? -1 : 1));
  return { scopes: rows.map((r) => r.scope), keys: rows.map((r) => r.key), windows: rows.map((r) => r.windowStart) };
}

/** Each limit's count, in the order of `limits`, from the counters' rows a statement answered. */
export function countsOf(
  limits: readonly Limit[],
  now: Date,
  counted: readonly { scope: string; key: string; window_start: Date | string; count: number }[],
): number[] {
  const countOf = new Map(counted.map((c) => [`${c.scope}\n${c.key}\n${new Date(c.window_start).toISOString()}`, c.count]));
  return limits.map((limit) => countOf.get(`${limit.scope}\n${limit.key}\n${windowStart(now, limit.windowMinutes).toISOString()}`)!);
}

/**
 * The limits of endpoints whose use is counted in the same statement that resumes the caller's session
 * (src/server/plugins/auth.ts: one statement a request for both, on the hot path of booking), by the
 * caller's user id, permissions and address. The handler then calls takeOrRefuse with the same limits
 * (usesCountedFor): it finds the count already made; a request that ends before its handler gets there
 * (a refused or invalid request) gives the count back when it answers.
 */
const USES_COUNTED_WITH_SESSION: Record<string, (caller: { userId: string; permissions: Permissions }, ip: string) => Limit[]> = {
  // Staff book for many callers in turn, often from one call-centre address: signed in and audited, they are not counted.
  holdSlot: (caller, ip) =>
    caller.permissions.isSupportOrThirdParty
      ? []
      : [
          { scope: 'hold:account', key: caller.userId, max: constants.holdsPerAccountPerHour, windowMinutes: 60 },
          { scope: 'hold:ip', key: ip, max: constants.holdsPerIpPerHour, windowMinutes: 60 },
        ],
  createAppointment: (caller) => [{ scope: 'booking:account', key: caller.userId, max: constants.bookingsPerAccountPerHour, windowMinutes: 60 }],
  // A recurring series is one booking of the account, counted with the single ones; staff booking series for callers
  // are not counted, as their single bookings (createSupportAppointment) are not.
  createAppointmentSeries: (caller) =>
    caller.permissions.isSupportOrThirdParty
      ? []
      : [{ scope: 'booking:account', key: caller.userId, max: constants.bookingsPerAccountPerHour, windowMinutes: 60 }],
};

/** The limits an endpoint's use counts for this caller when that use is counted with the session; undefined for other endpoints. */
export function usesCountedFor(endpointId: string, caller: { userId: string; permissions: Permissions }, ip: string): Limit[] | undefined {
  return USES_COUNTED_WITH_SESSION[endpointId]?.(caller, ip);
}

/** A use counted with the session (src/server/auth/server-sessions.ts), waiting for its handler's takeOrRefuse. */
export interface UsesCounted {
  limits: Limit[];
  counts: number[];
  now: Date;
  /** the handler took it (takeOrRefuse), or it was given back */
  settled: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    usesCounted?: UsesCounted;
  }
}

/**
 * Adds `delta` to every limit's counter in ONE statement (one round trip however many limits) and
 * answers each limit's count, in the order of `limits`. The rows are written in a fixed order (scope,
 * then key), so two requests counting the same limits never wait on each other in a cycle. The limits
 * of one call count different things (no two share scope, key and window).
 */
async function add(db: Queryable, limits: readonly Limit[], now: Date, delta: 1 | -1): Promise<number[]> {
  if (!limits.length) return [];
  const rows = counterRows(limits, now);
  // Every counted request runs it: prepared.
  const counted = await all(db, countUsesNow({ ...rows, delta, at: now.toISOString() }), { prepared: true });
  return countsOf(limits, now, counted);
}

/**
 * Counts one use against every limit; when any is over its max, gives all of them back and answers
 * the limits that were over (nothing counted). An empty answer means the use is allowed and counted.
 */
export async function takeSlots(db: Queryable, limits: Limit[], now: Date): Promise<{ over: Limit[]; taken: TakenSlots }> {
  const counts = await add(db, limits, now, 1);
  const over = limits.filter((limit, i) => counts[i]! > limit.max);
  if (over.length) await giveBack(db, { limits, now });
  return { over, taken: { limits: over.length ? [] : limits, now } };
}

export async function giveBack(db: Queryable, taken: TakenSlots): Promise<void> {
  await add(db, taken.limits, taken.now, -1);
}

/** The current window's count and latest use of one limit (for the back-off, which looks at the latest failure). */
export async function usesOf(db: Queryable, limit: Omit<Limit, 'max'>, now: Date): Promise<{ count: number; lastAt: Date } | undefined> {
  const row = await first(
    db,
    qb
      .selectFrom('rate_counters')
      .select(['count', 'last_at'])
      .where('scope', '=', limit.scope)
      .where('key', '=', limit.key)
      .where('window_start', '=', windowStart(now, limit.windowMinutes)),
  );
  return row ? { count: row.count, lastAt: new Date(row.last_at) } : undefined;
}

/** Forgets windows that ended more than a day ago. */
export async function pruneCounters(db: Queryable, now: Date): Promise<void> {
  await run(db, qb.deleteFrom('rate_counters').where('window_start', '<', sql<Date>`${now.toISOString()}::timestamptz - interval '1 day'`));
}

/** The limits as a request enforces them (TEST_RATE_LIMIT_FACTOR multiplies the maxima). */
function scaled(request: FastifyRequest, limits: readonly Limit[]): Limit[] {
  const factor = request.server.rateLimitFactor;
  return limits.map((l) => ({ ...l, max: l.max * factor }));
}

/** The same limits (scope, key and window), whatever their maxima. */
const sameLimits = (a: readonly Limit[], b: readonly Limit[]) =>
  a.length === b.length && a.every((l, i) => l.scope === b[i]!.scope && l.key === b[i]!.key && l.windowMinutes === b[i]!.windowMinutes);

/**
 * Counts one use against `limits` for a request; refuses with RATE_LIMITED (429, audited, nothing
 * counted) when any is used up. A use already counted with the caller's session (usesCountedFor) is
 * taken as it was counted: no second statement.
 */
export async function takeOrRefuse(request: FastifyRequest, action: string, limits: Limit[]): Promise<TakenSlots> {
  const asked = scaled(request, limits);
  const early = request.usesCounted;
  let over: Limit[];
  let taken: TakenSlots;
  if (early && !early.settled && sameLimits(early.limits, asked)) {
    early.settled = true;
    over = asked.filter((limit, i) => early.counts[i]! > limit.max);
    if (over.length) await giveBack(request.server.database, { limits: asked, now: early.now });
    taken = { limits: over.length ? [] : asked, now: early.now };
  } else {
    ({ over, taken } = await takeSlots(request.server.database, asked, request.server.clock.now()));
  }
  if (over.length) {
    await writeAudit(request, { action, outcome: 'denied', status: 429, details: { reason: `rate limit: ${over.map((l) => l.scope).join(', ')}` } });
    throw new AppError('RATE_LIMITED');
  }
  return taken;
}

/** A use counted with the session that no handler took (the request was refused before it got there) is given back. */
export async function settleUsesCounted(request: FastifyRequest): Promise<void> {
  const early = request.usesCounted;
  if (!early || early.settled) return;
  early.settled = true;
  await giveBack(request.server.database, { limits: early.limits, now: early.now });
}
