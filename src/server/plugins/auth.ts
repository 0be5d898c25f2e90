/**
 * Who is calling. A bearer access token is verified (signature, expiry) and its server-side session
 * checked on every call, so signing out, a disabled account, changed groups or an idle session stop
 * its tokens at once. Installs app.accessCheck, which
 * src/server/routes/registry.ts puts in front of every endpoint not open to anyone: a caller without
 * a valid token gets 401, one whose groups the endpoint's access list does not name gets 403, and
 * both are written to the audit trail. Endpoints marked `audit: true` get an audit row per call.
 */
import { constants } from '@/generated/constants';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, type EndpointId } from '@/generated/api';
import type { PermissionGroup, UserType } from '@/generated/enums';
import type { EndpointDefinition } from '@/generated/types';
import { mayAccess, mayImpersonate, permissionsFrom, type Permissions } from '@/domain/permissions';
import { outcomeOfStatus, writeAudit } from '../audit';
import { googleVerifier, type GoogleVerifier } from '../auth/google';
import { deriveKeys, serverSecret, type ServerKeys } from '../auth/secrets';
import { verifyAccessToken } from '../auth/tokens';
import { resumeSession, type HandOverScope, type SessionScope } from '../auth/server-sessions';
import { handOverRefusal } from '../front-desk/hand-over-scope';
import { settleUsesCounted, usesCountedFor } from '../limits/counters';
import fastifyCookie from '@fastify/cookie';
import { clearSessionCookie, cookieToken, crossSiteReason } from '../auth/cookie';
import type { Config } from '../config';
import { AppError } from '../errors';
import { isPlainText } from '@/domain/validation/plain-input';
import type { AccessCheck } from '../routes/registry';
import type { UserRow } from '../accounts/repository';
import { all, qb, sql } from '../db/typed';

export interface Caller {
  userId: string;
  /** the server-side session of the token (auth/server-sessions.ts) */
  sessionId: string;
  /** 'booking': a skip-e-mail session, which may only finish its booking (constants.bookingOnlySessionEndpoints);
   * 'handover': a staff session handed to a patient at the front desk, only that patient's task (constants.handOverSessionEndpoints) */
  scope: SessionScope;
  /** with scope 'handover': the patient and session the device is handed over for */
  handOver?: HandOverScope;
  /** when the session ends at the latest */
  expiresAt: Date;
  /** the token came in the session cookie (the browser) rather than an Authorization header (API clients) */
  viaCookie: boolean;
  email: string;
  userType: UserType;
  groups: PermissionGroup[];
  businessPartnerId?: string;
  permissions: Permissions;
  /** super-admin impersonation headers, kept only for groups allowed to impersonate */
  impersonation?: { providerId?: string; ehrProfileCode?: string };
  /** the caller's own account as read with the session (endpoints whose use is counted with it): accounts/reach.ts reachAccount takes it */
  account?: UserRow;
}

declare module 'fastify' {
  interface FastifyInstance {
    keys: ServerKeys;
    verifyGoogleIdToken: GoogleVerifier;
    /** address people reach the app at (links in e-mails) */
    publicUrl: string;
    /** when a one-time code or sign-in link sent now stops working (the spec's minutes; tests may shorten it) */
    signInExpiry: (specMinutes: number) => Date;
    /** codes and links one e-mail address may be sent in an hour (the spec's limit unless a test sets it) */
    signInSendsPerAccountPerHour: number;
    /** multiplies the account-creation, hold and booking limits: 1 unless a test sets TEST_RATE_LIMIT_FACTOR */
    rateLimitFactor: number;
    /** the session cookie is Secure (NODE_ENV=production) */
    secureCookies: boolean;
  }
  interface FastifyRequest {
    caller?: Caller;
  }
}

const IMPERSONATION_HEADERS = { providerId: 'provider_id', ehrProfileCode: 'ehr_profile_code' } as const;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_.-]+)$/i.exec(header.trim());
  return match?.[1];
}

function impersonationOf(request: FastifyRequest, groups: readonly string[]): Caller['impersonation'] {
  if (!mayImpersonate(groups)) return undefined;
  const read = (name: string) => {
    const v = request.headers[name];
    return typeof v === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(v) ? v : undefined;
  };
  const providerId = read(IMPERSONATION_HEADERS.providerId);
  const ehrProfileCode = read(IMPERSONATION_HEADERS.ehrProfileCode);
  return providerId || ehrProfileCode ? { providerId, ehrProfileCode } : undefined;
}

/**
 * The caller of this request: undefined without a token; `null` when a token was sent but is not
 * valid (forged, expired, or its account is gone or disabled). The token is the Authorization
 * header's when there is one (API clients), else the session cookie's (the browser); a
 * state-changing request signed in by the cookie must pass the cross-site checks of auth/cookie.ts,
 * or it is refused (403 CROSS_SITE_REQUEST_REFUSED, audited) before anything else happens.
 */
