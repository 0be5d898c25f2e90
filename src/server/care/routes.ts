/** The clinician care area (product-spec §2 Clinician care area): schedule, calendar and availability. */
import type { FastifyRequest } from 'fastify';
import moment from 'moment-timezone';
import type { ScheduledSession } from '@/generated/entities';
import { localDayStart } from '@/domain/slots';
import type { BookedAppointment } from '@/generated/entities';
import { availabilityProvider, checkAvailability, loadAvailability, saveAvailability } from '@/server/care/availability';
import { clientsOf, measureOut, measuresOf, nenaOf, reachClient } from '@/server/care/clients';
import { openAlertsOf, resolveClientAlert } from '@/server/care/alerts';
import { patientMeasures, submitMeasure } from '@/server/care/measures';
import { latestIntake, submitIntake } from '@/server/care/intake';
import { raiseOnCrisisScreen } from '@/server/care/crisis-alerts';
import { reachPatientOf } from '@/server/patients/reach';
import { flagOnFor } from '@/server/flags/decisions';
import { isDue, progress, type Instrument } from '@/domain/measures';
import { notesOf } from '@/server/patients/notes';
import { listTasks } from '@/server/tasks/repository';
import { callerOf } from '@/server/plugins/auth';
import { callerProviderId, saveNewClients } from '@/server/care/provider';
import {
  bookingReasons,
  calendarProvider,
  calendarSlots,
  clientAuthorizations,
  clientConsents,
  clientContact,
  clientInsurances,
  clientSessionsWithProvider,
  providerSchedule,
  providerSessionsBetween,
  providerZone,
  scheduleProvider,
} from '@/server/care/repository';
import { adminProvider, listProviders, removeProvider, updateProvider } from '@/server/care/admin';
import { createProviderRequest, decideProviderRequest, rcdRequests, requestsOfProvider } from '@/server/care/provider-requests';
import { decideReferral, makeReferral, referralsOf } from '@/server/care/referrals';
import { AppError } from '@/server/errors';
import { timesOpened } from '@/server/waitlist/offers';
import type { Handlers } from '../routes/registry';
import { isoDateIn } from '@/domain/dates';
import { taskReason } from '@/domain/task-text';

/**
 * A session on the clinician's schedule, with who waits in its video room (rooms live in this process) and what the
 * person booking wrote as the reason (`reasons`, by session: bookingReasons).
 */
function scheduled(request: FastifyRequest, a: BookedAppointment, reasons: ReadonlyMap<string, string>): ScheduledSession {
  return {
    id: a.id,
    status: a.status,
    start: a.start,
    end: a.end,
    appointmentMode: a.appointmentMode,
    counselingType: a.counselingType,
    joinUrl: a.joinUrl,
    reason: reasons.get(a.id) ?? null,
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

/** The sessions as the clinician's screens show them, with their booking reasons (one read for all). */
async function scheduledAll(request: FastifyRequest, sessions: readonly BookedAppointment[]): Promise<ScheduledSession[]> {
  const reasons = await bookingReasons(
    request.server.database,
    sessions.map((a) => a.id),
  );
  return sessions.map((a) => scheduled(request, a, reasons));
}

/** Referrals answer only while their flag is on for the caller, as their screens (flag off: not found). */
async function referralsFlagOn(request: FastifyRequest): Promise<void> {
  if (!(await flagOnFor(request, 'referrals'))) throw new AppError('NOT_FOUND');
}

export const careHandlers: Handlers = {
  async getCareSchedule(request) {
    const db = request.server.database;
    const providerId = await callerProviderId(request);
    const provider = await scheduleProvider(db, providerId);
    if (!provider) throw new AppError('NOT_FOUND');
    const { when = 'upcoming', limit = 50 } = request.query;
    const appointments = await providerSchedule(db, provider.id, when, request.server.clock.now(), limit);
    request.auditTarget = { type: 'provider', id: provider.id };
    return { provider, items: await scheduledAll(request, appointments) };
  },

  async getCareAvailability(request) {
    const provider = await availabilityProvider(request.server.database, await callerProviderId(request));
    if (!provider) throw new AppError('NOT_FOUND');
    return { provider, ...(await loadAvailability(request.server.database, provider)) };
  },

  async saveCareNewClients(request) {
    return saveNewClients(request, request.body.acceptingNewPatients);
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
    const provider = await providerZone(db, providerId);
    if (!provider) throw new AppError('NOT_FOUND');
    return { timeZone: provider.timeZone, items: await clientsOf(db, providerId, request.server.clock.now(), request.query.q) };
  },

  async getCareClient(request) {
    const db = request.server.database;
    const providerId = await callerProviderId(request);
    const client = await reachClient(request, providerId, request.params.id, 'getCareClient');
    const now = request.server.clock.now();
    const person = await clientContact(db, client.id);
    const sessions = await clientSessionsWithProvider(db, providerId, client.id, 100);
    const consents = await clientConsents(db, client.id);
    const insurances = await clientInsurances(db, client.id);
    const authorizations = await clientAuthorizations(db, client.id);
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
      sessions: await scheduledAll(request, sessions),
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
    const { instrument, answers, crisisKey } = request.body;
    const measure = await submitMeasure(request, patient.id, instrument, answers, callerOf(request).userId, crisisKey);
    reply.status(201);
    return measure;
  },

  async raisePatientCrisisAlert(request) {
    const patient = await reachPatientOf(request, request.params.id, 'raisePatientCrisisAlert');
    return raiseOnCrisisScreen(request, patient.id, request.body);
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
    const provider = await calendarProvider(db, providerId);
    if (!provider) throw new AppError('NOT_FOUND');
    request.auditTarget = { type: 'provider', id: provider.id };
    const now = request.server.clock.now();
    const days = request.query.days ?? 7;
    const from = request.query.from ?? isoDateIn(now, provider.timeZone);
    const start = localDayStart(from, provider.timeZone);
    const end = moment.tz(from, 'YYYY-MM-DD', true, provider.timeZone).add(days, 'days').startOf('day').toDate();
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw new AppError('VALIDATION_FAILED');
    const slots = await calendarSlots(db, provider.id, start, end, now);
    const sessions = await providerSessionsBetween(db, provider.id, start, end, 500);
    return {
      provider,
      from,
      days,
      slots: slots.map((s) => ({ id: s.id, start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString(), mode: s.mode, state: s.state })),
      sessions: await scheduledAll(request, sessions),
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
