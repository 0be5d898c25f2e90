/** The clinician care area (product-spec §2 Clinician care area): schedule, calendar and availability. */
import type { FastifyRequest } from 'fastify';
import moment from 'moment-timezone';
import type { ScheduledSession } from '@/generated/entities';
import type { ConsentType } from '@/generated/enums';
import { localDayStart } from '@/domain/slots';
import type { BookedAppointment } from '@/generated/entities';
import { appointmentsWhere, appointmentTiming } from '@/server/booking/appointments';
import { availabilityProvider, checkAvailability, loadAvailability, saveAvailability } from '@/server/care/availability';
import { clientsOf, measureOut, measuresOf, nenaOf, reachClient } from '@/server/care/clients';
import { openAlertsOf, resolveClientAlert } from '@/server/care/alerts';
import { patientMeasures, submitMeasure } from '@/server/care/measures';
import { latestIntake, submitIntake } from '@/server/care/intake';
import { reachPatientOf } from '@/server/patients/reach';
import { flagOnFor } from '@/server/flags';
import { isDue, progress, type Instrument } from '@/domain/measures';
import { notesOf } from '@/server/patients/notes';
import { listTasks } from '@/server/tasks/repository';
import { callerOf } from '@/server/plugins/auth';
import { callerProviderId } from '@/server/care/provider';
import { adminProvider, listProviders, removeProvider, updateProvider } from '@/server/care/admin';
import { createProviderRequest, decideProviderRequest, rcdRequests, requestsOfProvider } from '@/server/care/provider-requests';
import { decideReferral, makeReferral, referralsOf } from '@/server/care/referrals';
import { AppError } from '@/server/errors';
import { timesOpened } from '@/server/waitlist/offers';
import type { Handlers } from '../registry';
import { isoDateIn } from '@/domain/dates';
import { taskReason } from '@/domain/task-text';

/** A session on the clinician's schedule, with who waits in its video room (rooms live in this process). */
function scheduled(request: FastifyRequest, a: BookedAppointment): ScheduledSession {
  return {
    id: a.id,
    status: a.status,
    start: a.start,
    end: a.end,
    appointmentMode: a.appointmentMode,
    counselingType: a.counselingType,
    joinUrl: a.joinUrl,
    waiting: a.joinUrl ? request.server.visitRooms.waiting(a.id) : [],
    practice: a.practice,
    patients: a.patients.map((p) => ({
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      relationship: p.relationship,
      dateOfBirth: p.dateOfBirth ?? null,
    })),
  };
}

