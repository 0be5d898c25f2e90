/**
 * What the record export holds (issue 38 item 1), read for one account: its patients (the holder and the dependants
 * on the account), their sessions with what happened to them, clinicians and practices, insurance, consents,
 * questionnaires and scores, secure messages and payments; each with its line in the reader's language and zone.
 * Clinicians' notes (patient_notes, which hold psychotherapy notes) are never read here.
 */
import { formatCalendarDate, formatDateTime } from '@/domain/date-format';
import { formatCents } from '@/domain/money';
import { message } from '@/domain/messages';
import { fullName, providerDisplayName } from '@/domain/names';
import { exportSections, type ExportSection, type RecordExportInput } from '@/domain/record-export';
import { isInstrument } from '@/domain/measures';
import { constantIn, enumLabelOf } from '@/domain/translations';
import type { Queryable } from '../db/connection';
import { purposeText } from '../billing/repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The whole record of account `userId`, its words in the active language, times in `zone`. */
export async function gatherRecord(
  db: Queryable,
  userId: string,
  at: { exportId: string; generatedAt: Date; zone: string; baseUrl: string; language: 'en' | 'es' },
): Promise<RecordExportInput> {
  const zone = at.zone;
  const patients = await db.query<{
    id: string;
    first_name: string;
    last_name: string;
    dob: string | null;
    gender: string | null;
    email: string | null;
    phone_number: string | null;
    ehr_id: string | null;
  }>(
    `SELECT id, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') AS dob, gender, email::text AS email, phone_number, ehr_id
       FROM patients WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  const ids = patients.map((p) => p.id);
  const nameOf = new Map(patients.map((p) => [p.id, fullName({ firstName: p.first_name, lastName: p.last_name })]));
  const appointments = await db.query<{
    id: string;
    status: 'booked' | 'cancelled';
    start_at: Date;
    end_at: Date;
    appointment_mode: 'online' | 'in_person';
    provider_id: string;
    practice_id: string;
    cancel_reason_id: string | null;
    cancelled_at: Date | null;
    rescheduled_from: Date | null;
    created_at: Date;
    updated_at: Date;
    patient_ids: string[];
  }>(
    `SELECT a.id, a.status, lower(a.during) AS start_at, upper(a.during) AS end_at, a.appointment_mode, a.provider_id, a.practice_id, a.cancel_reason_id,
            a.cancelled_at, a.rescheduled_from, a.created_at, a.updated_at,
            (SELECT array_agg(ap.patient_id::text ORDER BY ap.position) FROM appointment_patients ap WHERE ap.appointment_id = a.id) AS patient_ids
       FROM appointments a
      WHERE EXISTS (SELECT 1 FROM appointment_patients ap WHERE ap.appointment_id = a.id AND ap.patient_id = ANY($1::uuid[]))
      ORDER BY lower(a.during), a.id`,
    [ids],
  );
  const providerIds = [...new Set(appointments.map((a) => a.provider_id))];
  const threads = await db.query<{ id: string; provider_id: string; patient_id: string }>(
    'SELECT id, provider_id, patient_id FROM message_threads WHERE patient_id = ANY($1::uuid[]) ORDER BY created_at, id',
    [ids],
  );
  for (const t of threads) if (!providerIds.includes(t.provider_id)) providerIds.push(t.provider_id);
  const providers = await db.query<{
    id: string;
    first_name: string;
    last_name: string;
    title: string | null;
    practice_id: string;
    specialties: string[] | null;
    practice_name: string;
    city: string | null;
    state: string | null;
  }>(
    `SELECT pr.id, pr.first_name, pr.last_name, pr.title, pr.practice_id, pr.specialties, pc.name AS practice_name, pc.city, pc.state
       FROM providers pr JOIN practices pc ON pc.id = pr.practice_id WHERE pr.id = ANY($1::uuid[]) ORDER BY pr.last_name, pr.id`,
    [providerIds],
  );
  const providerName = new Map(providers.map((p) => [p.id, providerDisplayName({ firstName: p.first_name, lastName: p.last_name, title: p.title })]));
  const practices = new Map<string, { id: string; name: string; city: string | null; state: string | null }>();
  for (const p of providers) practices.set(p.practice_id, { id: p.practice_id, name: p.practice_name, city: p.city, state: p.state });
  const insurances = await db.query<{
    id: string;
    patient_id: string;
    carrier: string;
    plan: string | null;
    member_id: string | null;
    removed_at: Date | null;
  }>(
    `SELECT pi.id, pi.patient_id, c.name AS carrier, pl.name AS plan, pi.member_id, pi.removed_at
       FROM patient_insurances pi JOIN insurance_carriers c ON c.id = pi.carrier_id LEFT JOIN insurance_plans pl ON pl.id = pi.plan_id
      WHERE pi.patient_id = ANY($1::uuid[]) ORDER BY pi.created_at, pi.id`,
    [ids],
  );
  const consents = await db.query<{
    id: string;
    patient_id: string;
    consent_type: string;
    version: string;
    signed_at: Date | null;
    created_at: Date;
    appointment_id: string | null;
  }>(
    'SELECT id, patient_id, consent_type, version, signed_at, created_at, appointment_id FROM consents WHERE patient_id = ANY($1::uuid[]) ORDER BY created_at, id',
    [ids],
  );
  const measures = await db.query<{ id: string; patient_id: string; instrument: string; answers: number[]; total: number; band: string; completed_at: Date }>(
    'SELECT id, patient_id, instrument, answers, total, band, completed_at FROM measure_responses WHERE patient_id = ANY($1::uuid[]) ORDER BY completed_at, id',
    [ids],
  );
  const messages = await db.query<{ id: string; thread_id: string; author_side: string; body: string; sent_at: Date; provider_id: string; patient_id: string }>(
    `SELECT m.id::text AS id, m.thread_id, m.author_side, m.body, m.sent_at, t.provider_id, t.patient_id
       FROM messages m JOIN message_threads t ON t.id = m.thread_id WHERE t.patient_id = ANY($1::uuid[]) ORDER BY m.sent_at, m.id`,
    [ids],
  );
  const payments = await db.query<{
    id: string;
    patient_id: string | null;
    appointment_id: string | null;
    status: string;
    purpose: string;
    amount_cents: number;
    currency: string;
    created_at: Date;
    refunded_cents: string | null;
  }>(
    `SELECT pay.id, coalesce(pay.patient_id, (SELECT ap.patient_id FROM appointment_patients ap WHERE ap.appointment_id = pay.appointment_id ORDER BY ap.position LIMIT 1)) AS patient_id,
            pay.appointment_id, pay.status, pay.purpose, pay.amount_cents, pay.currency, pay.created_at,
            (SELECT sum(r.amount_cents) FROM payments r WHERE r.refund_of = pay.id AND r.status <> 'failed') AS refunded_cents
       FROM payments pay WHERE pay.user_id = $1 AND pay.refund_of IS NULL ORDER BY pay.created_at, pay.id`,
    [userId],
  );

  const instruments = constantIn('measureInstruments');
  const input: Omit<RecordExportInput, 'words'> = {
    exportId: at.exportId,
    generatedAt: at.generatedAt.toISOString(),
    language: at.language,
    baseUrl: at.baseUrl,
    patients: patients.map((p) => ({
      id: p.id,
      firstName: p.first_name,
      lastName: p.last_name,
      dateOfBirth: p.dob,
      gender: p.gender,
      email: p.email,
      phone: p.phone_number,
      ehrId: p.ehr_id,
    })),
    practitioners: providers.map((p) => ({
      id: p.id,
      firstName: p.first_name,
      lastName: p.last_name,
      title: p.title,
      npi: null,
      practiceId: p.practice_id,
      specialties: p.specialties ?? [],
    })),
    practices: [...practices.values()],
    appointments: appointments.map((a) => ({
      id: a.id,
      status: a.status,
      start: iso(a.start_at),
      end: iso(a.end_at),
      mode: a.appointment_mode,
      providerId: a.provider_id,
      practiceId: a.practice_id,
      patientIds: a.patient_ids ?? [],
      cancelReason: a.cancel_reason_id,
      history: [
        { status: 'booked' as const, at: iso(a.created_at), note: null },
        ...(a.rescheduled_from ? [{ status: 'rescheduled' as const, at: iso(a.updated_at), note: iso(a.rescheduled_from) }] : []),
        ...(a.cancelled_at ? [{ status: 'cancelled' as const, at: iso(a.cancelled_at), note: a.cancel_reason_id }] : []),
      ],
    })),
    coverages: insurances.map((i) => ({
      id: i.id,
      patientId: i.patient_id,
      carrierName: i.carrier,
      planName: i.plan,
      memberId: i.member_id,
      active: i.removed_at === null,
    })),
    consents: consents.map((c) => ({
      id: c.id,
      patientId: c.patient_id,
      type: c.consent_type,
      version: c.version,
      signedAt: c.signed_at ? iso(c.signed_at) : null,
      createdAt: iso(c.created_at),
      appointmentId: c.appointment_id,
    })),
    measures: measures.flatMap((m) => {
      if (!isInstrument(m.instrument)) return [];
      const bandLabel = instruments[m.instrument].bands.find((b) => b.band === m.band)?.label ?? m.band;
      return [
        {
          id: m.id,
          patientId: m.patient_id,
          instrument: m.instrument,
          questions: instruments[m.instrument].questions,
          answers: m.answers,
          total: m.total,
          bandLabel,
          completedAt: iso(m.completed_at),
        },
      ];
    }),
    messages: messages.map((m) => {
      const patient = { kind: 'Patient' as const, id: m.patient_id, display: nameOf.get(m.patient_id) ?? '' };
      const clinician = { kind: 'Practitioner' as const, id: m.provider_id, display: providerName.get(m.provider_id) ?? '' };
      const fromPatient = m.author_side === 'patient';
      return {
        id: m.id,
        threadId: m.thread_id,
        subject: null,
        sender: fromPatient ? patient : clinician,
        recipients: [fromPatient ? clinician : patient],
        body: m.body,
        sentAt: iso(m.sent_at),
      };
    }),
    payments: payments.flatMap((p) =>
      p.patient_id
        ? [
            {
              id: p.id,
              patientId: p.patient_id,
              appointmentId: p.appointment_id,
              status: p.status,
              purpose: p.purpose,
              purposeLabel: purposeText(p.purpose),
              amountCents: p.amount_cents,
              refundedCents: Number(p.refunded_cents ?? 0),
              currency: p.currency,
              createdAt: iso(p.created_at),
            },
          ]
        : [],
    ),
  };

  const when = (d: string) => formatDateTime(d, zone);
  const lines: Record<ExportSection, string[]> = {
    patients: input.patients.map((p) => {
      const name = fullName(p);
      return p.dateOfBirth
        ? message('document.record.line.patient', { name, date: formatCalendarDate(p.dateOfBirth) })
        : message('document.record.line.patientNoBirthDate', { name });
    }),
    clinicians: providers.map((p) => message('document.record.line.clinician', { provider: providerName.get(p.id) ?? '', practice: p.practice_name })),
    sessions: input.appointments.map((a) =>
      message('document.record.line.session', {
        when: when(a.start),
        provider: providerName.get(a.providerId) ?? '',
        mode: enumLabelOf('appointmentMode', a.mode),
        status: enumLabelOf('appointmentStatus', a.status),
      }),
    ),
    insurance: input.coverages.map((c) =>
      message('document.record.line.insurance', {
        name: nameOf.get(c.patientId) ?? '',
        carrier: c.carrierName,
        plan: c.planName ?? '',
        memberId: c.memberId ?? '—',
      }),
    ),
    consents: input.consents.map((c) => {
      const consent = enumLabelOf('consentType', c.type);
      const name = nameOf.get(c.patientId) ?? '';
      return c.signedAt
        ? message('document.record.line.consent', { name, consent, when: when(c.signedAt) })
        : message('document.record.line.consentUnsigned', { name, consent });
    }),
    questionnaires: input.measures.map((m) =>
      message('document.record.line.questionnaire', {
        name: nameOf.get(m.patientId) ?? '',
        instrument: instruments[m.instrument].name,
        when: when(m.completedAt),
        score: String(m.total),
        band: m.bandLabel,
      }),
    ),
    messages: input.messages.map((m) => message('document.record.line.message', { when: when(m.sentAt), from: m.sender.display, text: m.body })),
    payments: input.payments.map((p) =>
      message('document.record.line.payment', {
        when: when(p.createdAt),
        purpose: p.purposeLabel,
        amount: formatCents(p.amountCents),
        status: enumLabelOf('paymentStatus', p.status),
      }),
    ),
  };
  return {
    ...input,
    words: {
      title: message('document.record.title'),
      author: message('document.record.author'),
      sectionTitles: Object.fromEntries(exportSections.map((s) => [s, message(`document.record.section.${s}`)])) as Record<ExportSection, string>,
      sectionLines: lines,
      notIncludedTitle: message('document.record.notIncluded.title'),
      notIncluded: message('document.record.notIncluded.text'),
    },
  };
}