export async function resolveCaller(request: FastifyRequest, options: { endpoint?: EndpointDefinition } = {}): Promise<Caller | undefined | null> {
  if (request.caller) return request.caller;
  const fromHeader = bearerToken(request);
  if (!fromHeader && request.headers.authorization) return null;
  const token = fromHeader ?? cookieToken(request);
  if (!token) return undefined;
  const viaCookie = !fromHeader;
  if (viaCookie) {
    const reason = crossSiteReason(request);
    if (reason) {
      await writeAudit(request, {
        action: String(request.routeOptions.config.endpointId ?? 'request'),
        outcome: 'denied',
        status: 403,
        details: { reason: `cross-site request: ${reason}` },
      });
      throw new AppError('CROSS_SITE_REQUEST_REFUSED');
    }
  }
  return callerForToken(request, token, viaCookie, options);
}

/**
 * The caller an access token names, checked like every API call's (signature, expiry, open session);
 * null when it is not valid. resolveCaller uses it, and so does the video room's WebSocket, whose
 * browser side may offer the token as a subprotocol instead of the cookie. For an endpoint whose use
 * counts against rate limits (limits/counters.ts usesCountedFor) that the token's groups may call, the
 * statement that resumes the session also counts the use (request.usesCounted, taken by the handler's
 * takeOrRefuse, given back when the request ends before it): one statement for both.
 */
export async function callerForToken(
  request: FastifyRequest,
  token: string,
  viaCookie = false,
  options: { endpoint?: EndpointDefinition } = {},
): Promise<Caller | null> {
  const claims = await verifyAccessToken(request.server.keys, token, request.server.clock.now());
  if (!claims) return null;
  // The session behind the token must be open (not signed out, idle, disabled, or its groups changed).
  const now = request.server.clock.now();
  const permissions = permissionsFrom(claims.groups);
  const endpoint = options.endpoint;
  const uses = endpoint && mayAccess(endpoint.access, claims.groups) ? usesCountedFor(endpoint.id, { userId: claims.sub, permissions }, request.ip) : undefined;
  const session = await resumeSession(request.server.database, claims.sid, claims.sub, now, { count: uses });
  if (!session) return null;
  if (uses?.length && session.counts) request.usesCounted = { limits: uses, counts: session.counts, now, settled: false };
  const caller: Caller = {
    userId: claims.sub,
    sessionId: claims.sid,
    scope: session.scope,
    ...(session.handOver ? { handOver: session.handOver } : {}),
    expiresAt: session.expiresAt,
    viaCookie,
    email: session.email,
    userType: claims.userType,
    groups: claims.groups,
    businessPartnerId: claims.bp,
    permissions,
    impersonation: impersonationOf(request, claims.groups),
    ...(session.account ? { account: session.account } : {}),
  };
  request.caller = caller;
  return caller;
}

const bookingOnlyEndpoints: ReadonlySet<string> = new Set(constants.bookingOnlySessionEndpoints);

/**
 * Why a booking-only session (the skip-e-mail path) may not call this endpoint, or undefined: it may
 * call only the endpoints of constants.bookingOnlySessionEndpoints, and book once.
 */
async function outsideScope(request: FastifyRequest, caller: Caller, endpoint: EndpointDefinition): Promise<string | undefined> {
  if (caller.scope !== 'booking') return undefined;
  if (!bookingOnlyEndpoints.has(endpoint.id)) return 'booking-only session';
  if (endpoint.id === 'createAppointment') {
    const db = request.server.database;
    const booked = await all(db, qb.selectFrom('appointments').select(sql.lit(1).as('one')).where('user_id', '=', caller.userId).limit(1));
    // The key of the booking already made may be replayed (its stored answer); any other booking is refused.
    const key = request.headers['idempotency-key'];
    const replay =
      typeof key === 'string' &&
      (
        await all(
          db,
          qb
            .selectFrom('idempotency_keys')
            .select(sql.lit(1).as('one'))
            .where('caller_id', '=', caller.userId)
            .where('endpoint', '=', endpoint.id)
            .where('key', '=', key),
        )
      ).length > 0;
    if (booked.length && !replay) return 'booking-only session already booked';
  }
  return undefined;
}

/** The signed-in caller of an endpoint behind accessCheck. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED');
  return request.caller;
}

/** Path parameters that name a record, in the order that names the request's record best. */
const RECORD_PARAMS: readonly [param: string, type: string | undefined][] = [
  ['patientId', 'patient'],
  ['id', undefined],
  ['documentId', 'document'],
  ['insuranceId', 'insurance'],
  ['consentId', 'consent'],
  ['transactionId', 'billingTransaction'],
  ['userId', 'user'],
  ['appointmentId', 'appointment'],
];

/** "/support/patients/{id}" names a patient: the path segment before the parameter, singular. */
function recordTypeOfPath(path: string, param: string): string {
  const segment = path.split(`/{${param}}`)[0]?.split('/').pop() ?? '';
  return segment.replace(/s$/, '') || 'record';
}

