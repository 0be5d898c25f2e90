/**
 * The booking, consent and payment endpoints in the access matrix (tests/integration/access-matrix):
 * a valid request of each against someone else's records, prepared here, and what a caller who may
 * reach the record gets when that is not plain success.
 */
import { issuePatientToken } from '@/server/front-desk/patient-token';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { EndpointId } from '@/generated/api';
import { makeSlots, type TestSlot } from './booking';
import { insurePatient } from './insurance';
import type { TestCaller } from './sessions';

export interface BookingTarget {
  userId: string;
  email: string;
  patientId: string;
  /** an insurance on file of the patient */
  insuranceId: string;
  appointmentId: string;
  consentId: string;
  /** a front-desk patient token of the patient (POST /front-desk/patient-auth) */
  patientToken: string;
  holdId: string;
  providerId: string;
  nonce: string;
  slot: TestSlot;
  nextSlot: () => TestSlot;
}

/** Someone else's patient with an insurance on file, appointment, signed consent and hold, plus free slots and a card nonce. */
export async function prepareBookingTarget(
  app: FastifyInstance,
  user: { id: string; email: string },
  tokenizer: TestCaller,
  patientId?: string,
): Promise<BookingTarget> {
  const db = app.database;
  const slots = await makeSlots(db, 14, { providerOffset: 21 });
  const [appointmentSlot, heldSlot, ...free] = slots;
  const [patient] = patientId
    ? [{ id: patientId }]
    : await db.query<{ id: string }>(
        "INSERT INTO patients (user_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, 'Someone', 'Else', '1980-01-01', 'Self') RETURNING id",
        [user.id],
      );
  const insuranceId = await insurePatient(db, patient!.id);
  const [appointment] = await db.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, slot_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by)
     SELECT $1, s.provider_id, s.practice_id, s.id, s.during, 'online', 'Individual Counseling', 'America/New_York', false, 'patient_web', $1 FROM slots s WHERE s.id = $2 RETURNING id`,
    [user.id, appointmentSlot!.id],
  );
  await db.query(
    "INSERT INTO slot_reservations (provider_id, slot_id, during, kind, held_by, appointment_id) SELECT provider_id, id, during, 'booking', $1, $2 FROM slots WHERE id = $3",
    [user.id, appointment!.id, appointmentSlot!.id],
  );
  await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [appointment!.id, patient!.id]);
  const [consent] = await db.query<{ id: string }>(
    `INSERT INTO consents (patient_id, user_id, consent_type, version, text, source, signer_name, signer_capacity, signed_by, signed_at, created_by)
     VALUES ($1, $2, 'bookAppointmentConsent', 'old', 'Consent text', 'patient_web', 'Someone Else', 'Someone Else, for themself', $2, now(), $2) RETURNING id`,
    [patient!.id, user.id],
  );
  const [held] = await db.query<{ id: string }>(
    "INSERT INTO slot_reservations (provider_id, slot_id, during, kind, held_by, expires_at) SELECT provider_id, id, during, 'hold', $1, now() + interval '1 hour' FROM slots WHERE id = $2 RETURNING id",
    [user.id, heldSlot!.id],
  );
  const card = await app.inject({
    method: 'POST',
    url: '/api/patient-cards/tokenize',
    headers: tokenizer.headers,
    payload: { number: '4111111111111111', expiration: '12/39', cvv: '123' },
  });
  let next = 0;
  return {
    userId: user.id,
    email: user.email,
    patientId: patient!.id,
    insuranceId,
    appointmentId: appointment!.id,
    consentId: consent!.id,
    patientToken: (await issuePatientToken(app.keys, patient!.id, app.clock.now())).token,
    holdId: held!.id,
    providerId: appointmentSlot!.providerId,
    nonce: (card.json() as { nonce: string }).nonce,
    slot: appointmentSlot!,
    nextSlot: () => free[next++ % free.length]!,
  };
}

const key = () => ({ 'idempotency-key': randomUUID() });

function bookingPayload(b: BookingTarget) {
  const slot = b.slot;
  return {
    holdId: randomUUID(),
    slotId: slot.id,
    providerId: slot.providerId,
    practiceId: slot.practiceId,
    counselingType: 'Individual Counseling',
    appointmentMode: slot.availabilityType,
    patients: [{ id: b.patientId, consents: [{ isConsentProvided: true, consentType: 'bookAppointmentConsent', source: 'patient_web' }] }],
    insuranceId: b.insuranceId,
  };
}

export const bookingRequests: Partial<Record<EndpointId, (b: BookingTarget) => InjectOptions>> = {
  holdSlot: (b) => {
    const s = b.nextSlot();
    return { method: 'POST', url: '/api/appointments/holds', payload: { slotId: s.id, providerId: s.providerId } };
  },
  releaseSlotHold: (b) => ({ method: 'DELETE', url: `/api/appointments/holds/${b.holdId}` }),
  createAppointment: (b) => ({ method: 'POST', url: '/api/appointments', headers: key(), payload: { ...bookingPayload(b), userId: b.userId } }),
  createSupportAppointment: (b) => ({ method: 'POST', url: '/api/appointments/support', headers: key(), payload: { ...bookingPayload(b), email: b.email } }),
  createAppointmentSeries: (b) => ({
    method: 'POST',
    url: '/api/appointments/series',
    headers: key(),
    payload: { ...bookingPayload(b), userId: b.userId, repeat: 'week', sessions: 2 },
  }),
  listAppointments: (b) => ({ method: 'GET', url: `/api/appointments?userId=${b.userId}` }),
  getAppointment: (b) => ({ method: 'GET', url: `/api/appointments/${b.appointmentId}` }),
  cancelAppointment: (b) => ({ method: 'POST', url: `/api/appointments/${b.appointmentId}/cancel`, payload: { reasonId: 'no-such-reason' } }),
  cancelAppointmentSeriesRest: (b) => ({ method: 'POST', url: `/api/appointments/${b.appointmentId}/cancel-rest`, payload: { reasonId: 'no-such-reason' } }),
  rescheduleAppointment: (b) => ({
    method: 'POST',
    url: `/api/appointments/${b.appointmentId}/reschedule`,
    payload: { holdId: randomUUID(), slotId: randomUUID() },
  }),
  rebookAppointment: (b) => ({
    method: 'POST',
    url: `/api/appointments/rebook/${b.appointmentId}`,
    headers: key(),
    payload: { holdId: randomUUID(), slotId: randomUUID() },
  }),
  getAppointmentCancellationReasons: () => ({ method: 'GET', url: '/api/appointments/appointment-cancelation-reasons' }),
  getLateCancellationWindowAndFee: () => ({ method: 'GET', url: '/api/appointments/late-cancelation-window-and-fee' }),
  appointmentsExist: (b) => ({ method: 'GET', url: `/api/appointments/provider/${b.providerId}/patient/${b.patientId}` }),
  counselingTypeAppointmentExists: (b) => ({
    method: 'GET',
    url: `/api/appointments/patient/${b.patientId}/provider/${b.providerId}/counselling-type/${encodeURIComponent('Individual Counseling')}/exists`,
  }),
  getConsentTemplate: (b) => ({ method: 'GET', url: `/api/patients/consent-template?patientIds[]=${b.patientId}` }),
  createPatientConsent: (b) => ({ method: 'POST', url: `/api/patients/${b.patientId}/consent`, payload: { consentType: 'bookAppointmentConsent' } }),
  signConsent: (b) => ({ method: 'POST', url: `/api/patients/consent/${b.consentId}/sign`, payload: { agree: true } }),
  verifyConsent: (b) => ({ method: 'POST', url: `/api/patients/consent/${b.consentId}/verify` }),
  signFrontDeskConsent: (b) => ({
    method: 'POST',
    url: `/api/patient-tasks/consent/${b.consentId}/sign`,
    payload: { agree: true, signerName: 'Someone Else', patientToken: b.patientToken },
  }),
  verifyFrontDeskConsent: (b) => ({ method: 'POST', url: `/api/patient-tasks/consent/${b.consentId}/verify` }),
  getConsentPdf: (b) => ({ method: 'GET', url: `/api/patients/${b.patientId}/consent-pdf/${b.consentId}` }),
  getPaymentGateway: () => ({ method: 'GET', url: '/api/payments/gateway' }),
  tokenizeCard: () => ({ method: 'POST', url: '/api/patient-cards/tokenize', payload: { number: '4111111111111111', expiration: '12/39', cvv: '123' } }),
  savePatientCard: (b) => ({ method: 'POST', url: '/api/patient-cards', payload: { patientId: b.patientId, nonce: b.nonce } }),
  listPatientCards: (b) => ({ method: 'GET', url: `/api/patient-cards/patient/${b.patientId}` }),
  payAppointment: (b) => ({ method: 'POST', url: `/api/payments/${b.appointmentId}/pay`, headers: key(), payload: { nonce: b.nonce } }),
};

/** Endpoints about no one's record: every role the access list names gets its answer. */
export const recordFreeEndpoints: ReadonlySet<EndpointId> = new Set<EndpointId>([
  'holdSlot',
  'getAppointmentCancellationReasons',
  'getLateCancellationWindowAndFee',
  'getPaymentGateway',
  'tokenizeCard',
]);

/**
 * What a caller who may reach the record gets when it is not plain success: the request passes the
 * access checks and then meets the next rule (someone else's hold, no hold, a reason that is not
 * one, nothing to pay), or answers 200 to a POST.
 */
export const reachedAnswers: Partial<Record<EndpointId, number>> = {
  releaseSlotHold: 404,
  createAppointment: 409,
  createSupportAppointment: 409,
  createAppointmentSeries: 409,
  cancelAppointment: 400,
  cancelAppointmentSeriesRest: 400,
  rescheduleAppointment: 409,
  rebookAppointment: 409,
  payAppointment: 409,
  signConsent: 200,
  verifyConsent: 200,
  signFrontDeskConsent: 200,
  verifyFrontDeskConsent: 200,
  // The matrix's session is over: only a session still to come gets its confirmation again.
  resendSessionConfirmation: 409,
};
