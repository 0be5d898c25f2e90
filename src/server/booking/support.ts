/**
 * What the booking handlers share: the card gateway and flag answers of an app, database error
 * codes, and idempotency keys (the first answer to a key is stored in the same transaction as the
 * work it describes).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hkdfSync } from 'node:crypto';
import { constants } from '../../generated/constants';
import { flagSpecs, type FlagName } from '../../generated/flags';
import { resolveTreatment, flagUserKey } from '../../domain/flags';
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';
import { cardGatewayFor, type CardGateway } from '../payments/gateway';
import { serverSecret } from '../auth/secrets';
import { loadConfig, type Config } from '../config';
import { specFlagSource, type FlagSource } from '../routes/flags/sources';

/** Postgres error code of a failed query (drizzle/pg put it on the error or its cause). */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export const EXCLUSION_VIOLATION = '23P01';

// Per app, keyed by its database object: the same in every encapsulated plugin of one app.
const gateways = new WeakMap<object, CardGateway>();
const configs = new WeakMap<object, Config>();

/** Handlers get the app's config through here (the API routes receive it at registration). */
export function rememberConfig(app: FastifyInstance, config: Config): void {
  configs.set(app.database, config);
}

/** The card gateway of this app: Braintree when configured, else the local test gateway. */
export function gatewayOf(app: FastifyInstance): CardGateway {
  let gateway = gateways.get(app.database);
  if (!gateway) {
    const config = configs.get(app.database) ?? loadConfig();
    const key = Buffer.from(hkdfSync('sha256', serverSecret(config), 'mindful-care', 'local-card-gateway', 32));
    gateway = cardGatewayFor(config, key, app.clock);
    gateways.set(app.database, gateway);
  }
  return gateway;
}

/** Tests (and a future admin switch) replace the gateway of an app. */
export function useGateway(app: FastifyInstance, gateway: CardGateway): void {
  gateways.set(app.database, gateway);
}

// ---- feature flags the server decides with (product-spec §6) ----

export type { FlagName };
const flagSources = new WeakMap<object, FlagSource>();
let specSource: FlagSource | undefined;
const flagOverrides = new WeakMap<object, Partial<Record<FlagName, string>>>();

/**
 * The flag source of an app: the one the flag endpoint answers from (specs/flags.yaml, or the Unleash
 * named by UNLEASH_URL), so the rule the API enforces is the one the browser was shown.
 */
export function rememberFlagSource(app: FastifyInstance, source: FlagSource): void {
  flagSources.set(app.database, source);
}

/** Forces treatments for one app (tests of the flag-gated rules). */
export function overrideFlags(app: FastifyInstance, overrides: Partial<Record<FlagName, string>>): void {
  flagOverrides.set(app.database, overrides);
}

/**
 * The treatment of a flag for a traffic key (a user's e-mail for user flags, the visitor id for
 * anonymous ones), evaluated as the flag endpoint does. A source that does not answer gives the
 * fallback treatment (control), as the browser's client does.
 */
export async function userTreatment(app: FastifyInstance, flag: FlagName, key: string): Promise<string> {
  const forced = flagOverrides.get(app.database)?.[flag];
  if (forced) return forced;
  const source = flagSources.get(app.database) ?? (specSource ??= specFlagSource());
  const variants = flagSpecs.flags[flag].variants;
  try {
    const answer = await source.answer({ userId: flagUserKey(key) } as never, undefined);
    const toggle = answer.body?.toggles.find((t) => t.name === flag);
    return resolveTreatment({ ready: Boolean(answer.body), treatment: toggle?.variant.name, variants });
  } catch {
    return resolveTreatment({ ready: false, treatment: undefined, variants });
  }
}

/** A flag is on when its treatment is one of its enabledWhen treatments (or on, by default). */
export async function flagOn(app: FastifyInstance, flag: FlagName, key: string): Promise<boolean> {
  const treatment = await userTreatment(app, flag, key);
  const spec = flagSpecs.flags[flag];
  const effective = treatment === 'control' ? spec.controlActsAs : treatment;
  return ((spec.enabledWhen ?? ['on']) as readonly string[]).includes(effective);
}