/** A record id as the caller sent it, fit for the audit trail: text, no control characters, bounded. */
function auditableId(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string' || first === '' || !isPlainText(first)) return undefined;
  return first.slice(0, 100);
}

/**
 * The record a request names (handlers that resolve it set request.auditTarget instead): a path
 * parameter, else the patient a query or body names. Read from the raw request, so a refusal before
 * validation (401, 403, 400) still says which record was asked for.
 */
export function recordNamedBy(request: FastifyRequest, endpoint: EndpointDefinition): { type: string; id: string } | undefined {
  if (request.auditTarget) return request.auditTarget;
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [param, type] of RECORD_PARAMS) {
    const id = auditableId(params[param]);
    if (id) return { type: type ?? recordTypeOfPath(endpoint.path, param), id };
  }
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    const named = source as Record<string, unknown>;
    const id = auditableId(named.patientId) ?? auditableId(named.patientIds);
    if (id) return { type: 'patient', id };
  }
  return undefined;
}

export default fp<{ config: Config }>(
  async (app, opts) => {
    app.decorate('keys', deriveKeys(serverSecret(opts.config)));
    app.decorate('verifyGoogleIdToken', googleVerifier(opts.config));
    app.decorate('publicUrl', opts.config.publicUrl);
    const testLifetime = opts.config.testSignInLifetimeSeconds;
    app.decorate(
      'signInExpiry',
      (specMinutes: number) => new Date(app.clock.now().getTime() + (testLifetime === undefined ? specMinutes * 60 : testLifetime) * 1000),
    );
    app.decorate('signInSendsPerAccountPerHour', opts.config.testSignInSendsPerAccountPerHour ?? constants.signInSendsPerAccountPerHour);
    app.decorate('rateLimitFactor', opts.config.testRateLimitFactor ?? 1);
    app.decorate('secureCookies', opts.config.nodeEnv === 'production');
    await app.register(fastifyCookie);
    app.decorateRequest('caller', undefined);
    app.decorateRequest('audited', false);
    app.decorateRequest('auditTarget', undefined);

    const accessCheck: AccessCheck = (endpoint: EndpointDefinition) => async (request: FastifyRequest, reply: FastifyReply) => {
      // An endpoint that counts the caller's use counts it in the statement that resumes the session.
      const caller = await resolveCaller(request, { endpoint });
      const target = recordNamedBy(request, endpoint);
      const record = { recordType: target?.type, recordId: target?.id };
      if (!caller) {
        await writeAudit(request, {
          action: endpoint.id,
          outcome: 'denied',
          status: 401,
          ...record,
          details: { reason: caller === null ? 'invalid token' : 'no token' },
        });
        // A cookie whose session is over is of no more use: the browser drops it.
        if (caller === null && !request.headers.authorization) clearSessionCookie(reply);
        throw new AppError('UNAUTHENTICATED');
      }
      if (!mayAccess(endpoint.access, caller.groups)) {
        await writeAudit(request, { action: endpoint.id, outcome: 'denied', status: 403, ...record, details: { reason: 'role' } });
        throw new AppError('FORBIDDEN');
      }
      const scopeRefusal = await outsideScope(request, caller, endpoint);
      if (scopeRefusal) {
        await writeAudit(request, { action: endpoint.id, outcome: 'denied', status: 403, ...record, details: { reason: scopeRefusal } });
        throw new AppError('SESSION_SCOPE_LIMITED');
      }
      const handOverReason = caller.scope === 'handover' ? await handOverRefusal(request, caller.handOver, endpoint.id) : undefined;
      if (handOverReason) {
        await writeAudit(request, { action: endpoint.id, outcome: 'denied', status: 403, ...record, details: { reason: handOverReason } });
        throw new AppError('HAND_OVER_ACTIVE');
      }
    };
    app.decorate('accessCheck', accessCheck);

    // A use counted with the session whose handler never took it (refused or invalid before it got there) is given back before the answer.
    app.addHook('onSend', async (request, _reply, payload) => {
      await settleUsesCounted(request);
      return payload;
    });

    // One row per call of an endpoint that reads or changes health data, unless the handler wrote its own.
    app.addHook('onSend', async (request, reply, payload) => {
      const id = request.routeOptions.config.endpointId as EndpointId | undefined;
      const endpoint = id ? endpoints[id] : undefined;
      if (endpoint?.audit && !request.audited) {
        const target = recordNamedBy(request, endpoint);
        // A refused call says why: the catalogue error it was answered with.
        const reason = reply.statusCode >= 400 ? { reason: request.refusal ?? `status ${reply.statusCode}` } : undefined;
        await writeAudit(request, {
          action: endpoint.id,
          outcome: outcomeOfStatus(reply.statusCode),
          status: reply.statusCode,
          recordType: target?.type,
          recordId: target?.id,
          ...(reason ? { details: reason } : {}),
        });
      }
      return payload;
    });
  },
  { name: 'auth', dependencies: ['database', 'clock'] },
);
