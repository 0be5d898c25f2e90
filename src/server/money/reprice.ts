/**
 * A self-pay session moved to a time with another price (the follow-up rate applies, or no longer
 * does): the difference is charged or given back, so the patient pays the new price exactly once.
 * More: charged to the card on file, else left due (POST /appointments/{id}/pay). Less: first off
 * what is still due, then given back from what was paid for the session - the charge at booking and
 * what was owed and paid later (a balance payment) alike, the newest first. A charge not yet settled
 * cannot be refunded in part, so it is voided whole and what it should keep is charged to the card on
 * file (or left due).
 */
import { sessionPayRate } from '@/domain/pay-rate';
import { isFollowUpWith } from '../booking/appointments';
import type { Queryable } from '../db/connection';
import { all, appointmentStart, first, qb, run, sql, type RowOf } from '../db/typed';
import { AppError } from '../errors';
import { dollarsToCents } from '@/domain/money';
import { chargeCard } from './charges';
import { changeDue, dueCents } from './ledger';
import { serviceNamed, type MoneyMove } from './move';
import { refundPayment, SESSION_PURPOSES } from './refunds';

/** The account's card on file that pays what is due: the default first, the holder's own before a dependant's. */
export async function cardOnFile(tx: Queryable, accountId: string): Promise<{ token: string; patient_id: string } | undefined> {
  const card = await first(
    tx,
    qb
      .selectFrom('patient_cards as c')
      .innerJoin('patients as p', 'p.id', 'c.patient_id')
      .select(['c.token', 'c.patient_id'])
      .where('c.user_id', '=', accountId)
      .where('c.removed_at', 'is', null)
      .orderBy('c.is_default', 'desc')
      .orderBy(sql`p.relationship <> 'Self'`)
      .orderBy('c.created_at', 'desc')
      .limit(1),
  );
  return card;
}

export interface RepriceCommand {
  appointmentId: string;
  accountId: string;
  patientId: string;
  oldPriceCents: number;
  newPriceCents: number;
  createdBy: string;
  /** one per move, so a retried move reprices once */
  idempotencyKey: string;
  /** when the move happened, by the app's clock */
  at: Date;
}

export interface RepriceOutcome {
  /** the change to what the appointment owes (added by the caller; negative when less is owed) */
  dueCents: number;
  /** refunds made now (not replayed), for the refund mails */
  refundIds: string[];
}

/** What was paid for the session and still holds money, the newest first. */
function heldCharges(appointmentId: string) {
  return qb
    .selectFrom('payments as pay')
    .select((eb) => [
      'pay.id',
      'pay.amount_cents',
      sql<string>`pay.transaction_id`.as('transaction_id'),
      'pay.gateway',
      eb
        .selectFrom('payments as r')
        .select(sql<string>`coalesce(sum(r.amount_cents), 0)`.as('refunded'))
        .whereRef('r.refund_of', '=', 'pay.id')
        .as('refunded_cents'),
    ])
    .where('pay.appointment_id', '=', appointmentId)
    .where('pay.purpose', '=', sql<string>`ANY(${SESSION_PURPOSES}::text[])`)
    .where('pay.refund_of', 'is', null)
    .where('pay.status', 'in', ['succeeded', 'partially_refunded'])
    .orderBy('pay.created_at', 'desc')
    .orderBy('pay.id');
}
type HeldCharge = RowOf<ReturnType<typeof heldCharges>>;

