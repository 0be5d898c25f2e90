/**
 * One session's whole story as support reads it (GET /support/sessions/{id}): the appointment, who
 * booked, moved or cancelled it and why, the sessions it was booked again from or as, the people's
 * responsible parties and consents, the insurance it uses with the latest eligibility answer, its
 * payments and refunds, the e-mails sent about it, and the audit history of the record. Only ids go to the audit trail.
 */
import { endpoints, type EndpointId } from '@/generated/api';
import { constants } from '@/generated/constants';
import type { EndpointTypes } from '@/generated/entities';
import type { AuditOutcome } from '@/generated/enums';
import { appointmentById } from '../booking/appointments';
import { sessionMails } from '../booking/session-mails';
import type { Queryable } from '../db/connection';
import { all, appointmentStart, first, qb, sql } from '../db/typed';
import { dollarsToCents } from '@/domain/money';

export type SessionStory = EndpointTypes['getSupportSession']['response'];

const iso = (d: Date | string) => new Date(d).toISOString();
/** Dollars as the database keeps them (numeric) to cents. */
const cents = (v: string | number | null) => (v === null ? null : dollarsToCents(v));

interface Actor {
  name: string;
  staff: boolean;
}

/** A person as the story names them: their name, and whether they are staff rather than the account holder. */
function actorOf(name: string | null, userType: string | null): Actor | null {
  return name === null ? null : { name, staff: userType !== null && userType !== 'patient' };
}

/** A user's name as the story shows it (null when blank), from the users row joined as `alias`. */
const nameOf = (alias: string) => sql<string | null>`nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), '')`;

/** The appointment's audit entries with their actor's name and kind. */
const auditOf = (id: string) =>
  qb
    .selectFrom('audit_log as l')
    .leftJoin('users as u', 'u.id', 'l.actor_id')
    .select(['l.at', nameOf('u').as('name'), 'u.user_type'])
    .where('l.record_type', '=', 'appointment')
    .where('l.record_id', '=', id);

