/** Sign-in calls of product-spec §7 Auth. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie } from '@/server/auth/cookie';
import { hasSignedInHint } from '@/server/auth/signed-in-hint';
import { partnerById } from '@/server/marketplace/partners';
import { constants } from '@/generated/constants';
import { routeById } from '@/generated/routes';
import { createPatientAccount } from '@/server/accounts/create';
import { confirmProvisionalAccounts } from '@/server/accounts/provisional';
import { claimAccount } from '@/server/accounts/claim';
import { userByEmail, userById, type UserRow } from '@/server/accounts/repository';
import { writeAudit } from '@/server/audit';
import { newLoginToken, newOtp } from '@/server/auth/codes';
import { guessRight, takeGuess, takeSend } from '@/server/auth/limits';
import { codeHash } from '@/server/auth/secrets';
import { insertLoginToken, loginTokenByHash, replaceSignInCode, spendLoginToken, takeLoginTokenTry } from '@/server/auth/repository';
import { auditSignInFailure, sessionFor, sessionUserOf } from '@/server/auth/session';
import { rightSignInCode, spendRightSignInCode } from '@/server/auth/sign-in-code';
import { AppError } from '@/server/errors';
import { endSession } from '@/server/auth/server-sessions';
import { callerOf, resolveCaller } from '@/server/plugins/auth';
import type { Handlers } from '../routes/registry';
import { isLocale } from '@/domain/locale';
import { siteUrl } from '@/server/site-url';
import { decisionFor, trafficKeyOf } from '@/server/flags/decisions';

/** An account that may sign in: exists and is not disabled. */
async function activeAccount(request: FastifyRequest, email: string): Promise<UserRow | undefined> {
  const user = await userByEmail(request.server.database, email);
  return user && !user.disabled_at ? user : undefined;
}

/** Mails a magic link to an account; returns nothing the caller could learn from. */
export async function sendSignInLink(request: FastifyRequest, user: UserRow, redirectTo?: string): Promise<void> {
  const token = newLoginToken();
  await insertLoginToken(request.server.database, {
    tokenHash: codeHash(request.server.keys, token),
    userId: user.id,
    expiresAt: request.server.signInExpiry(constants.loginTokenExpiryMinutes),
    redirectTo: redirectTo ?? null,
  });
  const path = `${routeById.magicLinkLogin.path}?redirect=true&loginToken=${token}`;
  await request.server.mailer.send(
    'sign-in-link',
    user.email,
    (locale) => ({ params: { link: siteUrl(request.server, path, locale), minutes: constants.loginTokenExpiryMinutes } }),
    { language: user.language },
  );
}

/**
 * Signs in with a magic-link token. `dob` is checked when the account requires it; without
 * `consume`, an account that requires it gets DOB_REQUIRED and the token stays usable.
 */
async function signInWithToken(request: FastifyRequest, reply: FastifyReply, loginToken: string, dob: string | undefined, method: string) {
  const guess = await takeGuess(request, 'signIn', undefined);
  const db = request.server.database;
  const now = request.server.clock.now().toISOString();
  const row = await loginTokenByHash(db, codeHash(request.server.keys, loginToken), now);
  const user = row ? await userById(db, row.user_id) : undefined;
  if (!row || !user || user.disabled_at || row.expired || row.used || row.wrong_tries >= constants.otpMaxWrongTries) {
    await auditSignInFailure(request, method, row ? 'token expired, used or locked' : 'unknown token', 401, user?.id);
    throw new AppError('LOGIN_LINK_INVALID');
  }
  // The token itself was right; what remains to guess is the date of birth.
  await guessRight(request, guess);
  if (user.dob_check_required) {
    if (dob === undefined) {
      await auditSignInFailure(request, method, 'date of birth required', 403, user.id);
      throw new AppError('DOB_REQUIRED');
    }
    const dobGuess = await takeGuess(request, 'signIn', user.email);
    // Counted before it is compared, so simultaneous guesses cannot all be compared.
    if (!(await takeLoginTokenTry(db, row.id, constants.otpMaxWrongTries))) {
      await auditSignInFailure(request, method, 'token locked', 401, user.id);
      throw new AppError('LOGIN_LINK_INVALID');
    }
    if (dob !== user.date_of_birth) {
      await auditSignInFailure(request, method, 'wrong date of birth', 403, user.id);
      throw new AppError('DOB_REQUIRED');
    }
    await guessRight(request, dobGuess);
  }
  // Single use even when two requests race: only one UPDATE finds the token unused.
  if (!(await spendLoginToken(db, row.id, now))) {
    await auditSignInFailure(request, method, 'token used concurrently', 401, user.id);
    throw new AppError('LOGIN_LINK_INVALID');
  }
  return sessionFor(request, reply, user, method, row.redirect_to ? { redirectTo: row.redirect_to } : {});
}

