import { constants } from '@/generated/constants';
import { localTestGateway, parseExpiration } from './local-gateway';

const gateway = localTestGateway(Buffer.alloc(32, 7));
const other = localTestGateway(Buffer.alloc(32, 8));

describe('local test gateway', () => {
  it('tokenizes the approved test numbers and keeps only brand, last 4 and expiry', async () => {
    for (const card of constants.testCardNumbers.approved) {
      const result = gateway.tokenize!({ number: card.number, expiration: '09/38', cvv: card.brand === 'American Express' ? '1234' : '123' });
      if (!result.ok) throw new Error(`${card.number} refused`);
      expect(result.card).toEqual({ brand: card.brand, last4: card.number.slice(-4), expirationMonth: 9, expirationYear: 2038 });
      expect(result.nonce).not.toContain(card.number);
      expect(Buffer.from(result.nonce.split('.')[0]!.replace('tok_local_', ''), 'base64url').toString()).not.toContain(card.number);
      expect(await gateway.charge({ amountCents: 100, source: { nonce: result.nonce }, orderId: 'o' })).toMatchObject({ ok: true });
    }
  });

  it('declines the decline numbers at charge and vault time', async () => {
    const result = gateway.tokenize!({ number: constants.testCardNumbers.declined[0]!.number, expiration: '09/38', cvv: '123' });
    if (!result.ok) throw new Error('refused');
    expect(await gateway.charge({ amountCents: 100, source: { nonce: result.nonce }, orderId: 'o' })).toMatchObject({ ok: false, reason: 'declined' });
    expect(await gateway.vault(result.nonce, 'c')).toMatchObject({ ok: false, reason: 'declined' });
  });

  it('refuses unknown numbers, past expiry, a wrong CVC length, and nonces it did not sign', async () => {
    expect(gateway.tokenize!({ number: '4111111111111112', expiration: '09/38', cvv: '123' }).ok).toBe(false);
    expect(gateway.tokenize!({ number: '4111111111111111', expiration: '01/20', cvv: '123' }).ok).toBe(false);
    expect(gateway.tokenize!({ number: '378282246310005', expiration: '09/38', cvv: '123' }).ok).toBe(false);
    const foreign = other.tokenize!({ number: '4111111111111111', expiration: '09/38', cvv: '123' });
    if (!foreign.ok) throw new Error('refused');
    expect(await gateway.charge({ amountCents: 1, source: { nonce: foreign.nonce }, orderId: 'o' })).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('reads MM/YY and MM/YYYY expiry dates', () => {
    const now = new Date('2030-05-10T00:00:00Z');
    expect(parseExpiration('05/30', now)).toEqual({ month: 5, year: 2030 });
    expect(parseExpiration('04/2030', now)).toBeUndefined();
    expect(parseExpiration('13/31', now)).toBeUndefined();
  });
});

describe('local test gateway settlement', () => {
  it('settles a charge settleSeconds after it was taken: a void before, a refund after', async () => {
    let now = Date.UTC(2030, 0, 1, 12);
    const clock = { now: () => new Date(now) };
    const settling = localTestGateway(Buffer.alloc(32, 7), clock, 3600);
    const nonce = settling.tokenize!({ number: constants.testCardNumbers.approved[0]!.number, expiration: '09/38', cvv: '123' });
    if (!nonce.ok) throw new Error('refused');
    const charge = await settling.charge({ amountCents: 19500, source: { nonce: nonce.nonce }, orderId: 'o' });
    if (!charge.ok) throw new Error('declined');
    expect(await settling.settlement(charge.transactionId)).toBe('unsettled');
    expect(await settling.refund(charge.transactionId, 100)).toMatchObject({ ok: false });
    await expect(settling.void(charge.transactionId)).resolves.toBeUndefined();
    now += 3600 * 1000 - 1;
    expect(await settling.settlement(charge.transactionId)).toBe('unsettled');
    now += 1;
    expect(await settling.settlement(charge.transactionId)).toBe('settled');
    await expect(settling.void(charge.transactionId)).rejects.toThrow();
    expect(await settling.refund(charge.transactionId, 100)).toMatchObject({ ok: true });
    expect(await settling.refund('txn_somewhere_else', 100)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await settling.refund(charge.transactionId, 0)).toMatchObject({ ok: false, reason: 'invalid' });
  });
});