export async function sessionStory(db: Queryable, id: string): Promise<SessionStory | undefined> {
  const appointment = await appointmentById(db, id);
  if (!appointment) return undefined;
  const row = await first(
    db,
    qb
      .selectFrom('appointments as a')
      .innerJoin('users as acc', 'acc.id', 'a.user_id')
      .leftJoin('users as b', 'b.id', 'a.booked_by')
      .leftJoin('users as c', 'c.id', 'a.cancelled_by')
      .select([
        'a.user_id as account_id',
        sql<string>`acc.email::text`.as('email'),
        'acc.first_name',
        'acc.last_name',
        'a.created_at',
        'a.rebooked_from',
        nameOf('b').as('booked_by_name'),
        'b.user_type as booked_by_type',
        nameOf('c').as('cancelled_by_name'),
        'c.user_type as cancelled_by_type',
      ])
      .where('a.id', '=', id),
  );
  const patientIds = appointment.patients.map((p) => p.id);
  const anyPatient = sql<string>`ANY(${patientIds}::uuid[])`;

  const [moves, linked, parties, consents, insurance, payments, mails, audit] = await Promise.all([
    all(db, auditOf(id).where('l.action', '=', 'rescheduleAppointment').where('l.outcome', '=', 'success').orderBy('l.at').orderBy('l.id')),
    all(
      db,
      qb
        .selectFrom('appointments')
        .select(['id', appointmentStart('appointments').as('start'), 'status', sql<'replaces' | 'replacedBy'>`'replaces'`.as('relation')])
        .where('id', '=', sql<string>`${row!.rebooked_from}`)
        .unionAll(
          qb
            .selectFrom('appointments')
            .select(['id', appointmentStart('appointments').as('start'), 'status', sql<'replaces' | 'replacedBy'>`'replacedBy'`.as('relation')])
            .where('rebooked_from', '=', id),
        )
        .orderBy('start')
        .$narrowType<{ status: 'booked' | 'cancelled' }>(),
    ),
    all(
      db,
      qb
        .selectFrom('patients as p')
        .innerJoin('responsible_parties as r', 'r.id', 'p.responsible_party_id')
        .select(['p.id as patient_id', 'r.first_name', 'r.last_name', 'r.phone_number', sql<string | null>`r.email::text`.as('email')])
        .where('p.id', '=', anyPatient),
    ),
    all(
      db,
      qb
        .selectFrom('consents')
        .distinctOn(['patient_id', 'consent_type'])
        .select(['id', 'patient_id', 'consent_type', 'signed_at', 'signer_name', 'signer_capacity'])
        .where('patient_id', '=', anyPatient)
        .orderBy('patient_id')
        .orderBy('consent_type')
        .orderBy(sql`(appointment_id = ${id})`, (ob) => ob.desc().nullsLast())
        .orderBy('signed_at', (ob) => ob.desc().nullsLast())
        .orderBy('created_at', 'desc'),
    ),
    appointment.insuranceId
      ? all(
          db,
          qb
            .selectFrom('patient_insurances as i')
            .innerJoin('insurance_carriers as c', 'c.id', 'i.carrier_id')
            .innerJoin('insurance_plans as pl', 'pl.id', 'i.plan_id')
            .leftJoinLateral(
              (eb) =>
                eb
                  .selectFrom('insurance_inquiry_audits as q')
                  .selectAll()
                  .whereRef('q.patient_insurance_id', '=', 'i.id')
                  .orderBy('q.created_at', 'desc')
                  .limit(1)
                  .as('q'),
              (join) => join.onTrue(),
            )
            .select([
              'i.id',
              'c.name as carrier_name',
              'pl.name as plan_name',
              'i.member_id',
              'q.id as inquiry_id',
              'q.internal_outcome_assessment as outcome',
              'q.copay',
              'q.estimated_cost',
              'q.self_pay_price',
              'q.created_at as inquiry_at',
              'q.decision',
            ])
            .where('i.id', '=', appointment.insuranceId),
        )
      : Promise.resolve([]),
    all(
      db,
      qb
        .selectFrom('payments')
        .select(['id', 'purpose', 'status', 'amount_cents', 'currency', 'card_brand', 'card_last4', 'created_at', 'refund_of', 'refund_reason'])
        .where('appointment_id', '=', id)
        .orderBy('created_at')
        .orderBy('id'),
    ),
    sessionMails(db, id),
    all(
      db,
      auditOf(id)
        .select(['l.action', 'l.outcome'])
        .$narrowType<{ outcome: AuditOutcome }>()
        .orderBy('l.at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(Math.trunc(constants.largeListLimit)),
    ),
  ]);

  const timeline: SessionStory['timeline'] = [
    { at: iso(row!.created_at), event: 'booked', by: actorOf(row!.booked_by_name, row!.booked_by_type), reason: null, note: null, from: null },
    // The appointment remembers the start before its last move only.
    ...moves.map((m, i) => ({
      at: iso(m.at),
      event: 'rescheduled' as const,
      by: actorOf(m.name, m.user_type),
      reason: null,
      note: null,
      from: i === moves.length - 1 ? (appointment.rescheduledFrom ?? null) : null,
    })),
  ];
  const c = appointment.cancellation;
  if (c)
    timeline.push({
      at: c.at,
      event: 'cancelled',
      by: actorOf(row!.cancelled_by_name, row!.cancelled_by_type),
      reason: c.reason,
      note: c.note ?? null,
      from: null,
    });
  timeline.sort((a, b) => a.at.localeCompare(b.at));

  const link = (l: (typeof linked)[number]) => ({ id: l.id, start: iso(l.start), status: l.status });
  const ins = insurance[0];
  return {
    appointment,
    account: { id: row!.account_id, email: row!.email, firstName: row!.first_name, lastName: row!.last_name },
    timeline,
    replaces: linked.filter((l) => l.relation === 'replaces').map(link)[0] ?? null,
    replacedBy: linked.filter((l) => l.relation === 'replacedBy').map(link),
    responsibleParties: parties.map((p) => ({
      patientId: p.patient_id,
      firstName: p.first_name,
      lastName: p.last_name,
      phoneNumber: p.phone_number,
      email: p.email,
    })),
    consents: consents.map((k) => ({
      id: k.id,
      patientId: k.patient_id,
      consentType: k.consent_type as SessionStory['consents'][number]['consentType'],
      signedAt: k.signed_at ? iso(k.signed_at) : null,
      signerName: k.signer_name,
      signerCapacity: k.signer_capacity,
    })),
    insurance: ins
      ? {
          id: ins.id,
          carrierName: ins.carrier_name,
          planName: ins.plan_name,
          memberId: ins.member_id,
          inquiry: ins.inquiry_id
            ? {
                id: String(ins.inquiry_id),
                outcome: ins.outcome!,
                copayCents: cents(ins.copay),
                estimatedCostCents: cents(ins.estimated_cost),
                selfPayPriceCents: cents(ins.self_pay_price) ?? 0,
                at: iso(ins.inquiry_at!),
                decision: ins.decision,
              }
            : null,
        }
      : null,
    payments: payments.map((p) => ({
      id: p.id,
      purpose: p.purpose,
      status: p.status,
      amountCents: p.amount_cents,
      currency: p.currency.trim(),
      cardBrand: p.card_brand,
      cardLast4: p.card_last4,
      createdAt: iso(p.created_at),
      refundOf: p.refund_of,
      refundReason: p.refund_reason,
    })),
    mails,
    audit: audit.reverse().map((a) => ({
      at: iso(a.at),
      actor: actorOf(a.name, a.user_type),
      action: a.action,
      what: endpoints[a.action as EndpointId]?.summary ?? a.action,
      outcome: a.outcome,
    })),
  };
}