/** Referrals answer only while their flag is on for the caller, as their screens (flag off: not found). */
async function referralsFlagOn(request: FastifyRequest): Promise<void> {
  if (!(await flagOnFor(request, 'referrals'))) throw new AppError('NOT_FOUND');
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
    return { provider, items: appointments.map((a) => scheduled(request, a)) };
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
    const { createdSlotIds, ...regenerated } = await saveAvailability(
      db,
      provider,
      request.body,
      callerOf(request).userId,
      request.server.clock.now(),
      request.query.removePracticeTimes,
    );
    // New open times go to the provider's waitlist and matching search waitlists first (src/server/waitlist/offers.ts).
    await timesOpened(request.server, provider.id, createdSlotIds);
    return { provider, ...(await loadAvailability(db, provider)), regenerated };
  },

  async listCareClients(request) {
    const db = request.server.database;
    const providerId = await callerProviderId(request);
    request.auditTarget = { type: 'provider', id: providerId };
    // The schedule's zone (the provider's), so a client's next session reads as it does on the schedule.
    const [provider] = await db.query<{ timeZone: string }>('SELECT time_zone AS "timeZone" FROM providers WHERE id = $1', [providerId]);
    if (!provider) throw new AppError('NOT_FOUND');
    return { timeZone: provider.timeZone, items: await clientsOf(db, providerId, request.server.clock.now(), request.query.q) };
  },

  async getCareClient(request) {
    const db = request.server.database;
    const providerId = await callerProviderId(request);
    const client = await reachClient(request, providerId, request.params.id, 'getCareClient');
    const now = request.server.clock.now();
    const [person] = await db.query<{
      gender: string | null;
      dob: string | null;
      email: string | null;
      phone: string | null;
      holder_email: string;
      holder_phone: string | null;
      rp_first: string | null;
      rp_last: string | null;
      rp_email: string | null;
      rp_phone: string | null;
    }>(
      `SELECT p.gender, to_char(p.date_of_birth, 'YYYY-MM-DD') AS dob, p.email::text AS email, p.phone_number AS phone, u.email::text AS holder_email,
              (SELECT s.phone_number FROM patients s WHERE s.user_id = u.id AND s.relationship = 'Self' ORDER BY s.created_at LIMIT 1) AS holder_phone,
              rp.first_name AS rp_first, rp.last_name AS rp_last, rp.email::text AS rp_email, rp.phone_number AS rp_phone
         FROM patients p JOIN users u ON u.id = p.user_id LEFT JOIN responsible_parties rp ON rp.id = p.responsible_party_id
        WHERE p.id = $1`,
      [client.id],
    );
    const sessions = await appointmentsWhere(
      db,
      'a.provider_id = $1 AND EXISTS (SELECT 1 FROM appointment_patients x WHERE x.appointment_id = a.id AND x.patient_id = $2)',
      [providerId, client.id],
      'lower(a.during) DESC, a.id',
      100,
    );
    const consents = await db.query<{ id: string; consent_type: ConsentType; signed_at: Date | null }>(
      'SELECT id, consent_type, signed_at FROM consents WHERE patient_id = $1 ORDER BY created_at DESC, id',
      [client.id],
    );
    const insurances = await db.query<{ id: string; carrier: string; plan: string; member_id: string }>(
      `SELECT pi.id, c.name AS carrier, pl.name AS plan, pi.member_id FROM patient_insurances pi JOIN insurance_carriers c ON c.id = pi.carrier_id JOIN insurance_plans pl ON pl.id = pi.plan_id
        WHERE pi.patient_id = $1 AND pi.removed_at IS NULL ORDER BY pi.created_at DESC, pi.id`,
      [client.id],
    );
    const authorizations = await db.query<{ id: string; number: string | null; effective: string; expiration: string }>(
      `SELECT id, form #>> '{authorizationInformation,authorizationNumber}' AS number, to_char(effective_date, 'YYYY-MM-DD') AS effective, to_char(expiration_date, 'YYYY-MM-DD') AS expiration
         FROM patient_authorizations WHERE patient_id = $1 ORDER BY created_at DESC, id`,
      [client.id],
    );
    const measures = (await measuresOf(db, [client.id])).map(measureOut);
    const progressOf = (i: Instrument) => {
      const series = measures.filter((m) => m.instrument === i).map((m) => ({ total: m.total, at: m.completedAt }));
      return { ...progress(i, series, now), due: isDue(series.at(-1)?.at ?? null, now) };
    };
    const tasks = await listTasks(db, { patientId: client.id, providerId, limit: 50 });
    return {
      client,
      gender: person?.gender ?? null,
      dateOfBirth: person?.dob ?? null,
      contact: { email: person?.email ?? person?.holder_email ?? null, phone: person?.phone ?? person?.holder_phone ?? null },
      responsibleParty: person?.rp_first
        ? { firstName: person.rp_first, lastName: person.rp_last ?? '', email: person.rp_email, phone: person.rp_phone }
        : null,
      sessions: sessions.map((a) => scheduled(request, a)),
      consents: consents.map((c) => ({ id: c.id, kind: c.consent_type, signedAt: c.signed_at ? new Date(c.signed_at).toISOString() : null })),
      insurances: insurances.map((i) => ({ id: i.id, carrier: i.carrier, plan: i.plan, memberId: i.member_id })),
      authorizations: authorizations.map((a) => ({ id: a.id, authorizationNumber: a.number, effectiveDate: a.effective, expirationDate: a.expiration })),
      measures,
      intake: await latestIntake(db, client.id).then((i) => (i ? { answers: i.answers, submittedAt: i.submittedAt } : null)),
      progress: { phq9: progressOf('phq9'), gad7: progressOf('gad7') },
      notes: (await notesOf(db, client.id, 50)).map((n) => ({
        id: n.id,
        noteType: n.note_type,
        text: n.text,
        authorName: n.author_name,
        createdAt: new Date(n.created_at).toISOString(),
      })),
      tasks: tasks.map((t) => ({
        id: t.id,
        version: t.version,
        kind: t.kind,
        priority: t.priority,
        status: t.status,
        reason: taskReason(t),
        createdAt: t.createdAt,
      })),
    };
  },

  async listPatientMeasures(request) {
    const patient = await reachPatientOf(request, request.params.id, 'listPatientMeasures');
    return patientMeasures(request, patient.id);
  },

  async getPatientIntake(request) {
    const patient = await reachPatientOf(request, request.params.id, 'getPatientIntake');
    return { intake: await latestIntake(request.server.database, patient.id) };
  },

  async submitPatientIntake(request, reply) {
    const patient = await reachPatientOf(request, request.params.id, 'submitPatientIntake');
    const intake = await submitIntake(request, patient.id, request.body, callerOf(request).userId);
    reply.status(201);
    return { intake };
  },

  async submitPatientMeasure(request, reply) {
    const patient = await reachPatientOf(request, request.params.id, 'submitPatientMeasure');
    const measure = await submitMeasure(request, patient.id, request.body.instrument, request.body.answers, callerOf(request).userId);
    reply.status(201);
    return measure;
  },

  async getMbcDashboard(request) {
    const db = request.server.database;
    if (!(await flagOnFor(request, 'careDashboards'))) throw new AppError('NOT_FOUND');
    const providerId = await callerProviderId(request);
    request.auditTarget = { type: 'provider', id: providerId };
    const now = request.server.clock.now();
    const clients = await clientsOf(db, providerId, now);
    const all = (
      await measuresOf(
        db,
        clients.map((c) => c.id),
      )
    ).map((m, i, rows) => ({ ...measureOut(m), patientId: rows[i]!.patient_id }));
    const alerts = await openAlertsOf(
      db,
      providerId,
      clients.map((c) => c.id),
    );
    const items = clients.map((client) => {
      const measures = all.filter((m) => m.patientId === client.id).map(({ patientId: _, ...m }) => m);
      const progressOf = (i: Instrument) => {
        const series = measures.filter((m) => m.instrument === i).map((m) => ({ total: m.total, at: m.completedAt }));
        return { ...progress(i, series, now), due: client.careStatus === 'in_care' && isDue(series.at(-1)?.at ?? null, now) };
      };
      return { client, measures, progress: { phq9: progressOf('phq9'), gad7: progressOf('gad7') }, alerts: alerts.get(client.id) ?? [] };
    });
    items.sort((a, b) => Number(b.client.urgent) - Number(a.client.urgent));
    return { items };
  },

  async getCareCalendar(request) {
    const db = request.server.database;
    const providerId = await callerProviderId(request);
    const [provider] = await db.query<{ id: string; timeZone: string }>(
      'SELECT id, time_zone AS "timeZone" FROM providers WHERE id = $1 AND removed_at IS NULL',
      [providerId],
    );
    if (!provider) throw new AppError('NOT_FOUND');
    request.auditTarget = { type: 'provider', id: provider.id };
    const now = request.server.clock.now();
    const days = request.query.days ?? 7;
    const from = request.query.from ?? isoDateIn(now, provider.timeZone);
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
      sessions: sessions.map((a) => scheduled(request, a)),
    };
  },

  async resolveCareAlert(request) {
    return resolveClientAlert(request, await callerProviderId(request), request.params.id, request.body.version, request.body.note);
  },

  async createProviderRequest(request, reply) {
    const created = await createProviderRequest(request, await callerProviderId(request), request.body);
    reply.status(201);
    return created;
  },

  async listMyProviderRequests(request) {
    const providerId = await callerProviderId(request);
    request.auditTarget = { type: 'provider', id: providerId };
    return { items: await requestsOfProvider(request.server.database, providerId) };
  },

  async listRcdProviderRequests(request) {
    return { items: await rcdRequests(request.server.database, request.query.state ?? 'open', request.query.limit ?? 50) };
  },

  async decideProviderRequest(request) {
    const { decision, reason, version } = request.body;
    return decideProviderRequest(request, request.params.id, decision, reason, version);
  },

  async listAdminProviders(request) {
    return { items: await listProviders(request.server.database, request.server.clock.now(), request.query.q, request.query.limit ?? 50) };
  },

  async getAdminProvider(request) {
    request.auditTarget = { type: 'provider', id: request.params.id };
    return adminProvider(request.server.database, request.params.id, request.server.clock.now());
  },

  async updateAdminProvider(request) {
    request.auditTarget = { type: 'provider', id: request.params.id };
    return updateProvider(request, request.params.id, request.body);
  },

  async removeAdminProvider(request) {
    request.auditTarget = { type: 'provider', id: request.params.id };
    const redAlerts = await removeProvider(request, request.params.id, request.body.reason, request.body.note);
    return { removedReason: request.body.reason, redAlerts };
  },

  async getCareNena(request) {
    const providerId = await callerProviderId(request);
    request.auditTarget = { type: 'provider', id: providerId };
    return { items: await nenaOf(request.server.database, providerId, request.server.clock.now()) };
  },
  async listReferrals(request) {
    await referralsFlagOn(request);
    const providerId = await callerProviderId(request);
    request.auditTarget = { type: 'provider', id: providerId };
    return referralsOf(request.server.database, providerId);
  },

  async makeReferral(request, reply) {
    await referralsFlagOn(request);
    const referral = await makeReferral(request, await callerProviderId(request), request.body);
    reply.status(201);
    return referral;
  },

  async decideReferral(request) {
    await referralsFlagOn(request);
    const { decision, reason, version } = request.body;
    return decideReferral(request, await callerProviderId(request), request.params.id, decision, reason, version);
  },
};
