/**
 * Charging a card inside the caller's transaction: keep the card on file when asked (vault), charge
 * it, and record the payment (status succeeded; brand and last 4 only). A declined charge records
 * nothing here - the transaction it belongs to rolls back - and recordFailedPayment keeps the
 * failure afterwards.
 */
import { constants } from '../../generated/constants';
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';
import type { CardGateway, CardInfo } from '../payments/gateway';
import { appendLedger } from './ledger';

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
}

export type ChargeOutcome =
  | { ok: true; transactionId: string; paymentId: string; card: CardInfo }
  | { ok: false; reason: 'declined' | 'invalid'; card?: CardInfo };

export async function saveCard(tx: Queryable, gateway: CardGateway, nonce: string, patientId: string, userId: string, makeDefault: boolean) {
  const vaulted = await gateway.vault(nonce, userId);
  if (!vaulted.ok) return vaulted;
  return storeVaultedCard(tx, gateway, vaulted, patientId, userId, makeDefault);
}

/** Records a card the gateway has already kept on file (its vault token, brand and last 4). */
export async function storeVaultedCard(tx: Queryable, gateway: CardGateway, vaulted: VaultedCard, patientId: string, userId: string, makeDefault: boolean) {
  const [{ has_default } = { has_default: false }] = await tx.query<{ has_default: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM patient_cards WHERE patient_id = $1 AND is_default AND removed_at IS NULL) AS has_default', [patientId],
  );
  const isDefault = makeDefault || !has_default;
  if (isDefault && has_default) await tx.query('UPDATE patient_cards SET is_default = false WHERE patient_id = $1 AND is_default', [patientId]);
  const [card] = await tx.query<{ id: string }>(
    `INSERT INTO patient_cards (patient_id, user_id, gateway, token, brand, last4, expiration_month, expiration_year, is_default)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [patientId, userId, gateway.name, vaulted.token, vaulted.card.brand, vaulted.card.last4, vaulted.card.expirationMonth, vaulted.card.expirationYear, isDefault],
  );
  return { ok: true as const, cardId: card!.id, token: vaulted.token, card: vaulted.card };
}

interface VaultedCard {
  token: string;
  card: CardInfo;
}

/** A charge the gateway took outside any transaction, to be recorded by recordTakenCharge in the commit. */
export type TakenCharge =
  | { ok: true; transactionId: string; card: CardInfo; vaulted?: VaultedCard }
  | { ok: false; reason: 'declined' | 'invalid'; card?: CardInfo };

/**
 * Charges the card with no transaction open and no lock held (a slow gateway stalls nobody else):
 * keeps the card on file first when asked. The caller records it with recordTakenCharge in one short
 * transaction, and voids it (ledger.transactionId) when that transaction fails.
 */
export async function takeCharge(gateway: CardGateway, command: ChargeCommand, ledger: ChargeLedger): Promise<TakenCharge> {
  let token = command.cardToken;
  let vaulted: VaultedCard | undefined;
  if (!token && command.nonce && command.saveCard) {
    const saved = await gateway.vault(command.nonce, command.userId);
    if (!saved.ok) return { ok: false, reason: saved.reason, card: saved.card };
    vaulted = { token: saved.token, card: saved.card };
    token = saved.token;
  }
  if (!token && !command.nonce) throw new AppError('CARD_REQUIRED');
  const result = await gateway.charge({ amountCents: command.amountCents, source: token ? { token } : { nonce: command.nonce! }, orderId: command.appointmentId });
  if (!result.ok) return { ok: false, reason: result.reason, card: result.card };
  ledger.transactionId = result.transactionId;
  return { ok: true, transactionId: result.transactionId, card: result.card, ...(vaulted ? { vaulted } : {}) };
}

/** Records a taken charge inside the commit: the card kept on file (when asked) and the succeeded payment. */
export async function recordTakenCharge(tx: Queryable, gateway: CardGateway, command: ChargeCommand, taken: Extract<TakenCharge, { ok: true }>): Promise<string> {
  if (taken.vaulted) await storeVaultedCard(tx, gateway, taken.vaulted, command.patientId, command.userId, false);
  return insertPayment(tx, gateway, command, taken.transactionId, taken.card);
}

async function insertPayment(tx: Queryable, gateway: CardGateway, command: ChargeCommand, transactionId: string, card: CardInfo): Promise<string> {
  const [payment] = await tx.query<{ id: string }>(
    `INSERT INTO payments (appointment_id, user_id, patient_id, status, provider, purpose, amount_cents, currency, gateway, transaction_id,
                           card_brand, card_last4, idempotency_key, created_by, created_at)
     VALUES ($1, $2, $3, 'succeeded', 'card_gateway', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [command.appointmentId, command.userId, command.patientId, command.purpose, command.amountCents, constants.currency, gateway.name,
      transactionId, card.brand, card.last4, command.idempotencyKey ?? null, command.createdBy, command.at.toISOString()],
  );
  await appendLedger(tx, {
    kind: command.paysDue ? 'due_payment' : command.purpose === 'late_cancel_fee' ? 'fee' : 'charge',
    accountId: command.userId, appointmentId: command.appointmentId, paymentId: payment!.id, gateway: gateway.name, transactionId,
    gatewayCents: command.amountCents, dueCents: command.paysDue ? -command.amountCents : 0, idempotencyKey: command.idempotencyKey, createdBy: command.createdBy, at: command.at,
  });
  return payment!.id;
}

/** What a caller must undo when its transaction fails after the charge: set the moment the gateway charged. */
export interface ChargeLedger {
  transactionId?: string;
}

export async function chargeCard(tx: Queryable, gateway: CardGateway, command: ChargeCommand, ledger: ChargeLedger): Promise<ChargeOutcome> {
  let token = command.cardToken;
  if (!token && command.nonce && command.saveCard) {
    const saved = await saveCard(tx, gateway, command.nonce, command.patientId, command.userId, false);
    if (!saved.ok) return { ok: false, reason: saved.reason, card: saved.card };
    token = saved.token;
  }
  if (!token && !command.nonce) throw new AppError('CARD_REQUIRED');
  const result = await gateway.charge({
    amountCents: command.amountCents,
    source: token ? { token } : { nonce: command.nonce! },
    orderId: command.appointmentId,
  });
  if (!result.ok) return { ok: false, reason: result.reason, card: result.card };
  ledger.transactionId = result.transactionId;
  const paymentId = await insertPayment(tx, gateway, command, result.transactionId, result.card);
  return { ok: true, transactionId: result.transactionId, paymentId, card: result.card };
}

/** A declined charge, kept after its transaction rolled back (appointment only when it still exists). */
export async function recordFailedPayment(
  db: Queryable,
  p: { amountCents: number; purpose: ChargeCommand['purpose']; userId: string; createdBy: string; card?: CardInfo; reason: string; idempotencyKey?: string; appointmentId?: string; gateway?: string; at: Date },
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO payments (appointment_id, user_id, status, provider, purpose, amount_cents, currency, gateway, card_brand, card_last4, failure_reason, idempotency_key, created_by, created_at)
     VALUES ($1, $2, 'failed', 'card_gateway', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [p.appointmentId ?? null, p.userId, p.purpose, p.amountCents, constants.currency, p.gateway ?? 'local', p.card?.brand ?? null, p.card?.last4 ?? null, p.reason, p.idempotencyKey ?? null, p.createdBy, p.at.toISOString()],
  );
  return row?.id;
}
