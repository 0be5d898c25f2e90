import * as runtimeConstants from '@/generated/constants/runtime';
import * as timingConstants from '@/generated/constants/timing';
import { ApiError } from '@/client/api/errors';
import { fakeServices, settle, storeWith, type FakeServices } from '@tests/fixtures/services';
import { message } from '@/domain/messages';
import { cardSaveRequested, paymentRequested } from './slice';

const card = { number: '4111111111111111', expiration: '12/30', cvv: '123' };
const payment = { appointmentId: 'appt-1', amountCents: 15000 };
let services: FakeServices;
beforeEach(() => {
  services = fakeServices();
  services.payment.tokenize.mockResolvedValue({ nonce: 'nonce-1' });
});

describe('payment saga', () => {
  it('tokenizes the card, pays with the token and an idempotency key, and keeps no card data', async () => {
    services.payment.pay.mockResolvedValue({ paymentId: 'pay-1', status: 'succeeded' });
    const store = storeWith(services);
    store.dispatch(paymentRequested({ card, payment }));
    await settle();
    expect(services.payment.tokenize).toHaveBeenCalledWith(card);
    expect(services.payment.pay).toHaveBeenCalledWith({ ...payment, nonce: 'nonce-1' }, 'key-1');
    expect(store.getState().payment).toMatchObject({ status: 'succeeded', paymentId: 'pay-1', paymentStatus: 'succeeded' });
    expect(JSON.stringify(store.getState())).not.toContain(card.number);
  });

  it('pays with a nonce the card form already made (Braintree hosted fields) without tokenizing again', async () => {
    services.payment.pay.mockResolvedValue({ paymentId: 'pay-2', status: 'succeeded' });
    const store = storeWith(services);
    store.dispatch(paymentRequested({ card: { nonce: 'braintree-nonce' }, payment }));
    await settle();
    expect(services.payment.tokenize).not.toHaveBeenCalled();
    expect(services.payment.pay).toHaveBeenCalledWith({ ...payment, nonce: 'braintree-nonce' }, 'key-1');
    expect(store.getState().payment).toMatchObject({ status: 'succeeded', paymentId: 'pay-2' });
  });

  it('pays with a card on file without tokenizing anything', async () => {
    services.payment.pay.mockResolvedValue({ paymentId: 'pay-6', status: 'succeeded' });
    const store = storeWith(services);
    store.dispatch(paymentRequested({ payment: { ...payment, cardId: 'card-1' } }));
    await settle();
    expect(services.payment.tokenize).not.toHaveBeenCalled();
    expect(services.payment.pay).toHaveBeenCalledWith({ ...payment, cardId: 'card-1' }, 'key-1');
    expect(store.getState().payment).toMatchObject({ status: 'succeeded', paymentId: 'pay-6' });
  });

  it('reports a card the gateway refused without paying', async () => {
    services.payment.tokenize.mockRejectedValue(
      new ApiError('http', 'tokenize', 400, { text: message('card.number.invalid'), fieldErrors: [], fromSchedulingSystem: false }),
    );
    const store = storeWith(services);
    store.dispatch(paymentRequested({ card, payment }));
    await settle();
    expect(services.payment.pay).not.toHaveBeenCalled();
    expect(store.getState().payment.error).toEqual({ reason: 'card-rejected', text: message('card.number.invalid'), status: 400 });
  });

  it('starts a new attempt, with a new key, after a refusal', async () => {
    services.payment.pay.mockResolvedValueOnce({ paymentId: 'pay-4', status: 'failed' }).mockResolvedValueOnce({ paymentId: 'pay-5', status: 'succeeded' });
    services.payment.tokenize.mockResolvedValueOnce({ nonce: 'nonce-a' }).mockResolvedValueOnce({ nonce: 'nonce-b' });
    const store = storeWith(services);
    store.dispatch(paymentRequested({ card, payment }));
    await settle();
    expect(store.getState().payment.error?.reason).toBe('payment-rejected');
    store.dispatch(paymentRequested({ card, payment }));
    await settle();
    expect(services.payment.pay.mock.calls.map(([body, key]) => `${(body as { nonce: string }).nonce} ${key}`)).toEqual(['nonce-a key-1', 'nonce-b key-2']);
    expect(store.getState().payment.status).toBe('succeeded');
  });

  it('reports a failed payment status as refused', async () => {
    services.payment.pay.mockResolvedValue({ paymentId: 'pay-2', status: 'failed' });
    const store = storeWith(services);
    store.dispatch(paymentRequested({ card, payment }));
    await settle();
    expect(store.getState().payment.error?.reason).toBe('payment-rejected');
  });

  it("retries a payment that got no answer with the same key, and the person's retry keeps it too", async () => {
    jest.useFakeTimers();
    try {
      services.payment.tokenize.mockResolvedValueOnce({ nonce: 'nonce-a' }).mockResolvedValueOnce({ nonce: 'nonce-b' });
      services.payment.pay.mockRejectedValue(new ApiError('timeout', 'pay'));
      const store = storeWith(services);
      store.dispatch(paymentRequested({ card, payment }));
      await jest.advanceTimersByTimeAsync(timingConstants.queryRetryDelayMaxMs * (runtimeConstants.bookingRetries + 1));
      expect(store.getState().payment.error?.reason).toBe('timeout');
      services.payment.pay.mockResolvedValue({ paymentId: 'pay-3', status: 'succeeded' });
      store.dispatch(paymentRequested({ card, payment }));
      await jest.advanceTimersByTimeAsync(10);
      // Every call the same request: the same key and the same nonce.
      expect(new Set(services.payment.pay.mock.calls.map(([body, key]) => `${(body as { nonce: string }).nonce} ${key}`))).toEqual(new Set(['nonce-a key-1']));
      expect(store.getState().payment.status).toBe('succeeded');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('keeping a card on file', () => {
  const details = { number: '4111111111111111', expiration: '12/30', cvv: '123' };
  const saved = { id: 'card-9', patientId: 'pt-2', brand: 'Visa', last4: '1111', expirationMonth: 12, expirationYear: 2030, isDefault: true };

  it('tokenizes the card, saves it for the patient and says so in a toast', async () => {
    services.payment.tokenize.mockResolvedValue({ nonce: 'n-1' });
    services.payment.saveCard.mockResolvedValue(saved);
    const store = storeWith(services);
    store.dispatch(cardSaveRequested({ card: details, patientId: 'pt-2' }));
    await settle();
    expect(services.payment.tokenize).toHaveBeenCalledWith(details);
    expect(services.payment.saveCard).toHaveBeenCalledWith({ patientId: 'pt-2', nonce: 'n-1' });
    expect(store.getState().payment.cardSave).toEqual({ status: 'succeeded', saved });
    expect(store.getState().toasts.items.map((t) => t.text)).toEqual([message('ui.toast.cardSaved', { brand: 'Visa', last4: '1111' })]);
  });

  it('saves a nonce from hosted fields as it is, and reports a refused card with the API sentence', async () => {
    services.payment.saveCard.mockRejectedValue(
      new ApiError('http', 'savePatientCard', 402, { text: 'declined', fieldErrors: [], fromSchedulingSystem: false }),
    );
    const store = storeWith(services);
    store.dispatch(cardSaveRequested({ card: { nonce: 'bt-nonce' }, patientId: 'pt-2', makeDefault: true }));
    await settle();
    expect(services.payment.tokenize).not.toHaveBeenCalled();
    expect(services.payment.saveCard).toHaveBeenCalledWith({ patientId: 'pt-2', nonce: 'bt-nonce', makeDefault: true });
    expect(store.getState().payment.cardSave).toEqual({ status: 'failed', error: { reason: 'save-rejected', text: 'declined', status: 402 } });
  });
});
