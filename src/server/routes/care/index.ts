/** The clinician care area (product-spec §2 Clinician care area): schedule, calendar and availability. */
import type { FastifyRequest } from 'fastify';
import moment from 'moment-timezone';
import type { ScheduledSession } from '../../../generated/entities';
import { isUuid } from '../../../domain/ids';
import { localDate, localDayStart } from '../../../domain/slots';
import type { BookedAppointment } from '../../../generated/entities';
import { appointmentsWhere, appointmentTiming } from '../../booking/appointments';
import { availabilityProvider, checkAvailability, loadAvailability, saveAvailability } from '../../care/availability';
import { callerOf } from '../../plugins/auth';
import { AppError } from '../../errors';
import type { Handlers } from '../registry';

/**
 * The provider whose care area the caller opens: a super-admin's provider_id header names one
 * (impersonation); a clinician gets their own. Anyone else, or an unknown provider, is NOT_FOUND.
 */
export async function callerProviderId(request: FastifyRequest): Promise<string> {
  const caller = callerOf(request);
  const named = caller.impersonation?.providerId;
  const [own] = named ? [] : await request.server.database.query<{ provider_id: string | null }>('SELECT provider_id FROM users WHERE id = $1', [caller.userId]);
  const providerId = named ?? own?.provider_id ?? undefined;
  if (!providerId || !isUuid(providerId)) throw new AppError('NOT_FOUND');
  return providerId;
}

function scheduled(a: BookedAppointment): ScheduledSession {
  return {
    id: a.id,
    status: a.status,
    start: a.start,
    end: a.end,
    appointmentMode: a.appointmentMode,
    counselingType: a.counselingType,
    joinUrl: a.joinUrl,
    practice: a.practice,
    patients: a.patients.map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, relationship: p.relationship, dateOfBirth: p.dateOfBirth ?? null })),
  };
}

export const careHandlers: Handlers = {
  async getCareSchedule(request) {
    const db = request.server.database;
    const providerId = await callerProviderId(request);
    const [provider] = await db.query<{ id: string; firstName: string; lastName: string; title: string; timeZone: string }>(
      'SELECT id, first_name AS "firstName", last_name AS "lastName", title, time_zone AS "timeZone" FROM providers WHERE id = $1 AND removed_at IS NULL',
      [providerId],
    );
    if (!provider) throw new AppError('NOT_FOUND');
    const { when = 'upcoming', limit = 50 } = request.query;
    const { where: timing, order } = appointmentTiming(when, '$2');
    const appointments = await appointmentsWhere(db, `${timing} AND a.provider_id = $1`, [provider.id, request.server.clock.now().toISOString()], order, limit);
    request.auditTarget = { type: 'provider', id: provider.id };
    return { provider, items: appointments.map(scheduled) };
  },

  async getCareAvailability(request) {
    const provider = await availabilityProvider(request.server.database, await callerProviderId(request));
    if (!provider) throw new AppError('NOT_FOUND');
    return { provider, ...(await loadAvailability(request.server.database, provider)) };
  },

  async saveCareAvailability(request) {
    const db = request.server.database;
    const provider = await availabilityProvider(db, await callerProviderId(request));
    if (!provider) throw new AppError('NOT_FOUND');
    request.auditTarget = { type: 'provider', id: provider.id };
    checkAvailability(request.body, provider);
    const regenerated = await saveAvailability(db, provider, request.body, callerOf(request).userId, request.server.clock.now());
    return { provider, ...(await loadAvailability(db, provider)), regenerated };
  },

  async getCareCalendar(request) {
    const db = request.server.database;
    const providerId = await callerProviderId(request);
    const [provider] = await db.query<{ id: string; timeZone: string }>('SELECT id, time_zone AS "timeZone" FROM providers WHERE id = $1 AND removed_at IS NULL', [providerId]);
    if (!provider) throw new AppError('NOT_FOUND');
    request.auditTarget = { type: 'provider', id: provider.id };
    const now = request.server.clock.now();
    const days = request.query.days ?? 7;
    const from = request.query.from ?? localDate(now, provider.timeZone);
    const start = localDayStart(from, provider.timeZone);
    const end = moment.tz(from, 'YYYY-MM-DD', true, provider.timeZone).add(days, 'days').startOf('day').toDate();
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw new AppError('VALIDATION_FAILED');
    const slots = await db.query<{ id: string; start: Date; end: Date; mode: 'online' | 'in_person'; state: 'open' | 'held' | 'booked' }>(
      `SELECT s.id, lower(s.during) AS start, upper(s.during) AS end, s.availability_type AS mode,
              CASE WHEN EXISTS (SELECT 1 FROM slot_reservations r WHERE r.provider_id = s.provider_id AND r.during && s.during AND r.kind = 'booking') THEN 'booked'
                   WHEN EXISTS (SELECT 1 FROM slot_reservations r WHERE r.provider_id = s.provider_id AND r.during && s.during AND r.expires_at > $4::timestamptz) THEN 'held'
                   ELSE 'open' END AS state
         FROM slots s
        WHERE s.provider_id = $1 AND s.during && tstzrange($2::timestamptz, $3::timestamptz)
        ORDER BY lower(s.during)`,
      [provider.id, start.toISOString(), end.toISOString(), now.toISOString()],
    );
    const sessions = await appointmentsWhere(
      db,
      'a.provider_id = $1 AND a.during && tstzrange($2::timestamptz, $3::timestamptz)',
      [provider.id, start.toISOString(), end.toISOString()],
      'lower(a.during) ASC, a.id',
      500,
    );
    return {
      provider,
      from,
      days,
      slots: slots.map((s) => ({ id: s.id, start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString(), mode: s.mode, state: s.state })),
      sessions: sessions.map(scheduled),
    };
  },
};
