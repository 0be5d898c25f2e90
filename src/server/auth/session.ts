/** The AuthSession every successful sign-in answers with (contract in specs/entities/AuthSession.yaml). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthSession } from '@/generated/entities';
import { writeAudit } from '../audit';
import { qb, run, sql } from '../db/typed';
import type { UserRow } from '../accounts/repository';
import { partnerById } from '../marketplace/partners';
import { constants } from '@/generated/constants';
import { endSessionsOf, startSession } from './server-sessions';
import { issueAccessToken } from './tokens';
import { setSessionCookie } from './cookie';
import { setSignedInHint } from './signed-in-hint';
import { accountHolderOf } from '@/domain/account-link';
import { isLocale } from '@/domain/locale';
import { flagUserKey } from '@/domain/flags';
import { decisionFor } from '../flags/decisions';

/** The sign-in method of POST /users/create-skip-email-verification: a session that has not proved its address. */
export const SKIP_EMAIL_METHOD = 'skip-email-verification';

/** The person of a session as the app shows them (AuthSession.user): with their chosen zone, staff screens read times in it. */
export function sessionUserOf(user: UserRow): AuthSession['user'] {
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    userType: user.user_type,
    ...(user.time_zone ? { timeZone: user.time_zone } : {}),
  };
}

/**
 * Starts a server-side session for the account and answers its AuthSession; the token also goes into
 * the browser's HttpOnly session cookie (auth/cookie.ts). The skip-e-mail path's session may only
 * finish its booking (scope 'booking').
 */
export async function sessionFor(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  method: string,
  extra: Pick<AuthSession, 'redirectTo' | 'relayState'> = {},
): Promise<AuthSession> {
  const businessPartnerId = user.user_type === 'third_party_support' ? user.business_partner_id : null;
  const now = request.server.clock.now();
  const scope = method === SKIP_EMAIL_METHOD ? 'booking' : 'full';
  const sessionId = await startSession(request.server.database, user, new Date(now.getTime() + constants.accessTokenLifetimeMinutes * 60_000), now, scope);
  // The address is proved: sessions taken without proving it (the skip-e-mail path) end, whoever holds them.
  if (scope === 'full') await endSessionsOf(request.server.database, user.id, 'email confirmed', now, sessionId, 'booking');
  const { token, expiresAt } = await issueAccessToken(
    request.server.keys,
    {
      id: user.id,
      email: user.email,
      userType: user.user_type,
      groups: user.groups,
      businessPartnerId,
      sessionId,
    },
    now,
  );
  setSessionCookie(reply, token, expiresAt);
  // Whom the header's link is for, on a page opened from another site (the session cookie withheld there).
  const holder = accountHolderOf({ signedIn: true, user: { firstName: user.first_name }, groups: user.groups });
  if (holder) setSignedInHint(reply, holder, expiresAt);
  const partner = businessPartnerId ? await partnerById(request.server.database, businessPartnerId) : undefined;
  // Signing in with a code, a link or Google proves the address; the skip-e-mail path does not, so it stays unverified.
  if (method !== SKIP_EMAIL_METHOD)
    await run(
      request.server.database,
      qb
        .updateTable('users')
        .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', sql<Date>`now()`) }))
        .where('id', '=', user.id),
    );
  await writeAudit(request, {
    action: 'signIn',
    outcome: 'success',
    status: 200,
    actorId: user.id,
    recordType: 'user',
    recordId: user.id,
    details: { method },
  });
  return {
    accessToken: token,
    tokenType: 'Bearer',
    expiresAt: expiresAt.toISOString(),
    user: sessionUserOf(user),
    groups: user.groups,
    ...(partner ? { businessPartner: partner } : {}),
    ...(extra.redirectTo ? { redirectTo: extra.redirectTo } : {}),
    ...(extra.relayState !== undefined ? { relayState: extra.relayState } : {}),
    ...(isLocale(user.language) ? { language: user.language } : {}),
    // The person's user flags, decided now: the app opens their screens as the server will enforce them.
    flags: await decisionFor(request, flagUserKey(user.email)),
  };
}

/** A failed sign-in: audited with the reason, never with the code or token tried. */
export async function auditSignInFailure(request: FastifyRequest, method: string, reason: string, status: number, userId?: string): Promise<void> {
  await writeAudit(request, {
    action: 'signIn',
    outcome: 'failure',
    status,
    actorId: userId,
    recordType: userId ? 'user' : undefined,
    recordId: userId,
    details: { method, reason },
  });
}
