/** The practice agenda on the front-desk device (product-spec §2 /agenda, §3 front-desk state), and its hand-over to a patient. */
import { isoDateIn } from '@/domain/dates';
import { appointmentOwnerById, reachRecord } from '@/server/accounts/reach';
import { writeAudit } from '@/server/audit';
import { AppError } from '@/server/errors';
import { agendaOf, openTasksOf } from '@/server/front-desk/agenda';
import { issuePatientToken } from '@/server/front-desk/patient-token';
import { checkInPatientOf, practiceDayOf } from '@/server/front-desk/repository';
import { handOverOf } from '@/server/front-desk/hand-over';
import { setHandOver } from '@/server/auth/server-sessions';
import { rightSignInCode, spendRightSignInCode } from '@/server/auth/sign-in-code';
import { verifyPatientDateOfBirth } from '@/server/patients/date-of-birth';
import { callerOf } from '@/server/plugins/auth';
import type { Handlers } from '../routes/registry';

export const frontDeskHandlers: Handlers = {
  async getFrontDeskAgenda(request) {
    const agenda = await agendaOf(request.server.database, request.query.practiceId, request.query.date);
    if (!agenda) {
      await writeAudit(request, {
        action: 'getFrontDeskAgenda',
        outcome: 'denied',
        status: 404,
        recordType: 'practice',
        recordId: request.query.practiceId,
        details: { reason: 'no such record' },
      });
      throw new AppError('NOT_FOUND');
    }
    request.auditTarget = { type: 'practice', id: agenda.practice.id };
    return agenda;
  },

  async getFrontDeskTasks(request) {
    const open = await openTasksOf(request.server.database, request.query.practiceId, request.server.clock.now(), request.query.days ?? 7);
    if (!open) {
      await writeAudit(request, {
        action: 'getFrontDeskTasks',
        outcome: 'denied',
        status: 404,
        recordType: 'practice',
        recordId: request.query.practiceId,
        details: { reason: 'no such record' },
      });
      throw new AppError('NOT_FOUND');
    }
    request.auditTarget = { type: 'practice', id: open.practice.id };
    return open;
  },

  async checkInPatient(request) {
    await reachRecord(request, 'appointment', request.params.id, 'checkInPatient', appointmentOwnerById);
    const row = await checkInPatientOf(
      request.server.database,
      request.params.id,
      request.body.patientId,
      request.server.clock.now(),
      callerOf(request).userId,
    );
    if (!row) throw new AppError('NOT_FOUND');
    return { appointmentId: request.params.id, patientId: request.body.patientId, checkedInAt: new Date(row.checked_in_at).toISOString() };
  },

  async frontDeskPatientAuth(request) {
    await verifyPatientDateOfBirth(request, request.body.patientId, request.body.dateOfBirth, 'frontDeskPatientAuth');
    const { token, expiresAt } = await issuePatientToken(request.server.keys, request.body.patientId, request.server.clock.now());
    return { patientToken: token, expiresAt: expiresAt.toISOString() };
  },

  async startFrontDeskHandOver(request) {
    const caller = callerOf(request);
    const { appointmentId, patientId } = request.body;
    const handOver = await handOverOf(request.server.database, patientId, appointmentId);
    if (!handOver) throw new AppError('NOT_FOUND');
    request.auditTarget = { type: 'patient', id: patientId };
    // From now on this session may only do the patient's task, for this patient (plugins/auth.ts, front-desk/hand-over-scope.ts).
    await setHandOver(request.server.database, caller.sessionId, { patientId, appointmentId });
    return handOver;
  },

  async getFrontDeskHandOver(request) {
    const scope = callerOf(request).handOver;
    const handOver = scope ? await handOverOf(request.server.database, scope.patientId, scope.appointmentId) : undefined;
    if (!scope || !handOver) throw new AppError('NOT_FOUND');
    request.auditTarget = { type: 'patient', id: scope.patientId };
    return handOver;
  },

  async endFrontDeskHandOver(request) {
    const caller = callerOf(request);
    const scope = caller.handOver;
    if (!scope) throw new AppError('NOT_FOUND');
    // The staff member proves it is them again: the sign-in code sent to their own address.
    const codeId = await rightSignInCode(request, caller.email, request.body.otp, caller.userId);
    if (!(await spendRightSignInCode(request, codeId))) throw new AppError('OTP_INVALID');
    await setHandOver(request.server.database, caller.sessionId, undefined);
    const back = await handOverOf(request.server.database, scope.patientId, scope.appointmentId);
    request.auditTarget = { type: 'patient', id: scope.patientId };
    if (!back) {
      // The session was cancelled meanwhile: the device is the staff member's again; the agenda of its practice today.
      const row = await practiceDayOf(request.server.database, scope.appointmentId);
      return { practiceId: row!.practice_id, date: isoDateIn(request.server.clock.now(), row!.time_zone) };
    }
    return { practiceId: back.practice.id, date: back.date };
  },
};
