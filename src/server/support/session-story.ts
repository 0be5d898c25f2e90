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

const ACTOR_NAME = `nullif(trim(u.first_name || ' ' || u.last_name), '')`;

export async function sessionStory(db: Queryable, id: string): Promise<SessionStory | undefined> {
  const appointment = await appointmentById(db, id);
  if (!appointment) return undefined;
  const [row] = await db.query<{
    account_id: string;
    email: string;
    first_name: string;
    last_name: string;
    created_at: Date;
    rebooked_from: string | null;
    booked_by_name: string | null;
    booked_by_type: string | null;
    cancelled_by_name: string | null;
    cancelled_by_type: string | null;
  }>(
    `SELECT a.user_id AS account_id, acc.email::text AS email, acc.first_name, acc.last_name, a.created_at, a.rebooked_from,
            nullif(trim(b.first_name || ' ' || b.last_name), '') AS booked_by_name, b.user_type AS booked_by_type,
            nullif(trim(c.first_name || ' ' || c.last_name), '') AS cancelled_by_name, c.user_type AS cancelled_by_type
       FROM appointments a JOIN users acc ON acc.id = a.user_id
       LEFT JOIN users b ON b.id = a.booked_by LEFT JOIN users c ON c.id = a.cancelled_by
      WHERE a.id = $1`,
    [id],
  );
  const patientIds = appointment.patients.map((p) => p.id);

  const [moves, linked, parties, consents, insurance, payments, mails, audit] = await Promise.all([
    db.query<{ at: Date; name: string | null; user_type: string | null }>(
      `SELECT l.at, ${ACTOR_NAME} AS name, u.user_type
         FROM audit_log l LEFT JOIN users u ON u.id = l.actor_id
        WHERE l.record_type = 'appointment' AND l.record_id = $1 AND l.action = 'rescheduleAppointment' AND l.outcome = 'success'
        ORDER BY l.at, l.id`,
      [id],
    ),
    db.query<{ id: string; start: Date; status: 'booked' | 'cancelled'; relation: 'replaces' | 'replacedBy' }>(
      `SELECT id, lower(during) AS start, status, 'replaces' AS relation FROM appointments WHERE id = $2
       UNION ALL
       SELECT id, lower(during) AS start, status, 'replacedBy' AS relation FROM appointments WHERE rebooked_from = $1
       ORDER BY start`,
      [id, row!.rebooked_from],
    ),
    db.query<{ patient_id: string; first_name: string; last_name: string; phone_number: string | null; email: string | null }>(
      `SELECT p.id AS patient_id, r.first_name, r.last_name, r.phone_number, r.email::text AS email
         FROM patients p JOIN responsible_parties r ON r.id = p.responsible_party_id WHERE p.id = ANY($1::uuid[])`,
      [patientIds],
    ),
    db.query<{ id: string; patient_id: string; consent_type: string; signed_at: Date | null; signer_name: string | null; signer_capacity: string | null }>(
      `SELECT DISTINCT ON (patient_id, consent_type) id, patient_id, consent_type, signed_at, signer_name, signer_capacity
         FROM consents WHERE patient_id = ANY($1::uuid[])
        ORDER BY patient_id, consent_type, (appointment_id = $2) DESC NULLS LAST, signed_at DESC NULLS LAST, created_at DESC`,
      [patientIds, id],
    ),
    appointment.insuranceId
      ? db.query<{
          id: string;
          carrier_name: string;
          plan_name: string;
          member_id: string;
          inquiry_id: string | null;
          outcome: string | null;
          copay: string | null;
          estimated_cost: string | null;
          self_pay_price: string | null;
          inquiry_at: Date | null;
          decision: string | null;
        }>(
          `SELECT i.id, c.name AS carrier_name, pl.name AS plan_name, i.member_id, q.id AS inquiry_id, q.internal_outcome_assessment AS outcome,
                  q.copay, q.estimated_cost, q.self_pay_price, q.created_at AS inquiry_at, q.decision
             FROM patient_insurances i JOIN insurance_carriers c ON c.id = i.carrier_id JOIN insurance_plans pl ON pl.id = i.plan_id
             LEFT JOIN LATERAL (SELECT * FROM insurance_inquiry_audits q WHERE q.patient_insurance_id = i.id ORDER BY q.created_at DESC LIMIT 1) q ON true
            WHERE i.id = $1`,
          [appointment.insuranceId],
        )
      : Promise.resolve([]),
    db.query<{
      id: string;
      purpose: string;
      status: string;
      amount_cents: number;
      currency: string;
      card_brand: string | null;
      card_last4: string | null;
      created_at: Date;
      refund_of: string | null;
      refund_reason: string | null;
    }>(
      `SELECT id, purpose, status, amount_cents, currency, card_brand, card_last4, created_at, refund_of, refund_reason
         FROM payments WHERE appointment_id = $1 ORDER BY created_at, id`,
      [id],
    ),
    sessionMails(db, id),
    db.query<{ at: Date; name: string | null; user_type: string | null; action: string; outcome: AuditOutcome }>(
      `SELECT l.at, ${ACTOR_NAME} AS name, u.user_type, l.action, l.outcome
         FROM audit_log l LEFT JOIN users u ON u.id = l.actor_id
        WHERE l.record_type = 'appointment' AND l.record_id = $1
        ORDER BY l.at DESC, l.id DESC LIMIT ${Math.trunc(constants.largeListLimit)}`,
      [id],
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
                id: ins.inquiry_id,
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
