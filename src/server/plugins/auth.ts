/**
 * Who is calling. A bearer access token is verified (signature, expiry) and its account checked on
 * every call, so a disabled account's tokens stop working at once. Installs app.accessCheck, which
 * src/server/routes/registry.ts puts in front of every endpoint not open to anyone: a caller without
 * a valid token gets 401, one whose groups the endpoint's access list does not name gets 403, and
 * both are written to the audit trail. Endpoints marked `audit: true` get an audit row per call.
 */
import { constants } from '../../generated/constants';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { endpoints, type EndpointId } from '../../generated/api';
import type { PermissionGroup, UserType } from '../../generated/enums';
import type { EndpointDefinition } from '../../generated/types';
import { mayAccess, mayImpersonate, permissionsFrom, type Permissions } from '../../domain/permissions';
import { outcomeOfStatus, writeAudit } from '../audit';
import { googleVerifier, type GoogleVerifier } from '../auth/google';
import { deriveKeys, serverSecret, type ServerKeys } from '../auth/secrets';
import { verifyAccessToken } from '../auth/tokens';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { AccessCheck } from '../routes/registry';

export interface Caller {
  userId: string;
  email: string;
  userType: UserType;
  groups: PermissionGroup[];
  businessPartnerId?: string;
  permissions: Permissions;
  /** super-admin impersonation headers, kept only for groups allowed to impersonate */
  impersonation?: { providerId?: string; ehrProfileCode?: string };
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
 * valid (forged, expired, or its account is gone or disabled).
 */
export async function resolveCaller(request: FastifyRequest): Promise<Caller | undefined | null> {
  if (request.caller) return request.caller;
  const token = bearerToken(request);
  if (!token) return request.headers.authorization ? null : undefined;
  const claims = await verifyAccessToken(request.server.keys, token, request.server.clock.now());
  if (!claims) return null;
  const [account] = await request.server.database.query<{ disabled: boolean }>(
    'SELECT disabled_at IS NOT NULL AS disabled FROM users WHERE id = $1',
    [claims.sub],
  );
  if (!account || account.disabled) return null;
  const caller: Caller = {
    userId: claims.sub,
    email: claims.email,
    userType: claims.userType,
    groups: claims.groups,
    businessPartnerId: claims.bp,
    permissions: permissionsFrom(claims.groups),
    impersonation: impersonationOf(request, claims.groups),
  };
  request.caller = caller;
  return caller;
}

/** The signed-in caller of an endpoint behind accessCheck. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED');
  return request.caller;
}

export default fp<{ config: Config }>(
  async (app, opts) => {
    app.decorate('keys', deriveKeys(serverSecret(opts.config)));
    app.decorate('verifyGoogleIdToken', googleVerifier(opts.config));
    app.decorate('publicUrl', opts.config.publicUrl);
    const testLifetime = opts.config.testSignInLifetimeSeconds;
    app.decorate('signInExpiry', (specMinutes: number) => new Date(app.clock.now().getTime() + (testLifetime === undefined ? specMinutes * 60 : testLifetime) * 1000));
    app.decorate('signInSendsPerAccountPerHour', opts.config.testSignInSendsPerAccountPerHour ?? constants.signInSendsPerAccountPerHour);
    app.decorateRequest('caller', undefined);
    app.decorateRequest('audited', false);
    app.decorateRequest('auditTarget', undefined);

    const accessCheck: AccessCheck = (endpoint: EndpointDefinition) => async (request: FastifyRequest) => {
      const caller = await resolveCaller(request);
      if (!caller) {
        await writeAudit(request, { action: endpoint.id, outcome: 'denied', status: 401, details: { reason: caller === null ? 'invalid token' : 'no token' } });
        throw new AppError('UNAUTHENTICATED');
      }
      if (!mayAccess(endpoint.access, caller.groups)) {
        await writeAudit(request, { action: endpoint.id, outcome: 'denied', status: 403, details: { reason: 'role' } });
        throw new AppError('FORBIDDEN');
      }
    };
    app.decorate('accessCheck', accessCheck);

    // One row per call of an endpoint that reads or changes health data, unless the handler wrote its own.
    app.addHook('onSend', async (request, reply, payload) => {
      const id = request.routeOptions.config.endpointId as EndpointId | undefined;
      const endpoint = id ? endpoints[id] : undefined;
      if (endpoint?.audit && !request.audited) {
        const params = request.params as Record<string, unknown> | undefined;
        const target = request.auditTarget ?? (typeof params?.id === 'string' ? { type: endpoint.resource, id: params.id } : undefined);
        await writeAudit(request, { action: endpoint.id, outcome: outcomeOfStatus(reply.statusCode), status: reply.statusCode, recordType: target?.type, recordId: target?.id });
      }
      return payload;
    });
  },
  { name: 'auth', dependencies: ['database', 'clock'] },
);
