import { braintreeRecordEntries, type BraintreeTransactionSummary } from './braintree-gateway';

const from = new Date('2026-03-10T00:00:00Z');
const to = new Date('2026-03-10T23:59:59Z');
const sale = (over: Partial<BraintreeTransactionSummary>): BraintreeTransactionSummary => ({
  id: 'sale1',
  type: 'sale',
  status: 'settled',
  amount: '195.00',
  createdAt: '2026-03-10T15:00:00Z',
  ...over,
});

describe("Braintree's record for the reconciliation", () => {
  it('counts a sale taken in the window in cents, and nothing for a declined one', () => {
    const entries = braintreeRecordEntries([sale({}), sale({ id: 'declined', status: 'processor_declined' })], from, to);
    expect(entries).toEqual([{ at: '2026-03-10T15:00:00.000Z', kind: 'charge', transactionId: 'sale1', chargeTransactionId: 'sale1', amountCents: 19500 }]);
  });

  it('gives a credit back against the sale it refunds', () => {
    const entries = braintreeRecordEntries(
      [
        sale({ createdAt: '2026-03-01T10:00:00Z' }),
        sale({ id: 'credit1', type: 'credit', amount: '50.50', createdAt: '2026-03-10T09:00:00Z', refundedTransactionId: 'sale1' }),
      ],
      from,
      to,
    );
    expect(entries).toEqual([{ at: '2026-03-10T09:00:00.000Z', kind: 'refund', transactionId: 'credit1', chargeTransactionId: 'sale1', amountCents: -5050 }]);
  });

  it('dates a void when it was voided, so a sale of an earlier day voided today counts today only', () => {
    const voidedToday = sale({
      status: 'voided',
      createdAt: '2026-03-09T22:00:00Z',
      statusHistory: [
        { status: 'submitted_for_settlement', timestamp: '2026-03-09T22:00:00Z' },
        { status: 'voided', timestamp: '2026-03-10T08:00:00Z' },
      ],
    });
    expect(braintreeRecordEntries([voidedToday], from, to)).toEqual([
      { at: '2026-03-10T08:00:00.000Z', kind: 'void', transactionId: 'sale1', chargeTransactionId: 'sale1', amountCents: -19500 },
    ]);
    const sameDay = sale({ status: 'voided', statusHistory: [{ status: 'voided', timestamp: '2026-03-10T16:00:00Z' }] });
    expect(braintreeRecordEntries([sameDay, sameDay], from, to).map((e) => [e.kind, e.amountCents])).toEqual([
      ['charge', 19500],
      ['void', -19500],
    ]);
  });

  it('refuses an amount that is not money rather than guessing', () => {
    expect(() => braintreeRecordEntries([sale({ amount: 'abc' })], from, to)).toThrow(/sale1/);
  });
});
