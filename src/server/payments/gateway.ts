/**
 * The card gateway (product-spec §3 payment providers, §7 payments): an interface with two
 * implementations - Braintree when BRAINTREE_* is configured, else the local test gateway. Only a
 * vault token, brand, last 4 and expiry ever reach our database; a card number or CVC never does.
 */
import { join } from 'node:path';
import type { Config } from '../config';
import { braintreeGateway } from './braintree-gateway';
import { localTestGateway } from './local-gateway';
import type { Clock } from '../clock';

export interface CardInfo {
  brand: string;
  last4: string;
  expirationMonth: number;
  expirationYear: number;
}

export type GatewayName = 'local' | 'braintree';

export type GatewayOutcome<T> = ({ ok: true } & T) | { ok: false; reason: 'declined' | 'invalid'; card?: CardInfo; message?: string };

export interface ChargeRequest {
  amountCents: number;
  /** a single-use nonce from tokenizing, or the vault token of a card on file */
  source: { nonce: string } | { token: string };
  /** our id of what is paid (appointment or payment), so the gateway can tell retries apart */
  orderId: string;
}

/** One movement in the gateway's own record: + taken, - given back (void or refund). */
export interface GatewayRecordEntry {
  at: string;
  kind: 'charge' | 'void' | 'refund';
  transactionId: string;
  /** the charge this movement belongs to (the charge itself for a charge) */
  chargeTransactionId: string;
  amountCents: number;
}

/**
 * What the money service needs of whoever took a payment to undo or give it back: the card gateway,
 * or the scheduling system's payment service (./scheduling-payments.ts).
 */
export interface PaymentService {
  readonly name: string;
  /** undoes an unsettled charge in full (nothing reaches the card statement); amountCents is what we charged, for the record */
  void(transactionId: string, amountCents?: number): Promise<void>;
  /** whether a charge has settled: before, it can be voided; after, only refunded */
  settlement(transactionId: string): Promise<'unsettled' | 'settled'>;
  /** gives back part or all of a settled charge: the service's id of the refund */
  refund(transactionId: string, amountCents: number): Promise<GatewayOutcome<{ refundId: string }>>;
  /** the service's own record of what moved in [from, to], which the daily reconciliation compares with the ledger; undefined when it keeps none we can read */
  record?(from: Date, to: Date): Promise<GatewayRecordEntry[]>;
}

export interface CardGateway extends PaymentService {
  readonly name: GatewayName;
  /** what the browser's card form needs (Braintree client token); undefined for the local gateway */
  clientToken(): Promise<string | undefined>;
  /** local test gateway only: card details to a nonce (with Braintree the browser's hosted fields do it) */
  tokenize?(card: { number: string; expiration: string; cvv: string }): GatewayOutcome<{ nonce: string; card: CardInfo }>;
  /** keeps the card of a nonce on file: the vault token */
  vault(nonce: string, customerId: string): Promise<GatewayOutcome<{ token: string; card: CardInfo }>>;
  charge(request: ChargeRequest): Promise<GatewayOutcome<{ transactionId: string; card: CardInfo }>>;
  /** undoes an unsettled charge in full (nothing reaches the card statement); amountCents is what we charged, for the record */
  void(transactionId: string, amountCents?: number): Promise<void>;
  /** whether a charge has settled: before, it can be voided; after, only refunded */
  settlement(transactionId: string): Promise<'unsettled' | 'settled'>;
  /** gives back part or all of a settled charge: the gateway's id of the refund */
  refund(transactionId: string, amountCents: number): Promise<GatewayOutcome<{ refundId: string }>>;
  /** the gateway's own record of what moved in [from, to], which the daily reconciliation compares with the ledger; undefined when the gateway keeps none we can read */
  record?(from: Date, to: Date): Promise<GatewayRecordEntry[]>;
}

export function cardGatewayFor(config: Config, secret: Buffer, clock: Clock): CardGateway {
  if (config.braintreeMerchantId && config.braintreePublicKey && config.braintreePrivateKey) {
    return braintreeGateway({
      merchantId: config.braintreeMerchantId,
      publicKey: config.braintreePublicKey,
      privateKey: config.braintreePrivateKey,
      environment: config.braintreeEnvironment,
    });
  }
  // The local gateway keeps its record in a file beside the embedded database, so it outlives a restart (tests keep it in memory).
  const recordFile = config.nodeEnv !== 'test' && !config.dataDir.startsWith('memory://') ? join(config.dataDir, 'local-gateway-record.jsonl') : undefined;
  return localTestGateway(secret, clock, config.localGatewaySettleSeconds, recordFile);
}
