/**
 * The scheduling system's payment service over HTTP (httpSchedulingPayments), against a fake fetch
 * that plays the practice's scheduling system: what each call sends (path, method, bearer key, body)
 * and how each answer is read - a charge, a refund, a status, a refusal (4xx: a decline) and a
 * failure (5xx: an error the booking fails on).
 */
import { constants } from '@/generated/constants';
import { httpSchedulingPayments } from './scheduling-payments';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake fetch: answers each call with the next of `answers` (status and JSON body) and keeps what was sent. */
function fakeFetch(answers: { status: number; body?: unknown }[]) {
  const sent: Sent[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { sent, fetchImpl };
}

const url = 'https://scheduling.example.com/api/';

describe('the scheduling system over HTTP', () => {
  it('charges: POST /charges with the amount, currency, order and customer, the key as a bearer token', async () => {
    const { sent, fetchImpl } = fakeFetch([{ status: 201, body: { id: 'ch_1' } }]);
    const service = httpSchedulingPayments(url, 'secret-key', fetchImpl);
    expect(service.name).toBe('scheduling_system');
    await expect(service.charge({ amountCents: 19500, orderId: 'appt-1', accountId: 'acct-1' })).resolves.toEqual({ ok: true, transactionId: 'ch_1' });
    expect(sent).toEqual([
      {
        url: 'https://scheduling.example.com/api/charges',
        method: 'POST',
        headers: expect.objectContaining({ authorization: 'Bearer secret-key', 'content-type': 'application/json', accept: 'application/json' }),
        body: { amountCents: 19500, currency: constants.currency, orderId: 'appt-1', customerId: 'acct-1' },
      },
    ]);
  });

  it('refunds: POST /charges/{id}/refunds with the amount (the id escaped), answering the refund id', async () => {
    const { sent, fetchImpl } = fakeFetch([{ status: 200, body: { id: 'rf_1' } }]);
    const service = httpSchedulingPayments(url, 'k', fetchImpl);
    await expect(service.refund('ch/1', 5000)).resolves.toEqual({ ok: true, refundId: 'rf_1' });
    expect(sent).toEqual([
      expect.objectContaining({ url: 'https://scheduling.example.com/api/charges/ch%2F1/refunds', method: 'POST', body: { amountCents: 5000 } }),
    ]);
  });

  it('reads a status: GET /charges/{id} in cents; a charge it does not know is undefined', async () => {
    const { sent, fetchImpl } = fakeFetch([
      { status: 200, body: { amountCents: 19500, refundedCents: 5000 } },
      { status: 404, body: { error: 'not found' } },
    ]);
    const service = httpSchedulingPayments(url, 'k', fetchImpl);
    await expect(service.status('ch_1')).resolves.toEqual({ transactionId: 'ch_1', chargedCents: 19500, refundedCents: 5000 });
    await expect(service.status('ch_unknown')).resolves.toBeUndefined();
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ['GET', 'https://scheduling.example.com/api/charges/ch_1', undefined],
      ['GET', 'https://scheduling.example.com/api/charges/ch_unknown', undefined],
    ]);
    expect(sent[0]!.headers).not.toHaveProperty('content-type');
  });

  it('a refusal (4xx) is a decline, for a charge and a refund; an answer without an id too', async () => {
    const { fetchImpl } = fakeFetch([
      { status: 402, body: { error: 'card declined' } },
      { status: 409, body: { error: 'already refunded' } },
      { status: 200, body: {} },
    ]);
    const service = httpSchedulingPayments(url, 'k', fetchImpl);
    await expect(service.charge({ amountCents: 100, orderId: 'o', accountId: 'a' })).resolves.toEqual({ ok: false, reason: 'declined' });
    await expect(service.refund('ch_1', 100)).resolves.toEqual({ ok: false, reason: 'declined' });
    await expect(service.charge({ amountCents: 100, orderId: 'o', accountId: 'a' })).resolves.toEqual({ ok: false, reason: 'declined' });
  });

  it('a failure (5xx) throws, for a charge, a refund and a status', async () => {
    const { fetchImpl } = fakeFetch([{ status: 503 }, { status: 500 }, { status: 502 }]);
    const service = httpSchedulingPayments(url, 'k', fetchImpl);
    await expect(service.charge({ amountCents: 100, orderId: 'o', accountId: 'a' })).rejects.toThrow('the scheduling system answered 503');
    await expect(service.refund('ch_1', 100)).rejects.toThrow('the scheduling system answered 500');
    await expect(service.status('ch_1')).rejects.toThrow('the scheduling system answered 502');
  });

  it('a void gives back what the charge still holds, nothing when nothing is left, and throws when refused', async () => {
    const { sent, fetchImpl } = fakeFetch([
      { status: 200, body: { amountCents: 19500, refundedCents: 5000 } },
      { status: 200, body: { id: 'rf_2' } },
      { status: 200, body: { amountCents: 19500, refundedCents: 19500 } },
      { status: 200, body: { amountCents: 100, refundedCents: 0 } },
      { status: 409, body: { error: 'no' } },
    ]);
    const service = httpSchedulingPayments(url, 'k', fetchImpl);
    await service.void('ch_1', 19500);
    expect(sent.map((s) => [s.method, s.url.replace(url, '/'), s.body])).toEqual([
      ['GET', '/charges/ch_1', undefined],
      ['POST', '/charges/ch_1/refunds', { amountCents: 14500 }],
    ]);
    await service.void('ch_1', 19500);
    expect(sent).toHaveLength(3);
    await expect(service.void('ch_2', 100)).rejects.toThrow('the scheduling system refused to give back ch_2');
    await expect(service.settlement('ch_1')).resolves.toBe('settled');
  });
});
