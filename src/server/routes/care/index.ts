/** The clinician care area (product-spec §2 Clinician care area): a clinician's schedule. */
import type { ScheduledSession } from '../../../generated/entities';
import { isUuid } from '../../../domain/ids';
import { appointmentsWhere, appointmentTiming } from '../../booking/appointments';
import { callerOf } from '../../plugins/auth';
import { AppError } from '../../errors';
import type { Handlers } from '../registry';

export const careHandlers: Handlers = {
  async getCareSchedule(request) {
    const caller = callerOf(request);
    const db = request.server.database;
    // A super-admin's provider_id header names the provider whose schedule they look at; a clinician sees their own.
    const named = caller.impersonation?.providerId;
    const [own] = named ? [] : await db.query<{ provider_id: string | null }>('SELECT provider_id FROM users WHERE id = $1', [caller.userId]);
    const providerId = named ?? own?.provider_id ?? undefined;
    if (!providerId || !isUuid(providerId)) throw new AppError('NOT_FOUND');
    const [provider] = await db.query<{ id: string; firstName: string; lastName: string; title: string; timeZone: string }>(
      'SELECT id, first_name AS "firstName", last_name AS "lastName", title, time_zone AS "timeZone" FROM providers WHERE id = $1 AND removed_at IS NULL',
      [providerId],
    );
    if (!provider) throw new AppError('NOT_FOUND');
    const { when = 'upcoming', limit = 50 } = request.query;
    const { where: timing, order } = appointmentTiming(when, '$2');
    const appointments = await appointmentsWhere(db, `${timing} AND a.provider_id = $1`, [provider.id, request.server.clock.now().toISOString()], order, limit);
    request.auditTarget = { type: 'provider', id: provider.id };
    return {
      provider,
      items: appointments.map(
        (a): ScheduledSession => ({
          id: a.id,
          status: a.status,
          start: a.start,
          end: a.end,
          appointmentMode: a.appointmentMode,
          counselingType: a.counselingType,
          joinUrl: a.joinUrl,
          waiting: a.joinUrl ? request.server.visitRooms.waiting(a.id) : [],
          practice: a.practice,
          patients: a.patients.map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, relationship: p.relationship, dateOfBirth: p.dateOfBirth ?? null })),
        }),
      ),
    };
  },
};
