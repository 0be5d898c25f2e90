/**
 * The patient's whole record as one FHIR R4 document Bundle, pure: the server reads the
 * records the holder may reach and the words in the reader's language; this builds the Bundle.
 *
 * Patient, Appointment and Consent come from the sync builders (sync.ts), one builder per resource. Payments are
 * Invoices, not PaymentReconciliations: a PaymentReconciliation is a payer's remittance to a provider (an insurer's
 * batch), while what the patient paid here is a charge to them for a session or a fee, with what went back of it.
 * Psychotherapy notes (45 CFR 164.501) are never an input, and the Composition says so in a section of its own.
 */
import type {
  Appointment,
  Bundle,
  BundleEntry,
  Communication,
  Composition,
  CompositionSection,
  Coverage,
  Extension,
  Invoice,
  Location,
  Observation,
  Practitioner,
  PractitionerRole,
  QuestionnaireResponse,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import * as careConstants from '../generated/constants/care';
import { escapeHtml } from './html';
import type { Instrument } from './measures';
import { fhirAppointment, fhirConsent, fhirMoney, fhirPatient, type AppointmentRecord, type ConsentRecord, type PatientRecord } from './sync';

export type AppointmentStatusChange = { status: 'booked' | 'rescheduled' | 'cancelled'; at: string; note: string | null };

export interface ExportAppointment extends AppointmentRecord {
  /** What happened to the appointment, oldest first. */
  history: AppointmentStatusChange[];
}

export interface ExportPractitioner {
  id: string;
  firstName: string;
  lastName: string;
  title: string | null;
  npi: string | null;
  practiceId: string;
  specialties: string[];
}

export interface ExportPractice {
  id: string;
  name: string;
  city: string | null;
  state: string | null;
}

export interface ExportCoverage {
  id: string;
  patientId: string;
  carrierName: string;
  planName: string | null;
  memberId: string | null;
  active: boolean;
}

export interface ExportMeasure {
  id: string;
  patientId: string;
  instrument: Instrument;
  /** The questions in the reader's language, in item order. */
  questions: readonly string[];
  answers: readonly number[];
  total: number;
  bandLabel: string;
  completedAt: string;
}

export type ExportParty = { kind: 'Patient' | 'Practitioner'; id: string; display: string };

export interface ExportMessage {
  id: string;
  threadId: string;
  subject: string | null;
  sender: ExportParty;
  recipients: ExportParty[];
  body: string;
  sentAt: string;
}

export interface ExportPayment {
  id: string;
  patientId: string;
  appointmentId: string | null;
  status: string;
  purpose: string;
  purposeLabel: string;
  amountCents: number;
  refundedCents: number;
  currency: string;
  createdAt: string;
}

export type ExportSection = 'patients' | 'clinicians' | 'sessions' | 'insurance' | 'consents' | 'questionnaires' | 'messages' | 'payments';
export const exportSections: readonly ExportSection[] = [
  'patients',
  'clinicians',
  'sessions',
  'insurance',
  'consents',
  'questionnaires',
  'messages',
  'payments',
];

export interface ExportWords {
  title: string;
  /** Who made the document (the service's name). */
  author: string;
  sectionTitles: Record<ExportSection, string>;
  /** One line per resource of a section, already in the reader's language and zone. */
  sectionLines: Record<ExportSection, string[]>;
  notIncludedTitle: string;
  /** That psychotherapy notes are not part of the export (45 CFR 164.501). */
  notIncluded: string;
}

export interface RecordExportInput {
  exportId: string;
  generatedAt: string;
  language: 'en' | 'es';
  /** The app's public address; each entry's fullUrl is under `${baseUrl}/fhir`. */
  baseUrl: string;
  patients: PatientRecord[];
  practitioners: ExportPractitioner[];
  practices: ExportPractice[];
  appointments: ExportAppointment[];
  coverages: ExportCoverage[];
  consents: ConsentRecord[];
  measures: ExportMeasure[];
  messages: ExportMessage[];
  payments: ExportPayment[];
  words: ExportWords;
}

export const FHIR_JSON = 'application/fhir+json';
const HISTORY_EXTENSION = 'urn:mindfulcare:fhir:appointment-status-history';

/** A reference fit for any slot (Reference<never> is assignable to every Reference<T>). */
function ref(type: string, id: string, display?: string): Reference<never> {
  return { reference: `${type}/${id}`, ...(display ? { display } : {}) };
}

export function fhirPractitioner(p: ExportPractitioner): Practitioner & { id: string } {
  return {
    resourceType: 'Practitioner',
    id: p.id,
    ...(p.npi ? { identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: p.npi }] } : {}),
    name: [{ family: p.lastName, given: [p.firstName], ...(p.title ? { suffix: [p.title] } : {}) }],
  };
}

