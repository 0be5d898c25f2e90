/** Cards on file and payments as the payment calls read them (src/server/payments/routes.ts). */
import type { Queryable } from '../db/connection';
import { all, first, qb, sql, type TableRow } from '../db/typed';
import { appointmentOwnerById } from '../accounts/reach';
import { PAYMENT_JSON, type PaymentRow } from '../booking/appointments';

/** A card on file as stored (the gateway's token included: never answered as is). */
export type CardRow = TableRow<'patient_cards'>;

/** An appointment with its account, that account's partner, what is due on it and its late-cancel fee's state (accounts/reach.ts reachRecord). */
export const appointmentDueOwnerById = (id: string) =>
  appointmentOwnerById(id).select(['a.cancel_fee_status', sql<number>`appointment_due_cents(a.id)`.as('amount_due_cents')]);

/** A payment (not a refund) with its account and that account's partner (accounts/reach.ts reachRecord). */
export const paymentOwnerById = (id: string) =>
  qb
    .selectFrom('payments as pay')
    .innerJoin('users as u', 'u.id', 'pay.user_id')
    .select(['pay.id', 'pay.user_id as account_id', 'u.business_partner_id as account_partner_id'])
    .where('pay.id', '=', id)
    .where('pay.refund_of', 'is', null);

export async function cardById(db: Queryable, cardId: string): Promise<CardRow | undefined> {
  return first(db, qb.selectFrom('patient_cards').selectAll().where('id', '=', cardId));
}

/** A patient's cards on file (not removed), the default first, then the newest. */
export async function cardsOfPatient(db: Queryable, patientId: string): Promise<CardRow[]> {
  return all(
    db,
    qb
      .selectFrom('patient_cards')
      .selectAll()
      .where('patient_id', '=', patientId)
      .where('removed_at', 'is', null)
      .orderBy('is_default', 'desc')
      .orderBy('created_at', 'desc'),
  );
}

export async function paymentRowById(db: Queryable, paymentId: string): Promise<PaymentRow | undefined> {
  // PAYMENT_JSON builds the payment's JSON in SQL (booking/appointments.ts); PaymentRow is its declared shape.
  const row = await first(
    db,
    qb
      .selectFrom('payments as pay')
      .select(sql<PaymentRow>`${sql.raw(PAYMENT_JSON)}`.as('payment'))
      .where('pay.id', '=', paymentId),
  );
  return row?.payment;
}
