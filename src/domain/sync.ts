/**
 * The sync outbox's rules, pure: when a failed delivery is tried again, whether its
 * tries are spent, and the FHIR R4 resources a record becomes (Patient, Appointment, Consent, and a
 * payment as PaymentNotice). src/server/sync reads the records and delivers what these build; the
 * record export (record-export.ts) builds its Patient, Appointment and Consent with the same builders.
 */
import type { Appointment, Consent, ContactPoint, Money, Patient, PaymentNotice, Resource } from '@medplum/fhirtypes';

export type SyncResourceType = 'Patient' | 'Appointment' | 'Consent' | 'Payment';

/** The FHIR resource type a record of the outbox is delivered as. */
export const fhirTypeOf: Record<SyncResourceType, string> = {
  Patient: 'Patient',
  Appointment: 'Appointment',
  Consent: 'Consent',
  Payment: 'PaymentNotice',
};

/** Seconds to wait after the `attempt`-th failed try (1-based): base, 2×base, 4×base… up to max. */
export function retryDelaySeconds(attempt: number, baseSeconds: number, maxSeconds: number): number {
  if (attempt < 1) return 0;
  return Math.min(maxSeconds, baseSeconds * 2 ** Math.min(attempt - 1, 30));
}

/** After `attempts` tries, the next try's time, or null when the tries are spent (failed for good). */
export function nextAttemptAt(now: Date, attempts: number, limits: { attempts: number; baseSeconds: number; maxSeconds: number }): Date | null {
  if (attempts >= limits.attempts) return null;
  return new Date(now.getTime() + retryDelaySeconds(attempts, limits.baseSeconds, limits.maxSeconds) * 1000);
}

/** A delivery's answer in a few plain words, for the sync audit and the red alert (never the resource). */
export function describeAnswer(answer: { status: number; statusText?: string; issue?: string } | { error: string }): string {
  if ('error' in answer) return `No answer from the practice's system (${answer.error})`.slice(0, 500);
  const kind = answer.status >= 500 ? 'server error' : answer.status >= 400 ? 'refused' : 'accepted';
  const issue = answer.issue ? `: ${answer.issue}` : '';
  return `HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''} (${kind})${issue}`.slice(0, 500);
}

export type FhirResource = Resource & { id: string };

export interface PatientRecord {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  gender: string | null;
  email: string | null;
  phone: string | null;
  ehrId: string | null;
}

export interface AppointmentRecord {
  id: string;
  status: 'booked' | 'cancelled';
  start: string;
  end: string;
  mode: 'online' | 'in_person';
  providerId: string;
  practiceId: string;
  patientIds: string[];
  cancelReason: string | null;
}

export interface ConsentRecord {
  id: string;
  patientId: string;
  type: string;
  version: string;
  signedAt: string | null;
  createdAt: string;
  appointmentId: string | null;
}

export interface PaymentRecord {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  createdAt: string;
  appointmentId: string | null;
  transactionId: string | null;
}

/** The outbox's version of the record as FHIR meta; an export (no version delivered) carries none. */
function meta(version: number | undefined): { meta?: { versionId: string } } {
  return version === undefined ? {} : { meta: { versionId: String(version) } };
}

/** FHIR administrative gender: male | female | other | unknown. */
export function fhirGender(gender: string | null): NonNullable<Patient['gender']> {
  const g = (gender ?? '').toLowerCase();
  if (g === 'male' || g === 'm') return 'male';
  if (g === 'female' || g === 'f') return 'female';
  return g ? 'other' : 'unknown';
}

/** Cents as FHIR Money; the currency is the ISO 4217 code the payments table keeps (char(3), 'USD'). */
export function fhirMoney(cents: number, currency: string): Money {
  return { value: cents / 100, currency: currency.toUpperCase() as Money['currency'] };
}

export function fhirPatient(p: PatientRecord, version?: number): Patient & { id: string } {
  const telecom: ContactPoint[] = [
    ...(p.phone ? [{ system: 'phone' as const, value: p.phone }] : []),
    ...(p.email ? [{ system: 'email' as const, value: p.email }] : []),
  ];
  return {
    resourceType: 'Patient',
    id: p.id,
    ...meta(version),
    ...(p.ehrId ? { identifier: [{ system: 'urn:mindfulcare:ehr-id', value: p.ehrId }] } : {}),
    name: [{ family: p.lastName, given: [p.firstName] }],
    gender: fhirGender(p.gender),
    ...(p.dateOfBirth ? { birthDate: p.dateOfBirth } : {}),
    ...(telecom.length ? { telecom } : {}),
  };
}

export function fhirAppointment(a: AppointmentRecord, version?: number): Appointment & { id: string } {
  return {
    resourceType: 'Appointment',
    id: a.id,
    ...meta(version),
    status: a.status === 'cancelled' ? 'cancelled' : 'booked',
    start: a.start,
    end: a.end,
    ...(a.cancelReason ? { cancelationReason: { text: a.cancelReason } } : {}),
    appointmentType: { text: a.mode === 'online' ? 'Video visit' : 'In person' },
    participant: [
      ...a.patientIds.map((id) => ({ actor: { reference: `Patient/${id}` }, status: 'accepted' as const })),
      { actor: { reference: `Practitioner/${a.providerId}` }, status: 'accepted' as const },
      { actor: { reference: `Location/${a.practiceId}` }, status: 'accepted' as const },
    ],
  };
}

export function fhirConsent(c: ConsentRecord, version?: number): Consent & { id: string } {
  return {
    resourceType: 'Consent',
    id: c.id,
    ...meta(version),
    status: c.signedAt ? 'active' : 'proposed',
    scope: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'treatment' }] },
    category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0' }], text: c.type }],
    patient: { reference: `Patient/${c.patientId}` },
    dateTime: c.signedAt ?? c.createdAt,
    policyRule: { text: `${c.type} ${c.version}` },
    ...(c.appointmentId ? { sourceReference: { reference: `Appointment/${c.appointmentId}` } } : {}),
  };
}

export function fhirPaymentNotice(p: PaymentRecord, version?: number): PaymentNotice & { id: string } {
  return {
    resourceType: 'PaymentNotice',
    id: p.id,
    ...meta(version),
    status: 'active',
    created: p.createdAt,
    ...(p.appointmentId ? { request: { reference: `Appointment/${p.appointmentId}` } } : {}),
    payment: { display: p.transactionId ?? 'not taken' },
    recipient: { display: 'Practice' },
    amount: fhirMoney(p.amountCents, p.currency),
    paymentStatus: { text: p.status },
  };
}