export function fhirPractitionerRole(p: ExportPractitioner): PractitionerRole & { id: string } {
  return {
    resourceType: 'PractitionerRole',
    // A clinician works at one practice: the role shares the practitioner's id (a FHIR id is at most 64 characters).
    id: p.id,
    active: true,
    practitioner: ref('Practitioner', p.id),
    location: [ref('Location', p.practiceId)],
    ...(p.specialties.length ? { specialty: p.specialties.map((text) => ({ text })) } : {}),
  };
}

export function fhirLocation(p: ExportPractice): Location & { id: string } {
  const address = p.city || p.state ? { address: { ...(p.city ? { city: p.city } : {}), ...(p.state ? { state: p.state } : {}) } } : {};
  return { resourceType: 'Location', id: p.id, status: 'active', name: p.name, ...address };
}

/** The Appointment with what happened to it (R4's Appointment keeps no status history; an extension carries it). */
export function fhirAppointmentWithHistory(a: ExportAppointment): Appointment & { id: string } {
  const history: Extension[] = a.history.map((change) => ({
    url: HISTORY_EXTENSION,
    extension: [
      { url: 'status', valueCode: change.status },
      { url: 'at', valueDateTime: change.at },
      ...(change.note ? [{ url: 'note', valueString: change.note }] : []),
    ],
  }));
  return { ...fhirAppointment(a), ...(history.length ? { extension: history } : {}) };
}

export function fhirCoverage(c: ExportCoverage): Coverage & { id: string } {
  return {
    resourceType: 'Coverage',
    id: c.id,
    status: c.active ? 'active' : 'cancelled',
    beneficiary: ref('Patient', c.patientId),
    payor: [{ display: c.carrierName }],
    ...(c.memberId ? { subscriberId: c.memberId } : {}),
    ...(c.planName
      ? {
          class: [
            { type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'plan' }] }, value: c.planName, name: c.planName },
          ],
        }
      : {}),
  };
}

export function fhirQuestionnaireResponse(m: ExportMeasure): QuestionnaireResponse & { id: string } {
  return {
    resourceType: 'QuestionnaireResponse',
    id: m.id,
    status: 'completed',
    subject: ref('Patient', m.patientId),
    authored: m.completedAt,
    item: m.answers.map((answer, index) => ({
      linkId: String(index + 1),
      ...(m.questions[index] ? { text: m.questions[index] } : {}),
      answer: [{ valueInteger: answer }],
    })),
  };
}

/** The total of a questionnaire as an Observation coded with its LOINC total-score code. */
export function fhirScoreObservation(m: ExportMeasure): Observation & { id: string } {
  const instrument = careConstants.measureInstruments[m.instrument];
  return {
    resourceType: 'Observation',
    id: `${m.id}-score`,
    status: 'final',
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'survey' }] }],
    code: { coding: [{ system: 'http://loinc.org', code: instrument.loinc, display: instrument.loincDisplay }], text: instrument.name },
    subject: ref('Patient', m.patientId),
    effectiveDateTime: m.completedAt,
    valueInteger: m.total,
    interpretation: [{ text: m.bandLabel }],
    derivedFrom: [ref('QuestionnaireResponse', m.id)],
  };
}

