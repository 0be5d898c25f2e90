/**
 * Charging a card inside the caller's transaction: keep the card on file when asked (vault), charge
 * it, and record the payment (status succeeded; brand and last 4 only). Each charge is part of a
 * MoneyMove (./move.ts): the charge taken is written into it (voided if the work fails), and a
 * declined charge records nothing here - the transaction it belongs to rolls back - but is kept by
 * the move as a failed payment afterwards.
 */
import { constants } from '@/generated/constants';
import type { Queryable } from '../db/connection';
import { first, qb, run, sql } from '../db/typed';
import { AppError } from '../errors';
import type { CardGateway, CardInfo, PaymentService } from '../payments/gateway';
import { appendLedger } from './ledger';
import type { MoneyMove } from './move';

export interface ChargeCommand {
  amountCents: number;
  purpose: 'session' | 'late_cancel_fee' | 'balance';
  appointmentId: string;
  userId: string;
  patientId: string;
  createdBy: string;
  nonce?: string;
  cardToken?: string;
  saveCard: boolean;
  idempotencyKey?: string;
  /** pays what the appointment owes (the ledger's due goes down by the amount) */
  paysDue?: boolean;
  /** when the money moved, by the app's clock (billing ranges read the same clock) */
  at: Date;
  /** who takes it: the card gateway (default), or the scheduling system's own payment service (no card) */
  provider?: 'card_gateway' | 'scheduling_system';
}

export type ChargeOutcome =
  { ok: true; transactionId: string; paymentId: string; card: CardInfo } | { ok: false; reason: 'declined' | 'invalid'; card?: CardInfo };

export async function saveCard(tx: Queryable, gateway: CardGateway, nonce: string, patientId: string, userId: string, makeDefault: boolean) {
  const vaulted = await gateway.vault(nonce, userId);
  if (!vaulted.ok) return vaulted;
  return storeVaultedCard(tx, gateway, vaulted, patientId, userId, makeDefault);
}

/** Records a card the gateway has already kept on file (its vault token, brand and last 4). */
export async function storeVaultedCard(tx: Queryable, gateway: CardGateway, vaulted: VaultedCard, patientId: string, userId: string, makeDefault: boolean) {
  const { has_default } = (await first(
    tx,
    qb.selectNoFrom((eb) =>
      eb
        .exists(
          eb
            .selectFrom('patient_cards')
            .select(sql`1`.as('one'))
            .where('patient_id', '=', patientId)
            .where('is_default', '=', true)
            .where('removed_at', 'is', null),
        )
        .as('has_default'),
    ),
  )) ?? { has_default: false };
  const isDefault = makeDefault || !has_default;
  if (isDefault && has_default)
    await run(tx, qb.updateTable('patient_cards').set({ is_default: false }).where('patient_id', '=', patientId).where('is_default', '=', true));
  const card = await first(
    tx,
    qb
      .insertInto('patient_cards')
      .values({
        patient_id: patientId,
        user_id: userId,
        gateway: gateway.name,
        token: vaulted.token,
        brand: vaulted.card.brand,
        last4: vaulted.card.last4,
        expiration_month: vaulted.card.expirationMonth,
        expiration_year: vaulted.card.expirationYear,
        is_default: isDefault,
      })
      .returning('id'),
  );
  return { ok: true as const, cardId: card!.id, token: vaulted.token, card: vaulted.card };
}

interface VaultedCard {
  token: string;
  card: CardInfo;
}

/** A charge the gateway took outside any transaction, to be recorded by recordTakenCharge in the commit. */
export type TakenCharge =
  { ok: true; transactionId: string; card?: CardInfo; vaulted?: VaultedCard } | { ok: false; reason: 'declined' | 'invalid'; card?: CardInfo };

/**
 * Charges the card with no transaction open and no lock held (a slow gateway stalls nobody else):
 * keeps the card on file first when asked. The caller records it with recordTakenCharge in one short
 * transaction; the move voids it when that transaction fails.
 */
export async function takeCharge(move: MoneyMove, command: ChargeCommand): Promise<TakenCharge> {
  if (command.provider === 'scheduling_system') {
    const service = move.services.scheduling;
    const result = await service.charge({ amountCents: command.amountCents, orderId: command.appointmentId, accountId: command.userId });
    if (!result.ok) return declined(move, command, result.reason, undefined, service);
    move.took(service, result.transactionId);
    return { ok: true, transactionId: result.transactionId };
  }
  const { gateway } = move;
  let token = command.cardToken;
  let vaulted: VaultedCard | undefined;
  if (!token && command.nonce && command.saveCard) {
    const saved = await gateway.vault(command.nonce, command.userId);
    if (!saved.ok) return declined(move, command, saved.reason, saved.card);
    vaulted = { token: saved.token, card: saved.card };
    token = saved.token;
  }
  if (!token && !command.nonce) throw new AppError('CARD_REQUIRED');
  const result = await gateway.charge({
    amountCents: command.amountCents,
    source: token ? { token } : { nonce: command.nonce! },
    orderId: command.appointmentId,
  });
  if (!result.ok) return declined(move, command, result.reason, result.card);
  move.took(gateway, result.transactionId);
  return { ok: true, transactionId: result.transactionId, card: result.card, ...(vaulted ? { vaulted } : {}) };
}

