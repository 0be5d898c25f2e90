/**
 * Braintree through its server SDK: the browser tokenizes cards with hosted fields (braintree-web)
 * using the client token from here; the server charges nonces or vaulted payment methods with
 * submitForSettlement, vaults cards with verification, and voids a charge whose booking failed.
 */
import braintree from 'braintree';
import type { CardGateway, CardInfo, GatewayOutcome } from './gateway';

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
      const method = result.paymentMethod as unknown as BraintreeCard & { token: string };
      return { ok: true, token: method.token, card: cardOf(method) };
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
  };
}
