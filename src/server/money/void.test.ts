import type { FastifyBaseLogger } from 'fastify';
import type { CardGateway } from '../payments/gateway';
import { voidFailedCharge } from './refunds';

function logSpy() {
  const errors: { fields: Record<string, unknown>; text: string }[] = [];
  const log = { error: (fields: Record<string, unknown>, text: string) => errors.push({ fields, text }) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

const gatewayWhoseVoid = (outcome: () => Promise<void>): CardGateway => ({ name: 'local', void: outcome } as unknown as CardGateway);

describe('voidFailedCharge', () => {
  it('logs a void the gateway refused, naming the transaction and what failed, and nothing about the patient', async () => {
    const { log, errors } = logSpy();
    await voidFailedCharge(log, gatewayWhoseVoid(() => Promise.reject(new Error('gateway down'))), 'txn_local_1_x', 'cancellation fee');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.text).toBe('voiding the charge of a failed cancellation fee failed');
    expect(Object.keys(errors[0]!.fields).sort()).toEqual(['err', 'gateway', 'transactionId']);
    expect(errors[0]!.fields.transactionId).toBe('txn_local_1_x');
  });

  it('logs nothing when the void went through, and does nothing without a charge', async () => {
    const { log, errors } = logSpy();
    let voids = 0;
    const gateway = gatewayWhoseVoid(async () => {
      voids += 1;
    });
    await voidFailedCharge(log, gateway, 'txn_local_1_x', 'booking');
    await voidFailedCharge(log, gateway, undefined, 'booking');
    expect(voids).toBe(1);
    expect(errors).toEqual([]);
  });
});
