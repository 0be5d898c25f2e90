/**
 * The scheduling system's own payment service (product-spec §3 payment providers): the
 * practice's scheduling system takes the payment of a booking instead of the card gateway, while the
 * schedulingSystemPayment flag is on. An adapter interface - charge, refund, status - with two
 * implementations: an HTTP adapter when SCHEDULING_PAYMENT_URL (and its key) are set, else an offline
 * service in this process that takes every payment and keeps its own record (for tests, development
 * and the daily reconciliation). Nothing about care crosses: an amount, our order id and the account.
 */
import { randomUUID } from 'node:crypto';
import { constants } from '@/generated/constants';
import type { Clock } from '../clock';
import type { GatewayOutcome, GatewayRecordEntry, PaymentService } from './gateway';

export interface SchedulingChargeRequest {
  amountCents: number;
  /** our id of what is paid (the appointment), so the service can tell retries apart */
  orderId: string;
  /** our id of the paying account, the service's customer */
  accountId: string;
}

export interface SchedulingChargeStatus {
  transactionId: string;
  chargedCents: number;
  refundedCents: number;
}

export interface SchedulingPaymentService extends PaymentService {
  readonly name: 'scheduling_system';
  charge(request: SchedulingChargeRequest): Promise<GatewayOutcome<{ transactionId: string }>>;
  /** what a charge holds now, by the service's own books (undefined: it knows no such charge) */
  status(transactionId: string): Promise<SchedulingChargeStatus | undefined>;
}

/** The service takes a payment at once: there is nothing to void, only to refund (a "void" gives back all that is left). */
function voidByRefund(service: Pick<SchedulingPaymentService, 'status' | 'refund'>) {
  return async (transactionId: string): Promise<void> => {
    const status = await service.status(transactionId);
    const left = status ? status.chargedCents - status.refundedCents : 0;
    if (left <= 0) return;
    const refunded = await service.refund(transactionId, left);
    if (!refunded.ok) throw new Error(`the scheduling system refused to give back ${transactionId}`);
  };
}

/** The offline service: takes every payment, keeps its record in memory. */
export function offlineSchedulingPayments(clock: Clock): SchedulingPaymentService {
  const entries: GatewayRecordEntry[] = [];
  const charges = new Map<string, SchedulingChargeStatus>();
  const service: SchedulingPaymentService = {
    name: 'scheduling_system',
    async charge(request) {
      const transactionId = `sched_${randomUUID()}`;
      charges.set(transactionId, { transactionId, chargedCents: request.amountCents, refundedCents: 0 });
      entries.push({ at: clock.now().toISOString(), kind: 'charge', transactionId, chargeTransactionId: transactionId, amountCents: request.amountCents });
      return { ok: true, transactionId };
    },
    async status(transactionId) {
      const charge = charges.get(transactionId);
      return charge ? { ...charge } : undefined;
    },
    async refund(transactionId, amountCents) {
      const charge = charges.get(transactionId);
      if (!charge || amountCents <= 0 || charge.refundedCents + amountCents > charge.chargedCents) return { ok: false, reason: 'invalid' };
      charge.refundedCents += amountCents;
      const refundId = `sched_refund_${randomUUID()}`;
      entries.push({ at: clock.now().toISOString(), kind: 'refund', transactionId: refundId, chargeTransactionId: transactionId, amountCents: -amountCents });
      return { ok: true, refundId };
    },
    async settlement() {
      return 'settled';
    },
    void: async (transactionId) => voidByRefund(service)(transactionId),
    async record(from, to) {
      return entries.filter((e) => e.at >= from.toISOString() && e.at <= to.toISOString());
    },
  };
  return service;
}

/**
 * The practice's scheduling system over HTTP: POST {url}/charges, POST {url}/charges/{id}/refunds,
 * GET {url}/charges/{id}, with the API key as a bearer token. A refusal (4xx) is a decline; no
 * answer or a 5xx throws (the booking fails, and is voided if it was charged).
 */
export function httpSchedulingPayments(url: string, apiKey: string, fetchImpl: typeof fetch = fetch): SchedulingPaymentService {
  const base = url.replace(/\/+$/, '');
  const call = async (path: string, init?: { method: string; body: unknown }) => {
    const response = await fetchImpl(`${base}${path}`, {
      method: init?.method ?? 'GET',
      headers: { accept: 'application/json', authorization: `Bearer ${apiKey}`, ...(init ? { 'content-type': 'application/json' } : {}) },
      ...(init ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(constants.apiTimeoutMs),
    });
    if (response.status >= 500) throw new Error(`the scheduling system answered ${response.status}`);
    return { ok: response.ok, status: response.status, body: response.ok ? ((await response.json()) as Record<string, unknown>) : undefined };
  };
  const service: SchedulingPaymentService = {
    name: 'scheduling_system',
    async charge(request) {
      const answer = await call('/charges', {
        method: 'POST',
        body: { amountCents: request.amountCents, currency: constants.currency, orderId: request.orderId, customerId: request.accountId },
      });
      if (!answer.ok || typeof answer.body?.id !== 'string') return { ok: false, reason: 'declined' };
      return { ok: true, transactionId: answer.body.id };
    },
    async status(transactionId) {
      const answer = await call(`/charges/${encodeURIComponent(transactionId)}`);
      if (answer.status === 404 || !answer.body) return undefined;
      return { transactionId, chargedCents: Number(answer.body.amountCents ?? 0), refundedCents: Number(answer.body.refundedCents ?? 0) };
    },
    async refund(transactionId, amountCents) {
      const answer = await call(`/charges/${encodeURIComponent(transactionId)}/refunds`, { method: 'POST', body: { amountCents } });
      if (!answer.ok || typeof answer.body?.id !== 'string') return { ok: false, reason: 'declined' };
      return { ok: true, refundId: answer.body.id };
    },
    async settlement() {
      return 'settled';
    },
    void: async (transactionId) => voidByRefund(service)(transactionId),
  };
  return service;
}
