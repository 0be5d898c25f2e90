/**
 * The one protocol every movement of money follows: a piece of work - a booking, a
 * rebooking, a move to another time, a cancellation with its fee or refund, paying what is due, a
 * staff refund - runs as one MoneyMove. The charge functions of this folder write into it what they
 * did; when the work is over, `close` undoes and keeps what must be:
 *   - a charge the gateway took for work that then failed is voided (a void that fails is logged as
 *     an error with the transaction id only - no names, no amounts of care - for a refund by hand);
 *   - a declined charge is kept as a failed payment of the purpose it was for (a session, a
 *     late-cancellation fee, a balance), naming its appointment only when that still exists.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Queryable } from '../db/connection';
import type { CardGateway, CardInfo, PaymentService } from '../payments/gateway';
import type { SchedulingPaymentService } from '../payments/scheduling-payments';
import { recordFailedPayment, type ChargeCommand } from './charges';
import { isMessageKey } from '@/domain/messages';
import { taskText, type TaskTextValue } from '@/domain/task-text';
import { createTask, systemRequest } from '../tasks/service';

/** Who can take a payment: the card gateway, and the scheduling system's own payment service. */
export interface PaymentServices {
  card: CardGateway;
  scheduling: SchedulingPaymentService;
}

export function paymentServicesOf(app: FastifyInstance): PaymentServices {
  return { card: app.cardGateway, scheduling: app.schedulingPayments };
}

/** The service a payment row names in its gateway column (undefined: one this app does not have). */
export function serviceNamed(services: PaymentServices, name: string): PaymentService | undefined {
  return [services.card, services.scheduling].find((s) => s.name === name);
}

export interface DeclinedCharge {
  service: PaymentService;
  command: ChargeCommand;
  reason: 'declined' | 'invalid';
  card?: CardInfo;
}

export class MoneyMove {
  /** the charge this work took (the service and its id): voided when the work fails */
  private taken?: { service: PaymentService; transactionId: string };
  readonly declined: DeclinedCharge[] = [];

  constructor(
    readonly services: PaymentServices,
    private readonly db: Queryable,
    private readonly log: FastifyBaseLogger,
    /** what the work is, for the log: 'booking', 'cancellation fee', ... */
    readonly what: string,
    /** told when a charge of failed work could not be voided: money taken for nothing, a person must give it back */
    private readonly onVoidFailed?: (failed: { transactionId: string; gateway: string; what: string }) => Promise<void>,
  ) {}

  /** the card gateway */
  get gateway(): CardGateway {
    return this.services.card;
  }

  /** A service took a charge for this work (set the moment it did). */
  took(service: PaymentService, transactionId: string): void {
    this.taken = { service, transactionId };
  }

  /** Ends the move: with the work's error, voids what it charged; either way keeps the declined charges. */
  async close(error?: unknown): Promise<void> {
    const taken = this.taken;
    this.taken = undefined;
    if (error !== undefined && taken) {
      const { service, transactionId } = taken;
      const voided = await service.void(transactionId).then(
        () => true,
        (err: unknown) => {
          this.log.error({ err, transactionId, gateway: service.name }, `voiding the charge of a failed ${this.what} failed`);
          return false;
        },
      );
      if (!voided && this.onVoidFailed) {
        await this.onVoidFailed({ transactionId, gateway: service.name, what: this.what }).catch((err: unknown) =>
          this.log.error({ err, transactionId }, 'raising the red alert for a charge not voided failed'),
        );
      }
    }
    for (const d of this.declined.splice(0)) {
      await recordFailedPayment(this.db, {
        amountCents: d.command.amountCents,
        purpose: d.command.purpose,
        userId: d.command.userId,
        createdBy: d.command.createdBy,
        card: d.card,
        reason: d.reason,
        idempotencyKey: d.command.idempotencyKey,
        appointmentId: d.command.appointmentId,
        gateway: d.service.name,
        provider: d.service.name === 'scheduling_system' ? 'scheduling_system' : 'card_gateway',
        at: d.command.at,
      }).catch((err: unknown) => this.log.warn({ err, gateway: d.service.name }, `keeping the declined charge of a ${this.what} failed`));
    }
  }
}

/** A move on the app's card gateway and database. */
export function startMove(app: FastifyInstance, log: FastifyBaseLogger, what: string): MoneyMove {
  return new MoneyMove(paymentServicesOf(app), app.database, log, what, (failed) => raiseChargeNotVoidedAlert(app, failed));
}

/**
 * A red alert ("bookings whose payment failed after commit"): the gateway took a
 * charge for work that then failed, and would not void it. The alert names the transaction and the
 * gateway only, so support refunds it by hand.
 */
export async function raiseChargeNotVoidedAlert(app: FastifyInstance, failed: { transactionId: string; gateway: string; what: string }): Promise<void> {
  await createTask(systemRequest(app), {
    kind: 'red_alert',
    subject: { type: 'payment_transaction', id: failed.transactionId },
    priority: 'asap',
    reason: taskText('task.redAlert.chargeNotVoided', {
      what: moveName(failed.what),
      gateway: failed.gateway,
      transactionId: failed.transactionId,
    }),
    details: { source: 'payment', gateway: failed.gateway },
  });
}

/** The work of a move as staff read it ('cancellation fee': task.redAlert.move.cancellationFee), else its own words. */
function moveName(what: string): TaskTextValue {
  const key = `task.redAlert.move.${what.replace(/\s+([a-z])/g, (_m, c: string) => c.toUpperCase())}`;
  return isMessageKey(key) ? { message: key } : what;
}

/** Runs work as one move: closed after it, with its error when it fails (then rethrown). */
export async function withMove<T>(app: FastifyInstance, log: FastifyBaseLogger, what: string, work: (move: MoneyMove) => Promise<T>): Promise<T> {
  const move = startMove(app, log, what);
  let result: T;
  try {
    result = await work(move);
  } catch (error) {
    await move.close(error);
    throw error;
  }
  await move.close();
  return result;
}