export function fhirCommunication(m: ExportMessage): Communication & { id: string } {
  return {
    resourceType: 'Communication',
    id: m.id,
    status: 'completed',
    ...(m.subject ? { topic: { text: m.subject } } : {}),
    identifier: [{ system: 'urn:mindfulcare:message-thread', value: m.threadId }],
    sent: m.sentAt,
    sender: ref(m.sender.kind, m.sender.id, m.sender.display),
    recipient: m.recipients.map((r) => ref(r.kind, r.id, r.display)),
    payload: [{ contentString: m.body }],
  };
}

/** A payment as the Invoice it settled: balanced once paid, cancelled when it failed or all went back. */
export function fhirInvoice(p: ExportPayment): Invoice & { id: string } {
  const status: Invoice['status'] =
    p.status === 'failed' || p.status === 'refunded' ? 'cancelled' : p.status === 'succeeded' || p.status === 'partially_refunded' ? 'balanced' : 'issued';
  return {
    resourceType: 'Invoice',
    id: p.id,
    status,
    type: { coding: [{ system: 'urn:mindfulcare:payment-purpose', code: p.purpose }], text: p.purposeLabel },
    subject: ref('Patient', p.patientId),
    date: p.createdAt,
    totalGross: fhirMoney(p.amountCents, p.currency),
    totalNet: fhirMoney(p.amountCents - p.refundedCents, p.currency),
    ...(p.appointmentId ? { note: [{ text: `Appointment/${p.appointmentId}` }] } : {}),
  };
}

function narrative(lines: readonly string[]): CompositionSection['text'] {
  const items = lines.length ? `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : '<p>—</p>';
  return { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml">${items}</div>` };
}

/** The whole record as a FHIR R4 document Bundle: the Composition (its table of contents) first, then each resource. */
export function buildRecordBundle(input: RecordExportInput): Bundle {
  const bySection: Record<ExportSection, (Resource & { id: string })[]> = {
    patients: input.patients.map((p) => fhirPatient(p)),
    clinicians: [...input.practitioners.flatMap((p) => [fhirPractitioner(p), fhirPractitionerRole(p)]), ...input.practices.map(fhirLocation)],
    sessions: input.appointments.map(fhirAppointmentWithHistory),
    insurance: input.coverages.map(fhirCoverage),
    consents: input.consents.map((c) => fhirConsent(c)),
    questionnaires: input.measures.flatMap((m) => [fhirQuestionnaireResponse(m), fhirScoreObservation(m)]),
    messages: input.messages.map(fhirCommunication),
    payments: input.payments.map(fhirInvoice),
  };
  const subject = input.patients[0];
  const sections: CompositionSection[] = exportSections.map((key) => ({
    title: input.words.sectionTitles[key],
    text: narrative(input.words.sectionLines[key]),
    ...(bySection[key].length ? { entry: bySection[key].map((r) => ref(r.resourceType, r.id)) } : { emptyReason: { text: '—' } }),
  }));
  sections.push({ title: input.words.notIncludedTitle, text: narrative([input.words.notIncluded]) });
  const composition: Composition & { id: string } = {
    resourceType: 'Composition',
    id: input.exportId,
    language: input.language,
    status: 'final',
    type: { coding: [{ system: 'http://loinc.org', code: '60591-5', display: 'Patient summary Document' }] },
    ...(subject ? { subject: ref('Patient', subject.id) } : {}),
    date: input.generatedAt,
    author: [{ display: input.words.author }],
    title: input.words.title,
    section: sections,
  };
  const entry: BundleEntry[] = [composition, ...exportSections.flatMap((key) => bySection[key])].map((resource) => ({
    fullUrl: `${input.baseUrl}/fhir/${resource.resourceType}/${resource.id}`,
    resource,
  }));
  return {
    resourceType: 'Bundle',
    identifier: { system: 'urn:mindfulcare:record-export', value: input.exportId },
    type: 'document',
    timestamp: input.generatedAt,
    entry,
  };
}

/** How many resources of each type a Bundle holds (the export's summary, and what the tests count). */
export function resourceCounts(bundle: Bundle): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of bundle.entry ?? []) if (e.resource) counts[e.resource.resourceType] = (counts[e.resource.resourceType] ?? 0) + 1;
  return counts;
}
