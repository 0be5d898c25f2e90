import { pino } from 'pino';
import type { Queryable, Statement } from '../db/connection';
import { TestClock } from '@tests/support/clock';
import type { CardGateway } from '../payments/gateway';
import { localTestGateway } from '../payments/local-gateway';
import { offlineSchedulingPayments } from '../payments/scheduling-payments';
import type { ChargeCommand } from './charges';
import { MoneyMove, type PaymentServices } from './move';

type Logged = { fields: Record<string, unknown>; text: string };

/** A real logger whose lines are kept: the errors and the warnings, each with its fields and its text. */
function logSpy() {
  const errors: Logged[] = [];
  const warnings: Logged[] = [];
  const log = pino(
    { base: null, timestamp: false },
    {
      write(line: string) {
        const { level, msg, ...fields } = JSON.parse(line) as Record<string, unknown> & { level: number; msg: string };
        if (level >= 50) errors.push({ fields, text: msg });
        else if (level === 40) warnings.push({ fields, text: msg });
      },
    },
  );
  return { log, errors, warnings };
}

const clock = new TestClock(new Date('2026-01-05T10:00:00Z'));
const gatewayWhoseVoid = (outcome: () => Promise<void>): CardGateway => ({ ...localTestGateway(Buffer.alloc(32, 1), clock), void: outcome });
const servicesOf = (card: CardGateway): PaymentServices => ({ card, scheduling: offlineSchedulingPayments(clock) });

/** A database that keeps what was inserted (the failed payments a move records). */
function recordingDb() {
  const inserts: unknown[][] = [];
  const db: Queryable = {
    query: async <Row>(_sql: Statement, params: unknown[] = []): Promise<Row[]> => {
      inserts.push(params);
      return [{ id: 'p1' } as Row];
    },
    exec: async () => undefined,
  };
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
