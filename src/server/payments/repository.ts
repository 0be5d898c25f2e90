/** Cards on file and payments as the payment calls read them (src/server/payments/routes.ts). */
import type { Queryable } from '../db/connection';
import { PAYMENT_JSON, type PaymentRow } from '../booking/appointments';

export interface CardRow {
  id: string;
  patient_id: string;
  brand: string;
  last4: string;
  expiration_month: number;
  expiration_year: number;
  is_default: boolean;
  created_at: Date;
}

/** An appointment with its account, that account's partner, what is due on it and its late-cancel fee's state (accounts/reach.ts reachRecord; $1: its id). */
export const APPOINTMENT_DUE_OWNER_SQL = `SELECT a.id, a.user_id AS account_id, u.business_partner_id AS account_partner_id, appointment_due_cents(a.id) AS amount_due_cents, a.cancel_fee_status
  FROM appointments a JOIN users u ON u.id = a.user_id WHERE a.id = $1`;

/** A payment (not a refund) with its account and that account's partner (accounts/reach.ts reachRecord; $1: its id). */
export const PAYMENT_OWNER_SQL =
  'SELECT pay.id, pay.user_id AS account_id, u.business_partner_id AS account_partner_id FROM payments pay JOIN users u ON u.id = pay.user_id WHERE pay.id = $1 AND pay.refund_of IS NULL';

export async function cardById(db: Queryable, cardId: string): Promise<CardRow | undefined> {
  const [row] = await db.query<CardRow>('SELECT * FROM patient_cards WHERE id = $1', [cardId]);
  return row;
}

/** A patient's cards on file (not removed), the default first, then the newest. */
export async function cardsOfPatient(db: Queryable, patientId: string): Promise<CardRow[]> {
  return db.query<CardRow>('SELECT * FROM patient_cards WHERE patient_id = $1 AND removed_at IS NULL ORDER BY is_default DESC, created_at DESC', [patientId]);
}

export async function paymentRowById(db: Queryable, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.query<{ payment: PaymentRow }>(`SELECT ${PAYMENT_JSON} AS payment FROM payments pay WHERE pay.id = $1`, [paymentId]);
  return row?.payment;
}
