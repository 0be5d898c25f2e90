/** The practice agenda on the front-desk device (product-spec §2 /agenda, §3 front-desk state). */
import { reachRecord } from '@/server/accounts/reach';
import { writeAudit } from '@/server/audit';
import { AppError } from '@/server/errors';
import { agendaOf, openTasksOf } from '@/server/front-desk/agenda';
import { issuePatientToken } from '@/server/front-desk/patient-token';
import { checkInPatientOf } from '@/server/front-desk/repository';
import { APPOINTMENT_OWNER_SQL } from '@/server/booking/appointments';
import { verifyPatientDateOfBirth } from '@/server/patients/date-of-birth';
import { callerOf } from '@/server/plugins/auth';
import type { Handlers } from '../registry';

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
    await reachRecord(request, 'appointment', request.params.id, 'checkInPatient', APPOINTMENT_OWNER_SQL);
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
};