/** Records a taken charge inside the commit: the card kept on file (when asked) and the succeeded payment. */
export async function recordTakenCharge(tx: Queryable, move: MoneyMove, command: ChargeCommand, taken: Extract<TakenCharge, { ok: true }>): Promise<string> {
  if (taken.vaulted) await storeVaultedCard(tx, move.gateway, taken.vaulted, command.patientId, command.userId, false);
  const service = command.provider === 'scheduling_system' ? move.services.scheduling : move.gateway;
  return insertPayment(tx, service, command, taken.transactionId, taken.card);
}

async function insertPayment(
  tx: Queryable,
  gateway: { name: string },
  command: ChargeCommand,
  transactionId: string,
  card: CardInfo | undefined,
): Promise<string> {
  const payment = await first(
    tx,
    qb
      .insertInto('payments')
      .values({
        appointment_id: command.appointmentId,
        user_id: command.userId,
        patient_id: command.patientId,
        status: 'succeeded',
        provider: command.provider ?? 'card_gateway',
        purpose: command.purpose,
        amount_cents: command.amountCents,
        currency: constants.currency,
        gateway: gateway.name,
        transaction_id: transactionId,
        card_brand: card?.brand ?? null,
        card_last4: card?.last4 ?? null,
        idempotency_key: command.idempotencyKey ?? null,
        created_by: command.createdBy,
        created_at: command.at.toISOString(),
      })
      .returning('id'),
  );
  await appendLedger(tx, {
    kind: command.paysDue ? 'due_payment' : command.purpose === 'late_cancel_fee' ? 'fee' : 'charge',
    accountId: command.userId,
    appointmentId: command.appointmentId,
    paymentId: payment!.id,
    gateway: gateway.name,
    transactionId,
    gatewayCents: command.amountCents,
    dueCents: command.paysDue ? -command.amountCents : 0,
    idempotencyKey: command.idempotencyKey,
    createdBy: command.createdBy,
    at: command.at,
  });
  return payment!.id;
}

/** A declined charge: the move keeps it as a failed payment of its purpose when the work is over. */
function declined(
  move: MoneyMove,
  command: ChargeCommand,
  reason: 'declined' | 'invalid',
  card?: CardInfo,
  service: PaymentService = move.gateway,
): { ok: false; reason: 'declined' | 'invalid'; card?: CardInfo } {
  move.declined.push({ service, command, reason, card });
  return { ok: false, reason, card };
}

/** Charges a card inside the caller's transaction and records the payment there. */
export async function chargeCard(tx: Queryable, move: MoneyMove, command: ChargeCommand): Promise<ChargeOutcome> {
  const { gateway } = move;
  let token = command.cardToken;
  if (!token && command.nonce && command.saveCard) {
    const saved = await saveCard(tx, gateway, command.nonce, command.patientId, command.userId, false);
    if (!saved.ok) return declined(move, command, saved.reason, saved.card);
    token = saved.token;
  }
  if (!token && !command.nonce) throw new AppError('CARD_REQUIRED');
  const result = await gateway.charge({
    amountCents: command.amountCents,
    source: token ? { token } : { nonce: command.nonce! },
    orderId: command.appointmentId,
  });
  if (!result.ok) return declined(move, command, result.reason, result.card);
  move.took(gateway, result.transactionId);
  const paymentId = await insertPayment(tx, gateway, command, result.transactionId, result.card);
  return { ok: true, transactionId: result.transactionId, paymentId, card: result.card };
}

/** A declined charge, kept after its transaction rolled back (appointment only when it still exists): MoneyMove.close. */
export async function recordFailedPayment(
  db: Queryable,
  p: {
    amountCents: number;
    purpose: ChargeCommand['purpose'];
    userId: string;
    createdBy: string;
    card?: CardInfo;
    reason: string;
    idempotencyKey?: string;
    appointmentId?: string;
    gateway?: string;
    provider?: 'card_gateway' | 'scheduling_system';
    at: Date;
  },
): Promise<string | undefined> {
  const row = await first(
    db,
    qb
      .insertInto('payments')
      .values({
        appointment_id: qb
          .selectFrom('appointments')
          .select('id')
          .where('id', '=', sql<string>`${p.appointmentId ?? null}::uuid`),
        user_id: p.userId,
        status: 'failed',
        provider: p.provider ?? 'card_gateway',
        purpose: p.purpose,
        amount_cents: p.amountCents,
        currency: constants.currency,
        gateway: p.gateway ?? 'local',
        card_brand: p.card?.brand ?? null,
        card_last4: p.card?.last4 ?? null,
        failure_reason: p.reason,
        idempotency_key: p.idempotencyKey ?? null,
        created_by: p.createdBy,
        created_at: p.at.toISOString(),
      })
      .returning('id'),
  );
  return row?.id;
}
