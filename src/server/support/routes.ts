/** Support dashboard calls about accounts (product-spec §7 Support and front desk). */
import { appointmentOwnerAndTimeById, appointmentOwnerById, reachAccount, reachRecord } from '@/server/accounts/reach';
import { AppError } from '@/server/errors';
import { sessionStory } from '@/server/support/session-story';
import { verificationQueue } from '@/server/support/insurance-verification';
import { callerOf } from '@/server/plugins/auth';
import { sendAppointmentMail } from '@/server/booking/mails';
import { flagOnFor } from '@/server/flags/decisions';
import { searchSessions } from '@/server/support/session-search';
import { userOut } from '@/server/accounts/repository';
import { patientsOfUser } from '@/server/patients/repository';
import { listRedAlerts, resolveRedAlert, retryRedAlert, syncAttempts } from '@/server/support/red-alerts';
import { listRecordAccessReports, resolveRecordAccessReport } from '@/server/support/record-access-reports';
import type { Handlers } from '../routes/registry';

export const supportHandlers: Handlers = {
  async getSupportUser(request) {
    const user = await reachAccount(request, request.params.id, 'getSupportUser');
    const db = request.server.database;
    const out = await userOut(db, user);
    const patients = await patientsOfUser(db, user.id);
    return {
      id: out.id,
      firstName: out.firstName,
      lastName: out.lastName,
      email: out.email,
      userType: out.userType,
      groups: user.groups,
      disabled: user.disabled_at !== null,
      dateOfBirth: out.dateOfBirth,
      businessPartnerId: out.businessPartnerId,
      ...(out.businessPartner ? { businessPartner: out.businessPartner } : {}),
      timeZone: user.time_zone,
      patients: patients.map((p) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name, relationship: p.relationship as never })),
    };
  },

  async allowBookingFlow(request) {
    const user = await reachAccount(request, request.params.id, 'allowBookingFlow');
    if (user.disabled_at) return { allowed: false, reason: 'ACCOUNT_DISABLED' as const };
    if (user.user_type !== 'patient') return { allowed: false, reason: 'NOT_A_PATIENT' as const };
    if (user.email.toLowerCase() !== request.query.email.toLowerCase()) return { allowed: false, reason: 'EMAIL_MISMATCH' as const };
    return { allowed: true };
  },

  async getSupportSession(request) {
    await reachRecord(request, 'appointment', request.params.id, 'getSupportSession', appointmentOwnerById);
    const story = await sessionStory(request.server.database, request.params.id);
    if (!story) throw new AppError('NOT_FOUND');
    return story;
  },

  async listInsuranceVerifications(request) {
    return { items: await verificationQueue(request.server.database, callerOf(request), request.query.limit ?? 50) };
  },

  async resendSessionConfirmation(request) {
    const row = await reachRecord(request, 'appointment', request.params.id, 'resendSessionConfirmation', appointmentOwnerAndTimeById);
    if (row.status !== 'booked' || new Date(row.start_at) <= request.server.clock.now()) throw new AppError('SESSION_NOT_UPCOMING');
    await sendAppointmentMail(request.server, 'appointment-confirmation', request.params.id);
    return { sentTo: row.email };
  },

  async searchSupportSessions(request) {
    const caller = callerOf(request);
    if (!(await flagOnFor(request, 'patientSessionSearch'))) throw new AppError('FORBIDDEN');
    const { name, email, date, provider } = request.query;
    if (!name && !email && !date && !provider) {
      throw new AppError('VALIDATION_FAILED', { errors: [{ field: 'name', keyword: 'required', message: 'name, email, date or provider' }] });
    }
    return { items: await searchSessions(request.server.database, caller, request.query) };
  },

  async listRedAlerts(request) {
    request.auditTarget = { type: 'task', id: 'red-alerts' };
    return { items: await listRedAlerts(request, request.query.limit ?? 100) };
  },

  async retryRedAlert(request) {
    return retryRedAlert(request, request.params.id, request.body.version);
  },

  async resolveRedAlert(request) {
    return resolveRedAlert(request, request.params.id, request.body.version, request.body.note);
  },

  async listRecordAccessReports(request) {
    request.auditTarget = { type: 'task', id: 'record-access-reports' };
    return { items: await listRecordAccessReports(request, request.query.limit ?? 100) };
  },

  async resolveRecordAccessReport(request) {
    return resolveRecordAccessReport(request, request.params.id, request.body.version, request.body.note);
  },

  async listSyncAttempts(request) {
    request.auditTarget = { type: 'sync', id: request.query.recordId ?? 'sync-audit' };
    return syncAttempts(request, request.query);
  },
};
