/** Account calls of product-spec §7 Users. */
import { messageTemplate } from '@/domain/messages';
import { isLocale } from '@/domain/locale';
import { isTimeZone } from '@/domain/date-format';
import { createPatientAccount } from '@/server/accounts/create';
import { sendClaimInvitation } from '@/server/accounts/claim';
import { billingSummary } from '@/server/billing/summary';
import { billingOf, keepBilling } from '@/server/accounts/billing';
import { reachAccount } from '@/server/accounts/reach';
import { updateAccountDetails, userById, userIdByEmail, userOut, type UserRow } from '@/server/accounts/repository';
import { latestConsentsOf, patientsOfUser, updateSelfPatientDetails } from '@/server/patients/repository';
import { setAccountTimeZone } from '@/server/accounts/time-zone';
import { confirmEmailChange, pendingEmailOf, requestEmailChange } from '@/server/accounts/email-change';
import { writeAudit } from '@/server/audit';
import { ACCOUNT_IDENTITY_FIELDS, changedFields, refusedIdentityFields } from '@/domain/identity-changes';
import type { FastifyRequest } from 'fastify';
import { SKIP_EMAIL_METHOD, sessionFor } from '@/server/auth/session';
import { callerOf } from '@/server/plugins/auth';
import { sendSignInLink } from '../auth/routes';
import type { Handlers } from '../routes/registry';
import { AppError } from '@/server/errors';
import { flagOnFor } from '@/server/flags/decisions';
import { digitsOf } from '@/domain/phone';
import { takeOrRefuse } from '@/server/limits/counters';
import { constants } from '@/generated/constants';

/** An account's billing name and address (accounts/billing.ts) with its payments. */
async function billingOut(request: FastifyRequest, user: UserRow) {
  const db = request.server.database;
  return { userId: user.id, ...(await billingOf(db, user)), ...(await billingSummary(db, user.id, request.server.clock.now())) };
}

/** An account as its settings show it, with the new e-mail waiting for its code. */
async function accountOut(request: FastifyRequest, user: UserRow) {
  const pendingEmail = await pendingEmailOf(request, user.id);
  return { ...(await userOut(request.server.database, user)), ...(pendingEmail ? { pendingEmail } : {}) };
}

