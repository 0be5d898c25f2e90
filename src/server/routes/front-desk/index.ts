/** The practice agenda on the front-desk device (product-spec §2 /agenda, §3 front-desk state). */
import { reachRecord } from '@/server/accounts/reach';
import { writeAudit } from '@/server/audit';
import { AppError } from '@/server/errors';
import { agendaOf, openTasksOf } from '@/server/front-desk/agenda';
import { issuePatientToken } from '@/server/front-desk/patient-token';
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
    await reachRecord(
      request,
      'appointment',
      request.params.id,
      'checkInPatient',
      `SELECT a.id, a.user_id AS account_id, u.business_partner_id AS account_partner_id FROM appointments a JOIN users u ON u.id = a.user_id WHERE a.id = $1`,
    );
    const [row] = await request.server.database.query<{ checked_in_at: Date }>(
      `UPDATE appointment_patients ap SET checked_in_at = coalesce(ap.checked_in_at, $3::timestamptz), checked_in_by = coalesce(ap.checked_in_by, $4)
         FROM appointments a
        WHERE ap.appointment_id = $1 AND ap.patient_id = $2 AND a.id = ap.appointment_id AND a.status = 'booked'
        RETURNING ap.checked_in_at`,
      [request.params.id, request.body.patientId, request.server.clock.now().toISOString(), callerOf(request).userId],
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
