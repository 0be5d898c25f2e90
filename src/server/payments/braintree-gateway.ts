/**
 * Braintree through its server SDK: the browser tokenizes cards with hosted fields (braintree-web)
 * using the client token from here; the server charges nonces or vaulted payment methods with
 * submitForSettlement, vaults cards with verification, and voids a charge whose booking failed.
 * Its record for the daily reconciliation is read with the transaction search API.
 */
import type { Readable } from 'node:stream';
import braintree from 'braintree';
import { parseDollars } from '@/domain/money';
import type { CardGateway, CardInfo, GatewayOutcome, GatewayRecordEntry } from './gateway';

export interface BraintreeSettings {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  environment: 'sandbox' | 'production';
}

interface BraintreeCard {
  cardType?: string;
  last4?: string;
  expirationMonth?: string;
  expirationYear?: string;
}

function cardOf(card: BraintreeCard | undefined): CardInfo {
  return {
    brand: card?.cardType ?? 'Card',
    last4: card?.last4 ?? '0000',
    expirationMonth: Number(card?.expirationMonth ?? 1),
    expirationYear: Number(card?.expirationYear ?? 2000),
  };
}

/** What the record needs of a Braintree transaction (a sale, or a credit: a refund of a sale). */
export interface BraintreeTransactionSummary {
  id: string;
  type: string;
  status: string;
  amount: string;
  createdAt: string;
  refundedTransactionId?: string;
  statusHistory?: { status: string; timestamp: string }[];
}

/** Sales that never took money: declined, rejected or failed before authorizing. */
const NEVER_TOOK_MONEY = new Set(['failed', 'gateway_rejected', 'processor_declined', 'authorizing']);

/**
 * Braintree's transactions as the gateway's record of [from, to], in the shape the reconciliation
 * compares with the ledger: a sale taken in the window (+), a credit given in it (-), a sale voided in
 * it (-, dated when it was voided: a sale made before the window can be voided inside it).
 */
export function braintreeRecordEntries(transactions: readonly BraintreeTransactionSummary[], from: Date, to: Date): GatewayRecordEntry[] {
  const within = (at: string) => {
    const time = new Date(at).getTime();
    return time >= from.getTime() && time <= to.getTime();
  };
  const entries = new Map<string, GatewayRecordEntry>();
  for (const t of transactions) {
    const cents = parseDollars(t.amount);
    if (cents === undefined) throw new Error(`Braintree transaction ${t.id} has an amount that is not money`);
    if (t.type === 'credit') {
      if (within(t.createdAt) && !NEVER_TOOK_MONEY.has(t.status) && t.status !== 'voided' && t.refundedTransactionId) {
        entries.set(`refund:${t.id}`, {
          at: new Date(t.createdAt).toISOString(),
          kind: 'refund',
          transactionId: t.id,
          chargeTransactionId: t.refundedTransactionId,
          amountCents: -cents,
        });
      }
      continue;
    }
    if (t.type !== 'sale' || NEVER_TOOK_MONEY.has(t.status)) continue;
    if (within(t.createdAt)) {
      entries.set(`charge:${t.id}`, {
        at: new Date(t.createdAt).toISOString(),
        kind: 'charge',
        transactionId: t.id,
        chargeTransactionId: t.id,
        amountCents: cents,
      });
    }
    const voided = t.status === 'voided' ? (t.statusHistory?.find((h) => h.status === 'voided')?.timestamp ?? t.createdAt) : undefined;
    if (voided && within(voided)) {
      entries.set(`void:${t.id}`, { at: new Date(voided).toISOString(), kind: 'void', transactionId: t.id, chargeTransactionId: t.id, amountCents: -cents });
    }
  }
  return [...entries.values()].sort((a, b) => a.at.localeCompare(b.at) || a.transactionId.localeCompare(b.transactionId));
}

async function collect(stream: Readable): Promise<BraintreeTransactionSummary[]> {
  const found: BraintreeTransactionSummary[] = [];
  for await (const transaction of stream) found.push(transaction as BraintreeTransactionSummary);
  return found;
}

export function braintreeGateway(settings: BraintreeSettings): CardGateway {
  const gateway = new braintree.BraintreeGateway({
    environment: settings.environment === 'production' ? braintree.Environment.Production : braintree.Environment.Sandbox,
    merchantId: settings.merchantId,
    publicKey: settings.publicKey,
    privateKey: settings.privateKey,
  });
  return {
    name: 'braintree',
    async clientToken() {
      const response = await gateway.clientToken.generate({});
      return response.clientToken;
    },
    async vault(nonce, customerId): Promise<GatewayOutcome<{ token: string; card: CardInfo }>> {
      const customer = await gateway.customer.find(customerId).catch(() => undefined);
      if (!customer) await gateway.customer.create({ id: customerId });
      const result = await gateway.paymentMethod.create({ customerId, paymentMethodNonce: nonce, options: { verifyCard: true } });
      if (!result.success) return { ok: false, reason: 'declined', message: result.message };
      const method: braintree.PaymentMethod = result.paymentMethod;
      // A vaulted card (or wallet card) names its brand and last digits; an account (PayPal, Venmo) names none.
      return { ok: true, token: method.token, card: cardOf('last4' in method ? method : undefined) };
    },
    async charge(request) {
      const amount = (request.amountCents / 100).toFixed(2);
      const source = 'nonce' in request.source ? { paymentMethodNonce: request.source.nonce } : { paymentMethodToken: request.source.token };
      const result = await gateway.transaction.sale({ amount, orderId: request.orderId, ...source, options: { submitForSettlement: true } });
      if (!result.success || !result.transaction) return { ok: false, reason: 'declined', message: result.message };
      return { ok: true, transactionId: result.transaction.id, card: cardOf(result.transaction.creditCard as BraintreeCard | undefined) };
    },
    async void(transactionId) {
      const result = await gateway.transaction.void(transactionId);
      if (!result.success) throw new Error(`Braintree void refused: ${result.message}`);
    },
    async settlement(transactionId) {
      const transaction = await gateway.transaction.find(transactionId);
      // Authorized or submitted for settlement can still be voided; settling and settled only refunded.
      return transaction.status === 'settled' || transaction.status === 'settling' ? 'settled' : 'unsettled';
    },
    async refund(transactionId, amountCents) {
      const result = await gateway.transaction.refund(transactionId, (amountCents / 100).toFixed(2));
      if (!result.success || !result.transaction) return { ok: false, reason: 'declined', message: result.message };
      return { ok: true, refundId: result.transaction.id };
    },
    async record(from, to) {
      // Two searches: what was created in the window (sales and credits) and what was voided in it.
      const [created, voided] = await Promise.all([
        collect(gateway.transaction.search((search) => search.createdAt().between(from, to))),
        collect(gateway.transaction.search((search) => search.voidedAt().between(from, to))),
      ]);
      return braintreeRecordEntries([...created, ...voided], from, to);
    },
  };
}