export async function repriceSession(tx: Queryable, move: MoneyMove, command: RepriceCommand): Promise<RepriceOutcome> {
  const difference = command.newPriceCents - command.oldPriceCents;
  const refundIds: string[] = [];
  if (difference === 0) return { dueCents: 0, refundIds };
  const charges = await all(tx, heldCharges(command.appointmentId));
  const chargeOnFile = async (amountCents: number): Promise<number> => {
    const card = await cardOnFile(tx, command.accountId);
    if (!card) return amountCents;
    const charged = await chargeCard(tx, move, {
      amountCents,
      purpose: 'session',
      appointmentId: command.appointmentId,
      userId: command.accountId,
      patientId: card.patient_id,
      createdBy: command.createdBy,
      cardToken: card.token,
      saveCard: false,
      idempotencyKey: command.idempotencyKey,
      at: command.at,
    });
    return charged.ok ? 0 : amountCents;
  };
  const giveBack = async (charge: HeldCharge, amountCents?: number) => {
    const outcome = await refundPayment(tx, move.services, {
      paymentId: charge.id,
      ...(amountCents === undefined ? {} : { amountCents }),
      reason: 'rescheduled at a lower price',
      idempotencyKey: command.idempotencyKey,
      createdBy: command.createdBy,
      at: command.at,
    });
    if (!outcome.replayed) refundIds.push(outcome.refundId);
  };
  if (difference > 0) {
    // Nothing was paid (card optional): the amount due follows the price.
    if (charges.length === 0) return { dueCents: difference, refundIds };
    return { dueCents: await chargeOnFile(difference), refundIds };
  }
  // Less: what is still owed goes down first, then what was paid goes back.
  const forgiven = Math.min(-difference, await dueCents(tx, command.appointmentId));
  let dueChange = -forgiven;
  let back = -difference - forgiven;
  for (const charge of charges) {
    if (back <= 0) break;
    const held = charge.amount_cents - Number(charge.refunded_cents);
    if (held <= 0) continue;
    if (back >= held) {
      // All of it goes back: a void before settlement, a refund after.
      await giveBack(charge);
      back -= held;
      continue;
    }
    const service = serviceNamed(move.services, charge.gateway);
    if (!service) throw new AppError('REFUND_NOT_POSSIBLE', { details: { reason: 'other-gateway' } });
    // A charge refunded in part before has settled (an unsettled one is only ever voided whole).
    const settled =
      Number(charge.refunded_cents) > 0 ||
      (await service.settlement(charge.transaction_id).catch((cause: unknown) => {
        throw new AppError('REFUND_FAILED', { cause });
      })) === 'settled';
    if (settled) {
      await giveBack(charge, back);
    } else {
      await giveBack(charge);
      dueChange += await chargeOnFile(held - back);
    }
    back = 0;
  }
  return { dueCents: dueChange, refundIds };
}

export interface MovedSession {
  appointmentId: string;
  accountId: string;
  providerId: string;
  /** when the session was before the move */
  previousStart: Date;
  /** one per move (the hold of the new time), so a retried move reprices once */
  idempotencyKey: string;
  createdBy: string;
  at: Date;
}

/**
 * A moved self-pay session keeps its payment; when the new time changes its price (the follow-up
 * rate applies, or no longer does) the difference is charged or given back, and what is left
 * unpaid is due. Runs inside the move's transaction, after the appointment has its new time.
 */
export async function repriceMovedSession(tx: Queryable, move: MoneyMove, session: MovedSession): Promise<{ priceChanged: boolean; refundIds: string[] }> {
  const unchanged = { priceChanged: false, refundIds: [] };
  const moved = await first(
    tx,
    qb
      .selectFrom('appointments as a')
      .innerJoin('providers as pr', 'pr.id', 'a.provider_id')
      .innerJoin('appointment_patients as ap', (join) => join.onRef('ap.appointment_id', '=', 'a.id').on('ap.position', '=', 0))
      .select([
        appointmentStart().as('start_at'),
        'a.price_cents',
        'ap.patient_id',
        sql<string | null>`pr.pay_individual::text`.as('pay_individual'),
        sql<string | null>`pr.pay_follow_up::text`.as('pay_follow_up'),
      ])
      .where('a.id', '=', session.appointmentId),
  );
  if (!moved || moved.price_cents === null) return unchanged;
  // The price rule read at the old time and at the new one (the same history): only a change the move makes is charged or given back.
  const rates = { individual: moved.pay_individual, follow_up: moved.pay_follow_up };
  const priceAt = async (start: Date) => {
    const isFollowUp = await isFollowUpWith(tx, moved.patient_id, session.providerId, start, session.appointmentId);
    const rate = sessionPayRate(rates, isFollowUp);
    return { isFollowUp, cents: rate === undefined ? undefined : dollarsToCents(rate) };
  };
  const [before, after] = [await priceAt(session.previousStart), await priceAt(new Date(moved.start_at))];
  if (before.cents === undefined || after.cents === undefined || before.cents === after.cents) return unchanged;
  const newPriceCents = Math.max(0, moved.price_cents + after.cents - before.cents);
  const { dueCents: dueChange, refundIds } = await repriceSession(tx, move, {
    appointmentId: session.appointmentId,
    accountId: session.accountId,
    patientId: moved.patient_id,
    oldPriceCents: moved.price_cents,
    newPriceCents,
    createdBy: session.createdBy,
    idempotencyKey: session.idempotencyKey,
    at: session.at,
  });
  await run(tx, qb.updateTable('appointments').set({ price_cents: newPriceCents, is_follow_up: after.isFollowUp }).where('id', '=', session.appointmentId));
  await changeDue(tx, {
    appointmentId: session.appointmentId,
    accountId: session.accountId,
    cents: dueChange,
    reason: 'rescheduled to another price',
    createdBy: session.createdBy,
    idempotencyKey: session.idempotencyKey,
    at: session.at,
  });
  return { priceChanged: newPriceCents !== moved.price_cents, refundIds };
}
