/**
 * What the record export holds, read for one account: its patients (the holder and the dependants
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
import { all, appointmentStart, appointmentTimes, isoDay, qb, sql } from '../db/typed';
import { purposeText } from '../billing/repository';
import * as careEnums from '@/generated/enums/care';
import * as moneyEnums from '@/generated/enums/money';
import * as peopleEnums from '@/generated/enums/people';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The whole record of account `userId`, its words in the active language, times in `zone`. */
export async function gatherRecord(
  db: Queryable,
  userId: string,
  at: { exportId: string; generatedAt: Date; zone: string; baseUrl: string; language: 'en' | 'es' },
): Promise<RecordExportInput> {
  const zone = at.zone;
  const patients = await all(
    db,
    qb
      .selectFrom('patients')
      .select(({ ref }) => [
        'id',
        'first_name',
        'last_name',
        isoDay(ref('date_of_birth')).as('dob'),
        'gender',
        sql<string | null>`email::text`.as('email'),
        'phone_number',
        'ehr_id',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id'),
  );
  const ids = patients.map((p) => p.id);
  const nameOf = new Map(patients.map((p) => [p.id, fullName({ firstName: p.first_name, lastName: p.last_name })]));
  const appointments = await all(
    db,
    qb
      .selectFrom('appointments as a')
      .select((eb) => [
        'a.id',
        sql<'booked' | 'cancelled'>`a.status`.as('status'),
        ...appointmentTimes(),
        sql<'online' | 'in_person'>`a.appointment_mode`.as('appointment_mode'),
        'a.provider_id',
        'a.practice_id',
        'a.cancel_reason_id',
        'a.cancelled_at',
        'a.rescheduled_from',
        'a.created_at',
        'a.updated_at',
        eb
          .selectFrom('appointment_patients as ap')
          .select(sql<string[] | null>`array_agg(ap.patient_id::text ORDER BY ap.position)`.as('ids'))
          .whereRef('ap.appointment_id', '=', 'a.id')
          .as('patient_ids'),
      ])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('appointment_patients as ap')
            .select(sql`1`.as('one'))
            .whereRef('ap.appointment_id', '=', 'a.id')
            .where('ap.patient_id', '=', sql<string>`ANY(${ids}::uuid[])`),
        ),
      )
      .orderBy(appointmentStart())
      .orderBy('a.id'),
  );
  const providerIds = [...new Set(appointments.map((a) => a.provider_id))];
  const threads = await all(
    db,
    qb
      .selectFrom('message_threads')
      .select(['id', 'provider_id', 'patient_id'])
      .where('patient_id', '=', sql<string>`ANY(${ids}::uuid[])`)
      .orderBy('created_at')
      .orderBy('id'),
  );
  for (const t of threads) if (!providerIds.includes(t.provider_id)) providerIds.push(t.provider_id);
  const providers = await all(
    db,
    qb
      .selectFrom('providers as pr')
      .innerJoin('practices as pc', 'pc.id', 'pr.practice_id')
      .select(['pr.id', 'pr.first_name', 'pr.last_name', 'pr.title', 'pr.practice_id', 'pr.specialties', 'pc.name as practice_name', 'pc.city', 'pc.state'])
      .where('pr.id', '=', sql<string>`ANY(${providerIds}::uuid[])`)
      .orderBy('pr.last_name')
      .orderBy('pr.id'),
  );
  const providerName = new Map(providers.map((p) => [p.id, providerDisplayName({ firstName: p.first_name, lastName: p.last_name, title: p.title })]));
  const practices = new Map<string, { id: string; name: string; city: string | null; state: string | null }>();
  for (const p of providers) practices.set(p.practice_id, { id: p.practice_id, name: p.practice_name, city: p.city, state: p.state });
  const insurances = await all(
    db,
    qb
      .selectFrom('patient_insurances as pi')
      .innerJoin('insurance_carriers as c', 'c.id', 'pi.carrier_id')
      .leftJoin('insurance_plans as pl', 'pl.id', 'pi.plan_id')
      .select(['pi.id', 'pi.patient_id', 'c.name as carrier', 'pl.name as plan', 'pi.member_id', 'pi.removed_at'])
      .where('pi.patient_id', '=', sql<string>`ANY(${ids}::uuid[])`)
      .orderBy('pi.created_at')
      .orderBy('pi.id'),
  );
  const consents = await all(
    db,
    qb
      .selectFrom('consents')
      .select(['id', 'patient_id', 'consent_type', 'version', 'signed_at', 'created_at', 'appointment_id'])
      .where('patient_id', '=', sql<string>`ANY(${ids}::uuid[])`)
      .orderBy('created_at')
      .orderBy('id'),
  );
  const measures = await all(
    db,
    qb
      .selectFrom('measure_responses')
      .select(['id', 'patient_id', 'instrument', 'answers', 'total', 'band', 'completed_at'])
      .where('patient_id', '=', sql<string>`ANY(${ids}::uuid[])`)
      .orderBy('completed_at')
      .orderBy('id'),
  );
  const messages = await all(
    db,
    qb
      .selectFrom('messages as m')
      .innerJoin('message_threads as t', 't.id', 'm.thread_id')
      .select([sql<string>`m.id::text`.as('id'), 'm.thread_id', 'm.author_side', 'm.body', 'm.sent_at', 't.provider_id', 't.patient_id'])
      .where('t.patient_id', '=', sql<string>`ANY(${ids}::uuid[])`)
      .orderBy('m.sent_at')
      .orderBy('m.id'),
  );
  const payments = await all(
    db,
    qb
      .selectFrom('payments as pay')
      .select((eb) => [
        'pay.id',
        eb.fn
          .coalesce(
            'pay.patient_id',
            eb
              .selectFrom('appointment_patients as ap')
              .select('ap.patient_id')
              .whereRef('ap.appointment_id', '=', 'pay.appointment_id')
              .orderBy('ap.position')
              .limit(1),
          )
          .as('patient_id'),
        'pay.appointment_id',
        'pay.status',
        'pay.purpose',
        'pay.amount_cents',
        'pay.currency',
        'pay.created_at',
        eb
          .selectFrom('payments as r')
          .select(sql<string | null>`sum(r.amount_cents)`.as('sum'))
          .whereRef('r.refund_of', '=', 'pay.id')
          .where('r.status', '<>', 'failed')
          .as('refunded_cents'),
      ])
      .where('pay.user_id', '=', userId)
      .where('pay.refund_of', 'is', null)
      .orderBy('pay.created_at')
      .orderBy('pay.id'),
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
        mode: enumLabelOf(careEnums.appointmentMode, a.mode),
        status: enumLabelOf(careEnums.appointmentStatus, a.status),
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
      const consent = enumLabelOf(peopleEnums.consentType, c.type);
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
        status: enumLabelOf(moneyEnums.paymentStatus, p.status),
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
