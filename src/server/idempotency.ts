/**
 * Idempotency keys: the first answer to a key is stored in the same transaction as the work it
 * describes; a retry with the key answers it again and does nothing else.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { constants } from '../generated/constants';
import type { RawBuilder, SelectType } from 'kysely';
import type { Queryable } from './db/connection';
import { all, first, preparedQuery, qb, run, sql, type Param } from './db/typed';
import { AppError } from './errors';

export interface IdempotencyScope {
  callerId: string;
  endpoint: string;
  key: string;
  requestHash: string;
}

export type Replay = { status: number; body: unknown };

export function idempotencyKeyOf(request: FastifyRequest, required: boolean): string | undefined {
  const raw = request.headers['idempotency-key'];
  const key = typeof raw === 'string' ? raw.trim() : undefined;
  if (!key || key.length > 255) {
    if (required || (key && key.length > 255)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
    return undefined;
  }
  return key;
}

export function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

interface KeyRow {
  request_hash: string;
  status: number | null;
  response: unknown;
}

/** The answer a key's row gives: refused when a different request used the key, in progress while it has no answer. */
function answerOf(row: KeyRow, scope: IdempotencyScope): Replay {
  if (row.request_hash !== scope.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (row.status === null) throw new AppError('REQUEST_IN_PROGRESS');
  return { status: row.status, body: row.response };
}

/** A finished earlier answer to this key, or undefined; a different request under the key is refused. */
export async function storedAnswer(db: Queryable, scope: IdempotencyScope): Promise<Replay | undefined> {
  const row = await first(
    db,
    qb
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status', 'response'])
      .where('caller_id', '=', scope.callerId)
      .where('endpoint', '=', scope.endpoint)
      .where('key', '=', scope.key),
  );
  return row ? answerOf(row, scope) : undefined;
}

/**
 * Claims the key inside the work's transaction. On PostgreSQL a concurrent request with the same key
 * waits here until the first commits (then this returns false: replay) or rolls back (then this
 * claims it).
 */
export async function claimKey(tx: Queryable, scope: IdempotencyScope): Promise<boolean> {
  const rows = await all(
    tx,
    qb
      .insertInto('idempotency_keys')
      .values({ caller_id: scope.callerId, endpoint: scope.endpoint, key: scope.key, request_hash: scope.requestHash })
      .onConflict((oc) => oc.doNothing())
      .returning(sql.lit(1).as('one')),
  );
  return rows.length === 1;
}

/** The values of a key's claim statement (claimKeyStatement). */
interface ClaimValues {
  callerId: string;
  endpoint: string;
  key: string;
  requestHash: string;
  at: string;
  stale: string;
}

/**
 * The statement of claimKeyNow with `along` (its own parameters, P), built and compiled once: call it once, where
 * the module starts (`const claimBooking = claimKeyStatement((p: Param<{ slotId: string }>) => jsonObjectFrom(...))`).
 */
export function claimKeyStatement<P, Along>(along: (p: Param<P>) => RawBuilder<Along | null>) {
  return preparedQuery((p: Param<ClaimValues & P>) => {
    const claim = qb
      .insertInto('idempotency_keys')
      .values({ caller_id: p('callerId'), endpoint: p('endpoint'), key: p('key'), request_hash: p('requestHash'), created_at: p('at') })
      .onConflict((oc) =>
        oc
          .columns(['caller_id', 'endpoint', 'key'])
          .doUpdateSet((eb) => ({ created_at: eb.ref('excluded.created_at') }))
          .where('idempotency_keys.status', 'is', null)
          .whereRef('idempotency_keys.request_hash', '=', 'excluded.request_hash')
          .where('idempotency_keys.created_at', '<', sql<Date>`${p('stale')}::timestamptz`),
      )
      .returning(sql.lit(1).as('one'));
    return qb
      .with('claim', () => claim)
      .selectFrom(qb.selectNoFrom(sql.lit(1).as('one')).as('one'))
      .leftJoin('idempotency_keys as k', (join) => join.on('k.caller_id', '=', p('callerId')).on('k.endpoint', '=', p('endpoint')).on('k.key', '=', p('key')))
      .select((eb) => [
        eb.exists(eb.selectFrom('claim').select(sql.lit(1).as('one'))).as('claimed'),
        'k.request_hash',
        'k.status',
        'k.response',
        along(p).as('along'),
      ])
      .$narrowType<{ claimed: boolean }>();
  });
}

/** A key's claim statement with what it reads along, as claimKeyStatement makes it. */
export type ClaimKeyStatement<P, Along> = ReturnType<typeof claimKeyStatement<P, Along>>;

/**
 * Claims the key on its own (committed at once), before work that must not run inside a transaction
 * (a card charge): a second request with the key then answers REQUEST_IN_PROGRESS until the first
 * stores its answer or lets go of the claim. A claim unanswered for bookingClaimStaleSeconds (its
 * process died) is taken over by the same request. Answers the claim's time (to let go of exactly
 * it) and the value `statement` reads along (claimKeyStatement: such as jsonObjectFrom of a query of at most one
 * row, with its values `alongValues`: work that reads what it needs in the same round trip); or, when the key is
 * already claimed or answered, the earlier answer to replay (refused with IDEMPOTENCY_KEY_REUSED or
 * REQUEST_IN_PROGRESS as storedAnswer refuses). One prepared statement claims the key, reads what was there before
 * and runs `along`: one round trip.
 */
export async function claimKeyNow<P, Along>(
  db: Queryable,
  scope: IdempotencyScope,
  now: Date,
  statement: ClaimKeyStatement<P, Along>,
  alongValues: P,
): Promise<{ claimedAt: string; along: SelectType<Along> | null } | { replay: Replay }> {
  const at = now.toISOString();
  const stale = new Date(now.getTime() - constants.bookingClaimStaleSeconds * 1000).toISOString();
  const row = await first(db, statement({ ...alongValues, ...scope, at, stale }), { prepared: true });
  if (row!.claimed) return { claimedAt: at, along: row!.along };
  // The row this statement's snapshot saw, or (claimed by a request that committed meanwhile) the row as it is now.
  const replay = row!.request_hash !== null ? answerOf(row as KeyRow, scope) : await storedAnswer(db, scope);
  if (!replay) throw new AppError('REQUEST_IN_PROGRESS');
  return { replay };
}

/** Lets go of a claim made by claimKeyNow that has no answer (the work failed): the key may be used again. */
export async function releaseKey(db: Queryable, scope: IdempotencyScope, claimedAt: string): Promise<void> {
  await run(
    db,
    qb
      .deleteFrom('idempotency_keys')
      .where('caller_id', '=', scope.callerId)
      .where('endpoint', '=', scope.endpoint)
      .where('key', '=', scope.key)
      .where('status', 'is', null)
      .where('created_at', '=', sql<Date>`${claimedAt}::timestamptz`),
  );
}

/** The answer stored for its key, compiled once. */
const storeAnswerStatement = preparedQuery((p: Param<{ status: number; response: string; callerId: string; endpoint: string; key: string }>) =>
  qb
    .updateTable('idempotency_keys')
    .set({ status: p('status'), response: p('response') })
    .where('caller_id', '=', p('callerId'))
    .where('endpoint', '=', p('endpoint'))
    .where('key', '=', p('key')),
);

export async function storeAnswer(tx: Queryable, scope: IdempotencyScope, status: number, body: unknown): Promise<void> {
  await run(tx, storeAnswerStatement({ status, response: JSON.stringify(body), callerId: scope.callerId, endpoint: scope.endpoint, key: scope.key }), {
    prepared: true,
  });
}

/** Thrown inside a transaction when another request already answered the key: roll back, then replay. */
export class AlreadyAnswered extends Error {
  constructor() {
    super('idempotency key already answered');
  }
}