export const authHandlers: Handlers = {
  async claimAccount(request, reply) {
    return claimAccount(request, reply, request.body);
  },

  async sendMagicLink(request) {
    const { email, redirectTo } = request.body;
    await takeSend(request, email, 'sendMagicLink');
    const user = await activeAccount(request, email);
    if (user) await sendSignInLink(request, user, redirectTo);
    await writeAudit(request, {
      action: 'sendMagicLink',
      outcome: user ? 'success' : 'failure',
      status: 200,
      actorId: user?.id,
      details: { account: Boolean(user) },
    });
    return { sent: true as const, expiresInMinutes: constants.loginTokenExpiryMinutes };
  },

  async sendEmailOtp(request) {
    const { email, isRetry } = request.body;
    await takeSend(request, email, 'sendEmailOtp');
    const user = await activeAccount(request, email);
    // A code goes to every address, with or without an account (verify first, create after), so the
    // answer and the mail tell nobody whether the address has an account; a disabled account gets none.
    const disabled = !user && (await userByEmail(request.server.database, email)) !== undefined;
    if (!disabled) {
      const code = newOtp();
      await request.server.database.transaction((tx) =>
        replaceSignInCode(tx, email, codeHash(request.server.keys, code), request.server.signInExpiry(constants.otpExpiryMinutes), request.server.clock.now()),
      );
      await request.server.mailer.send('sign-in-code', user?.email ?? email, () => ({ params: { code, minutes: constants.otpExpiryMinutes } }));
    }
    await writeAudit(request, {
      action: 'sendEmailOtp',
      outcome: disabled ? 'failure' : 'success',
      status: 200,
      actorId: user?.id,
      details: { account: Boolean(user), retry: Boolean(isRetry) },
    });
    return { sent: true as const, expiresInMinutes: constants.otpExpiryMinutes };
  },

  async verifyEmailOtp(request, reply) {
    const { email, otp, newAccount } = request.body;
    const db = request.server.database;
    const user = await activeAccount(request, email);
    const fail = async (reason: string) => {
      await auditSignInFailure(request, 'otp', reason, 401, user?.id);
      return new AppError('OTP_INVALID');
    };
    const codeId = await rightSignInCode(request, email, otp, user?.id);
    // The address is proved: accounts the skip-e-mail path made for it become the account or join it.
    let account = await confirmProvisionalAccounts(request, email, user);
    if (!account) {
      // Verify first, create after: the address is proved; without the person's details the code stays usable.
      const disabled = await userByEmail(db, email);
      if (disabled) throw await fail('account disabled');
      if (!newAccount) {
        await writeAudit(request, { action: 'signUp', outcome: 'failure', status: 409, details: { reason: 'details required' } });
        throw new AppError('SIGN_UP_DETAILS_REQUIRED');
      }
    }
    // Created before the code is spent, so details the server refuses (a bad partnership code) leave it usable.
    account ??= await createPatientAccount(request, { email, ...newAccount! });
    if (!(await spendRightSignInCode(request, codeId))) throw await fail('code used concurrently');
    return sessionFor(request, reply, account, 'otp');
  },

  async loginGoogleSso(request, reply) {
    const { jwtToken, relayState } = request.body;
    const guess = await takeGuess(request, 'signIn', undefined);
    const identity = await request.server.verifyGoogleIdToken(jwtToken);
    const user = identity ? await activeAccount(request, identity.email) : undefined;
    if (!user) {
      await auditSignInFailure(request, 'google', identity ? 'no active account' : 'token rejected', 401);
      throw new AppError('GOOGLE_SIGN_IN_FAILED');
    }
    await guessRight(request, guess);
    return sessionFor(request, reply, user, 'google', relayState !== undefined ? { relayState } : {});
  },

  async loginWithToken(request, reply) {
    return signInWithToken(request, reply, request.params.loginToken, request.query.dob, 'link');
  },

  async verifyLoginToken(request, reply) {
    return signInWithToken(request, reply, request.params.loginToken, undefined, 'link');
  },

  async signOut(request, reply) {
    const caller = callerOf(request);
    await endSession(request.server.database, caller.sessionId, 'signed out', request.server.clock.now());
    request.auditTarget = { type: 'user', id: caller.userId };
    // The browser's copy goes too (API clients simply stop using their token).
    clearSessionCookie(reply);
    return reply.status(204).send();
  },

  async getAuthSession(request, reply) {
    const caller = await resolveCaller(request);
    const user = caller ? await userById(request.server.database, caller.userId) : undefined;
    if (!caller || !user) {
      // A cookie whose session is over is of no more use: the browser drops it (and the signed-in
      // hint, which this same-site call only carries without a session when the session has gone).
      if ((caller === null || hasSignedInHint(request)) && !request.headers.authorization) clearSessionCookie(reply);
      return { signedIn: false };
    }
    const partner = caller.businessPartnerId ? await partnerById(request.server.database, caller.businessPartnerId) : undefined;
    return {
      signedIn: true,
      user: sessionUserOf(user),
      groups: caller.groups,
      expiresAt: caller.expiresAt.toISOString(),
      bookingOnly: caller.scope === 'booking',
      ...(partner ? { businessPartner: partner } : {}),
      ...(isLocale(user.language) ? { language: user.language } : {}),
      flags: await decisionFor(request, trafficKeyOf(request, 'user')),
    };
  },
};
