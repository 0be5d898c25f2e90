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
import type { Queryable } from '../db/connection';

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

async function add(db: Queryable, limit: Limit, now: Date, delta: 1 | -1): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `INSERT INTO rate_counters (scope, key, window_start, count, last_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (scope, key, window_start) DO UPDATE SET count = rate_counters.count + $4, last_at = CASE WHEN $4 > 0 THEN excluded.last_at ELSE rate_counters.last_at END
     RETURNING count`,
    [limit.scope, limit.key, windowStart(now, limit.windowMinutes).toISOString(), delta, now.toISOString()],
  );
  return row!.count;
}

/**
 * Counts one use against every limit; when any is over its max, gives all of them back and answers
 * the limits that were over (nothing counted). An empty answer means the use is allowed and counted.
 */
export async function takeSlots(db: Queryable, limits: Limit[], now: Date): Promise<{ over: Limit[]; taken: TakenSlots }> {
  const counts = await Promise.all(limits.map((limit) => add(db, limit, now, 1)));
  const over = limits.filter((limit, i) => counts[i]! > limit.max);
  if (over.length) await giveBack(db, { limits, now });
  return { over, taken: { limits: over.length ? [] : limits, now } };
}

export async function giveBack(db: Queryable, taken: TakenSlots): Promise<void> {
  await Promise.all(taken.limits.map((limit) => add(db, limit, taken.now, -1)));
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
  const { over, taken } = await takeSlots(
    request.server.database,
    limits.map((l) => ({ ...l, max: l.max * factor })),
    request.server.clock.now(),
  );
  if (over.length) {
    await writeAudit(request, { action, outcome: 'denied', status: 429, details: { reason: `rate limit: ${over.map((l) => l.scope).join(', ')}` } });
    throw new AppError('RATE_LIMITED');
  }
  return taken;
}
