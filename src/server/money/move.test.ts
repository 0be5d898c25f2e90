import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/connection';
import type { CardGateway } from '../payments/gateway';
import type { ChargeCommand } from './charges';
import { MoneyMove, type PaymentServices } from './move';

function logSpy() {
  const errors: { fields: Record<string, unknown>; text: string }[] = [];
  const warnings: { fields: Record<string, unknown>; text: string }[] = [];
  const log = {
    error: (fields: Record<string, unknown>, text: string) => errors.push({ fields, text }),
    warn: (fields: Record<string, unknown>, text: string) => warnings.push({ fields, text }),
  } as unknown as FastifyBaseLogger;
  return { log, errors, warnings };
}

const gatewayWhoseVoid = (outcome: () => Promise<void>): CardGateway => ({ name: 'local', void: outcome }) as unknown as CardGateway;
const servicesOf = (card: CardGateway) => ({ card }) as unknown as PaymentServices;

/** A database that keeps what was inserted (the failed payments a move records). */
function recordingDb() {
  const inserts: unknown[][] = [];
  const db = {
    query: async (_sql: string, params: unknown[]) => {
      inserts.push(params);
      return [{ id: 'p1' }];
    },
  } as unknown as Queryable;
  return { db, inserts };
}

const fee: ChargeCommand = {
  amountCents: 7500,
  purpose: 'late_cancel_fee',
  appointmentId: '00000000-0000-4000-8000-000000000001',
  userId: 'u1',
  patientId: 'p1',
  createdBy: 'u1',
  saveCard: false,
  at: new Date('2026-01-05T10:00:00Z'),
};

describe('MoneyMove', () => {
  it('voids the charge of failed work and logs a void the gateway refused, naming the transaction and what failed, and nothing about the patient', async () => {
    const { log, errors } = logSpy();
    const gateway = gatewayWhoseVoid(() => Promise.reject(new Error('gateway down')));
    const move = new MoneyMove(servicesOf(gateway), recordingDb().db, log, 'cancellation fee');
    move.took(gateway, 'txn_local_1_x');
    await move.close(new Error('commit failed'));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.text).toBe('voiding the charge of a failed cancellation fee failed');
    expect(Object.keys(errors[0]!.fields).sort()).toEqual(['err', 'gateway', 'transactionId']);
    expect(errors[0]!.fields.transactionId).toBe('txn_local_1_x');
  });

  it('tells whoever raises red alerts about a charge it could not void, and only then', async () => {
    const { log } = logSpy();
    const told: unknown[] = [];
    const refused = gatewayWhoseVoid(() => Promise.reject(new Error('gateway down')));
    const move = new MoneyMove(servicesOf(refused), recordingDb().db, log, 'booking', async (failed) => void told.push(failed));
    move.took(refused, 'txn_local_2_x');
    await move.close(new Error('commit failed'));
    expect(told).toEqual([{ transactionId: 'txn_local_2_x', gateway: 'local', what: 'booking' }]);

    const accepted = gatewayWhoseVoid(async () => undefined);
    const fine = new MoneyMove(servicesOf(accepted), recordingDb().db, log, 'booking', async (failed) => void told.push(failed));
    fine.took(accepted, 'txn_local_3_x');
    await fine.close(new Error('commit failed'));
    expect(told).toHaveLength(1);
  });

  it('voids nothing when the work succeeded or charged nothing, and logs nothing when the void went through', async () => {
    const { log, errors } = logSpy();
    let voids = 0;
    const gateway = gatewayWhoseVoid(async () => {
      voids += 1;
    });
    const done = new MoneyMove(servicesOf(gateway), recordingDb().db, log, 'booking');
    done.took(gateway, 'txn_local_1_x');
    await done.close();
    await new MoneyMove(servicesOf(gateway), recordingDb().db, log, 'booking').close(new Error('failed'));
    const failed = new MoneyMove(servicesOf(gateway), recordingDb().db, log, 'booking');
    failed.took(gateway, 'txn_local_2_x');
    await failed.close(new Error('failed'));
    expect(voids).toBe(1);
    expect(errors).toEqual([]);
  });

  it('keeps a declined charge as a failed payment of the purpose it was for (a fee is not a balance), once', async () => {
    const { log } = logSpy();
    const { db, inserts } = recordingDb();
    const gateway = gatewayWhoseVoid(async () => undefined);
    const move = new MoneyMove(servicesOf(gateway), db, log, 'payment');
    move.declined.push({
      service: gateway,
      command: fee,
      reason: 'declined',
      card: { brand: 'Visa', last4: '0002', expirationMonth: 1, expirationYear: 2030 },
    });
    await move.close();
    await move.close();
    expect(inserts).toHaveLength(1);
    expect(inserts[0]).toEqual(expect.arrayContaining([fee.appointmentId, 'u1', 'late_cancel_fee', 7500, 'declined']));
  });
});