export const usersHandlers: Handlers = {
  async getUserDetails(request) {
    const user = await reachAccount(request, request.params.id, 'getUserDetails');
    return accountOut(request, user);
  },

  async getUserBilling(request) {
    const user = await reachAccount(request, request.query.userId, 'getUserBilling');
    return billingOut(request, user);
  },

  async updateUserBilling(request) {
    const user = await reachAccount(request, request.query.userId, 'updateUserBilling');
    await keepBilling(request.server.database, user.id, request.body);
    return billingOut(request, user);
  },

  async createUser(request, reply) {
    const user = await createPatientAccount(request, request.body);
    // Started for someone else (every staff caller): its person claims it from an invitation; otherwise a sign-in link.
    if (user.started_by) await sendClaimInvitation(request, user.id, user.started_by);
    else await sendSignInLink(request, user);
    reply.status(201);
    return userOut(request.server.database, user);
  },

  async inviteSchedulingSystemPatient(request, reply) {
    const { ehrId, ...person } = request.body;
    // Its ehrId, e-mail or both may already have an account: the unique constraints answer USER_ALREADY_EXISTS.
    const user = await createPatientAccount(request, person, { schedulingSystemEhrId: ehrId });
    await sendClaimInvitation(request, user.id, 'scheduling_system');
    reply.status(201);
    return userOut(request.server.database, user);
  },

  async createUserSkipEmailVerification(request, reply) {
    // The flag is the server's to check: with it at check, a visitor verifies their e-mail like everyone else.
    if (!(await flagOnFor(request, 'skipEmailVerification'))) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
    // Provisional for every address, with or without an account: the same answer for both, and the
    // address stays whoever's it is until a sign-in code to it confirms it (accounts/provisional.ts).
    const user = await createPatientAccount(request, request.body, { provisional: true });
    reply.status(201);
    return sessionFor(request, reply, user, SKIP_EMAIL_METHOD);
  },

  async getUserPatients(request) {
    const user = await reachAccount(request, request.query.userId ?? callerOf(request).userId, 'getUserPatients');
    const rows = await patientsOfUser(request.server.database, user.id);
    // The latest consent of each type per patient: signed or still to sign.
    const consents = rows.length
      ? await latestConsentsOf(
          request.server.database,
          rows.map((r) => r.id),
        )
      : [];
    return {
      items: rows.map((r) => ({
        id: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        dateOfBirth: r.date_of_birth,
        gender: r.gender,
        relationship: r.relationship as never,
        email: r.email,
        ehrId: r.ehr_id,
        consents: consents
          .filter((c) => c.patient_id === r.id)
          .map((c) => ({ isConsentProvided: c.signed, consentType: c.consent_type as never, source: c.source as never })),
      })),
    };
  },

  async userExists(request) {
    // Counted per staff account before the lookup, so no session can sweep a list of addresses.
    await takeOrRefuse(request, 'userExists', [
      { scope: 'account-lookup:caller', key: callerOf(request).userId, max: constants.accountLookupsPerCallerPerHour, windowMinutes: 60 },
    ]);
    const found = await userIdByEmail(request.server.database, request.query.email);
    if (!found) return { exists: false };
    // Staff only (the route's access list): those who may reach the account learn its id (the support booking e-mail step).
    try {
      const user = await reachAccount(request, found.id, 'userExists');
      return { exists: true, userId: user.id };
    } catch {
      return { exists: true };
    }
  },

  async updateUser(request) {
    const user = await reachAccount(request, request.params.id, 'updateUser');
    const caller = callerOf(request);
    const db = request.server.database;
    const { firstName, lastName, email, phoneNumber, dateOfBirth, address, language, timeZone } = request.body;
    if (language !== undefined && !isLocale(language))
      throw new AppError('VALIDATION_FAILED', { errors: [{ field: 'language', keyword: 'enum', message: messageTemplate('validation.default.enum') }] });
    if (timeZone !== undefined && !isTimeZone(timeZone))
      throw new AppError('VALIDATION_FAILED', { errors: [{ field: 'timeZone', keyword: 'enum', message: messageTemplate('validation.default.enum') }] });
    const changed = changedFields(
      { firstName: user.first_name, lastName: user.last_name, email: user.email, dateOfBirth: user.date_of_birth },
      { firstName, lastName, email, dateOfBirth },
    );
    const editor = {
      isHolder: caller.userId === user.id,
      isThirdPartyAgent: caller.permissions.isThirdPartyAgent,
      demographicsEdit: await flagOnFor(request, 'supportDemographicsEdit'),
    };
    const refused = refusedIdentityFields(editor, user.user_type !== 'patient', changed, ACCOUNT_IDENTITY_FIELDS);
    if (refused.length) {
      await writeAudit(request, {
        action: 'updateUser',
        outcome: 'denied',
        status: 403,
        recordType: 'user',
        recordId: user.id,
        details: { reason: `identity fields: ${refused.join(', ')}` },
      });
      throw new AppError('IDENTITY_CHANGE_FORBIDDEN');
    }
    // A new sign-in e-mail waits for the code sent to it; everything else changes now.
    if (email !== undefined && changed.includes('email')) await requestEmailChange(request, user, email);
    const phone = phoneNumber === undefined ? null : digitsOf(phoneNumber);
    await db.transaction(async (tx) => {
      await updateAccountDetails(tx, user.id, { firstName, lastName, dateOfBirth, address, language });
      if (timeZone !== undefined) await setAccountTimeZone(tx, user.id, timeZone);
      // The account holder is also their own Self patient: keep what both carry the same.
      await updateSelfPatientDetails(tx, user.id, { firstName, lastName, phone });
    });
    return accountOut(request, (await userById(db, user.id))!);
  },

  async confirmEmailChange(request) {
    const user = await confirmEmailChange(request, request.params.id, request.body.code);
    return accountOut(request, user);
  },
};