/** The visitor id a browser sends in its anonId cookie (product-spec §3 visitor identity), if any. */
export function visitorIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === constants.visitorIdCookie) {
      const value = part.slice(at + 1).trim();
      return value && value.length <= 100 ? value : undefined;
    }
  }
  return undefined;
}

/**
 * A flag for the request's caller, keyed as the browser keys it: user flags by the signed-in user's
 * e-mail, anonymous flags by the visitor id (anyone without one shares one key).
 */
export async function flagOnFor(request: FastifyRequest, flag: FlagName, userKey?: string): Promise<boolean> {
  const key = flagSpecs.flags[flag].type === 'user' && userKey ? userKey : (visitorIdOf(request) ?? 'anonymous');
  return flagOn(request.server, flag, key);
}

/** The bookings flag off (maintenance) stops holds and bookings here, whatever the browser shows. */
export async function ensureBookingsOpen(request: FastifyRequest): Promise<void> {
  if (!(await flagOnFor(request, 'bookings'))) throw new AppError('BOOKINGS_PAUSED');
}

// ---- idempotency keys ----

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

/** A finished earlier answer to this key, or undefined; a different request under the key is refused. */
export async function storedAnswer(db: Queryable, scope: IdempotencyScope): Promise<Replay | undefined> {
  const [row] = await db.query<{ request_hash: string; status: number | null; response: unknown }>(
    'SELECT request_hash, status, response FROM idempotency_keys WHERE caller_id = $1 AND endpoint = $2 AND key = $3',
    [scope.callerId, scope.endpoint, scope.key],
  );
  if (!row) return undefined;
  if (row.request_hash !== scope.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (row.status === null) throw new AppError('REQUEST_IN_PROGRESS');
  return { status: row.status, body: row.response };
}

/**
 * Claims the key inside the work's transaction. On PostgreSQL a concurrent request with the same key
 * waits here until the first commits (then this returns false: replay) or rolls back (then this
 * claims it).
 */
export async function claimKey(tx: Queryable, scope: IdempotencyScope): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO idempotency_keys (caller_id, endpoint, key, request_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [scope.callerId, scope.endpoint, scope.key, scope.requestHash],
  );
  return rows.length === 1;
}

/**
 * Claims the key on its own (committed at once), before work that must not run inside a transaction
 * (a card charge): a second request with the key then answers REQUEST_IN_PROGRESS until the first
 * stores its answer or lets go of the claim. A claim unanswered for bookingClaimStaleSeconds (its
 * process died) is taken over by the same request. Returns the claim's time (to let go of exactly
 * it), or undefined when the key is already claimed or answered.
 */
export async function claimKeyNow(db: Queryable, scope: IdempotencyScope, now: Date): Promise<string | undefined> {
  const at = now.toISOString();
  const stale = new Date(now.getTime() - constants.bookingClaimStaleSeconds * 1000).toISOString();
  const rows = await db.query(
    `INSERT INTO idempotency_keys (caller_id, endpoint, key, request_hash, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (caller_id, endpoint, key) DO UPDATE SET created_at = excluded.created_at
       WHERE idempotency_keys.status IS NULL AND idempotency_keys.request_hash = excluded.request_hash AND idempotency_keys.created_at < $6::timestamptz
     RETURNING 1`,
    [scope.callerId, scope.endpoint, scope.key, scope.requestHash, at, stale],
  );
  return rows.length === 1 ? at : undefined;
}

/** Lets go of a claim made by claimKeyNow that has no answer (the work failed): the key may be used again. */
export async function releaseKey(db: Queryable, scope: IdempotencyScope, claimedAt: string): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE caller_id = $1 AND endpoint = $2 AND key = $3 AND status IS NULL AND created_at = $4::timestamptz', [
    scope.callerId, scope.endpoint, scope.key, claimedAt,
  ]);
}

export async function storeAnswer(tx: Queryable, scope: IdempotencyScope, status: number, body: unknown): Promise<void> {
  await tx.query('UPDATE idempotency_keys SET status = $4, response = $5 WHERE caller_id = $1 AND endpoint = $2 AND key = $3', [
    scope.callerId, scope.endpoint, scope.key, status, JSON.stringify(body),
  ]);
}

/** Thrown inside a transaction when another request already answered the key: roll back, then replay. */
export class AlreadyAnswered extends Error {
  constructor() {
    super('idempotency key already answered');
  }
}
