/**
 * The money of a cancellation, inside its transaction: a session cancelled in time (or by the
 * provider or the practice) is given back at once and owes nothing more; a late one owes the fee,
 * charged to the card on file when there is one, else left due (POST /appointments/{id}/pay).
 */
import type { CancellationTerms } from '@/domain/cancellation';
import { refundsOnCancellation } from '@/domain/payment-status';
import type { Queryable } from '../db/connection';
import { chargeCard } from './charges';
import { changeDue, dueCents } from './ledger';
import type { MoneyMove } from './move';
import { cardOnFile } from './reprice';
import { refundSession } from './refunds';

export type FeeStatus = 'none' | 'waived' | 'charged' | 'outstanding';

export interface CancellationMoney {
  appointmentId: string;
  accountId: string;
  selfPay: boolean;
  terms: Extract<CancellationTerms, { allowed: true }>;
  /** the provider or the practice cancelled: refunded even when late, and no fee */
  byPractice: boolean;
  reasonId: string;
  idempotencyKey?: string;
  createdBy: string;
  at: Date;
}

export interface CancellationSettled {
  feeStatus: FeeStatus;
  feeCents: number;
  /** refunds made now (not replayed), for the refund mails */
  refundIds: string[];
}

export async function settleCancellation(tx: Queryable, move: MoneyMove, c: CancellationMoney): Promise<CancellationSettled> {
  const inTime = refundsOnCancellation({ late: c.terms.late, byPractice: c.byPractice });
  const refunds = c.selfPay && inTime ? await refundSession(tx, move.services, c.appointmentId, c.reasonId, c.createdBy, c.at) : [];
  const fee = c.byPractice ? 'none' : c.terms.fee;
  const feeCents = c.byPractice ? 0 : c.terms.feeCents;
  let feeStatus: FeeStatus = fee === 'charge' ? 'outstanding' : fee;
  if (fee === 'charge') {
    const card = await cardOnFile(tx, c.accountId);
    if (card) {
      const charged = await chargeCard(tx, move, {
        amountCents: feeCents,
        purpose: 'late_cancel_fee',
        appointmentId: c.appointmentId,
        userId: c.accountId,
        patientId: card.patient_id,
        createdBy: c.createdBy,
        cardToken: card.token,
        saveCard: false,
        idempotencyKey: c.idempotencyKey,
        at: c.at,
      });
      if (charged.ok) feeStatus = 'charged';
    }
  }
  // A session cancelled in time owes nothing any more; a fee no card paid is owed.
  if (inTime) {
    await changeDue(tx, {
      appointmentId: c.appointmentId,
      accountId: c.accountId,
      cents: -(await dueCents(tx, c.appointmentId)),
      reason: 'cancelled in time',
      createdBy: c.createdBy,
      idempotencyKey: c.idempotencyKey,
      at: c.at,
    });
  }
  if (feeStatus === 'outstanding') {
    await changeDue(tx, {
      appointmentId: c.appointmentId,
      accountId: c.accountId,
      cents: feeCents,
      kind: 'fee',
      reason: 'late cancellation fee',
      createdBy: c.createdBy,
      idempotencyKey: c.idempotencyKey,
      at: c.at,
    });
  }
  return { feeStatus, feeCents, refundIds: refunds.filter((r) => !r.replayed).map((r) => r.refundId) };
}
