/**
 * The statement at the heart of a booking's commit (commit.ts): the hold converted into the appointment, with its
 * patients, consents and confirmation mail, in one round trip, built and compiled once.
 */
import type { Insertable } from 'kysely';
import { constants } from '@/generated/constants';
import { preparedQuery, qb, sql, type DB, type Param } from '../db/typed';
import { openOfferOfHold } from '../waitlist/offers';
import type { CommitContext } from './commit';
import type { AppointmentMailTemplate } from './mails';
import { BOOKING_TERMS, insertAppointments } from './appointment-insert';

/** The mail that confirms a booking (recorded by the statement that books, queued in its transaction). */
export const CONFIRMATION_MAIL = 'appointment-confirmation' satisfies AppointmentMailTemplate;

/** The appointment's columns from the request and the plan (the rest are the hold's), in the statement's order. */
const BOOKED_COLUMNS = ['id', ...BOOKING_TERMS, 'idempotency_key', 'rebooked_from'] as const;

/** The values of BOOKED_COLUMNS for this booking. */
export function bookedValues(c: CommitContext) {
  const { body, plan } = c;
  return {
    id: c.appointmentId,
    user_id: c.account.id,
    practice_id: body.practiceId,
    appointment_mode: body.appointmentMode,
    counseling_type: body.counselingType,
    counseling_type_id: body.counselingTypeId ?? null,
    is_follow_up: plan.isFollowUp,
    time_zone: plan.timeZone,
    self_pay: plan.selfPay,
    self_pay_consent_category: body.selfPayConsentCategory ?? (plan.selfPay ? 'selfPay' : 'insurance'),
    insurance_id: plan.insuranceId,
    booking_funnel: c.funnel,
    booking_source: body.bookingSource ?? null,
    app_source: c.source,
    partnership_code: body.partnershipCode ?? null,
    business_partner_id: plan.partner?.id ?? null,
    price_cents: plan.priceCents,
    booked_by: c.callerId,
    idempotency_key: c.scope.key,
    rebooked_from: c.rebookedFrom ?? null,
  } satisfies Required<Pick<Insertable<DB['appointments']>, (typeof BOOKED_COLUMNS)[number]>>;
}

/** The values of convertHoldStatement: the appointment's columns, and the rest. */
type ConvertValues = ReturnType<typeof bookedValues> & {
  holdId: string;
  callerId: string;
  accountId: string;
  at: string;
  patientIds: string[];
  isNew: boolean[];
  consentPatientIds: string[];
  consentTypes: string[];
  consentCategories: (string | null)[];
  consentTexts: string[];
  consentSources: string[];
  consentCapacities: string[];
  signerName: string;
  recipient: string;
};

/**
 * Locks the hold's row and, when it is the caller's live hold, inserts the appointment at the hold's
 * time, makes the hold the booking, lists the appointment's patients, records the consents given with
 * the booking and the confirmation mail on the session's story, in one round trip. It answers the hold
 * as it was (for holdProblem), the waitlist offer it was made for if that offer is still open, and the
 * confirmation mail's record. The appointments' own exclusion constraint still applies (23P01). Compiled once.
 */
export const convertHoldStatement = preparedQuery((p: Param<ConvertValues>) => {
  const at = sql<Date>`${p('at')}::timestamptz`;
  return qb
    .with('hold', (db) =>
      db
        .selectFrom('slot_reservations')
        .select(['id', 'slot_id', 'provider_id', 'held_by', 'kind', 'during', sql<boolean>`(expires_at IS NULL OR expires_at > ${at})`.as('live')])
        .$narrowType<{ kind: 'hold' | 'booking' }>()
        .where('id', '=', p('holdId'))
        .forUpdate(),
    )
    .with('booked', (db) =>
      insertAppointments((values) =>
        db
          .selectFrom('hold as h')
          .select((eb) =>
            values({
              provider_id: eb.ref('h.provider_id'),
              slot_id: eb.ref('h.slot_id'),
              during: eb.ref('h.during'),
              ...Object.fromEntries(BOOKED_COLUMNS.map((column) => [column, p(column)])),
            }),
          )
          .where('h.held_by', '=', p('callerId'))
          .where('h.kind', '=', 'hold')
          .where(sql<boolean>`h.live`),
      ).returning('id'),
    )
    .with('converted', (db) =>
      db
        .updateTable('slot_reservations as r')
        .from('booked as b')
        .set({ kind: 'booking', expires_at: null, appointment_id: sql<string>`b.id` })
        .where('r.id', '=', p('holdId')),
    )
    .with('listed', (db) =>
      db
        .insertInto('appointment_patients')
        .columns(['appointment_id', 'patient_id', 'position', 'is_new'])
        .expression((eb) =>
          eb
            .selectFrom([
              'booked as b',
              sql<{
                patient_id: string;
                is_new: boolean;
                n: number;
              }>`unnest(${p('patientIds')}::uuid[], ${p('isNew')}::boolean[]) WITH ORDINALITY`.as<'p'>(sql`p(patient_id, is_new, n)`),
            ])
            .select(['b.id', 'p.patient_id', sql<number>`p.n - 1`.as('position'), 'p.is_new']),
        ),
    )
    .with('consented', (db) =>
      db
        .insertInto('consents')
        .columns([
          'patient_id',
          'user_id',
          'consent_type',
          'self_pay_consent_category',
          'version',
          'text',
          'source',
          'signer_name',
          'signer_capacity',
          'signed_by',
          'signed_at',
          'appointment_id',
          'created_by',
        ])
        .expression((eb) =>
          eb
            .selectFrom([
              'booked as b',
              sql<{
                patient_id: string;
                consent_type: string;
                category: string | null;
                text: string;
                source: string;
                capacity: string;
              }>`unnest(${p('consentPatientIds')}::uuid[], ${p('consentTypes')}::text[], ${p('consentCategories')}::text[], ${p('consentTexts')}::text[], ${p('consentSources')}::text[], ${p('consentCapacities')}::text[])`.as<'c'>(
                sql`c(patient_id, consent_type, category, text, source, capacity)`,
              ),
            ])
            .select([
              'c.patient_id',
              sql`${p('accountId')}`.as('user_id'),
              'c.consent_type',
              'c.category',
              sql<string>`${constants.consentTemplateVersion}::text`.as('version'),
              'c.text',
              'c.source',
              sql<string>`${p('signerName')}::text`.as('signer_name'),
              'c.capacity',
              sql`${p('callerId')}`.as('signed_by'),
              sql<Date>`now()`.as('signed_at'),
              'b.id',
              sql`${p('callerId')}`.as('created_by'),
            ]),
        ),
    )
    .with('mailed', (db) =>
      db
        .insertInto('appointment_mails')
        .columns(['appointment_id', 'template', 'recipient', 'queued_at'])
        .expression((eb) =>
          eb
            .selectFrom('booked as b')
            .select(['b.id', sql<string>`${CONFIRMATION_MAIL}::text`.as('template'), sql<string>`${p('recipient')}::text`.as('recipient'), at.as('queued_at')]),
        )
        .returning('id'),
    )
    .selectFrom('hold as h')
    .select((eb) => [
      'h.id',
      'h.slot_id',
      'h.provider_id',
      'h.held_by',
      'h.kind',
      'h.live',
      sql<string | null>`${sql.raw(openOfferOfHold('h.id'))}`.as('open_offer_id'),
      eb.selectFrom('mailed').select('id').as('confirmation_mail_id'),
    ]);
});
