import { ApiError } from '@/client/api/errors';
import { message } from '@/domain/messages';
import { fakeServices, settle, storeWith, type FakeServices } from '@tests/fixtures/services';
import { consentSignRequested } from './slice';

const patients = [{ id: 'pt-1', firstName: 'Jordan', relationship: 'Self' as const }];
let services: FakeServices;
beforeEach(() => {
  services = fakeServices();
});

describe('consent saga', () => {
  it('signs the consent of the patients asked for and verifies the signature', async () => {
    services.consent.sign.mockResolvedValue({ consentId: 'c1' });
    services.consent.verify.mockResolvedValue({ verified: true });
    const store = storeWith(services);
    store.dispatch(consentSignRequested({ patients, names: ['Jordan'] }));
    await settle();
    expect(services.consent.sign).toHaveBeenCalledWith({ patients });
    expect(services.consent.verify).toHaveBeenCalledWith({ consentId: 'c1' });
    expect(store.getState().consent).toMatchObject({ patients, isConsentSigned: true, status: 'succeeded' });
  });

  it.each([
    ['sign', 'sign'],
    ['verify', 'verify'],
  ] as const)('turns a refused %s call into a typed failure with the API sentence', async (step, reason) => {
    services.consent.sign.mockResolvedValue({ consentId: 'c1' });
    services.consent.verify.mockResolvedValue({ verified: true });
    services.consent[step].mockRejectedValue(new ApiError('http', step, 400, { text: `no ${step}`, fieldErrors: [], fromSchedulingSystem: false }));
    const store = storeWith(services);
    store.dispatch(consentSignRequested({ patients, names: ['Jordan'] }));
    await settle();
    expect(store.getState().consent.error).toEqual({ reason, text: `no ${step}`, status: 400 });
    expect(store.getState().consent.isConsentSigned).toBe(false);
    expect(store.getState().toasts.items).toEqual([]);
  });

  it('reports a signature the verification did not accept, and one that got no answer', async () => {
    services.consent.sign.mockResolvedValue({ consentId: 'c1' });
    services.consent.verify.mockResolvedValueOnce({ verified: false }).mockRejectedValueOnce(new ApiError('timeout', 'verify'));
    const store = storeWith(services);
    store.dispatch(consentSignRequested({ patients, names: ['Jordan'] }));
    await settle();
    expect(store.getState().consent.error?.reason).toBe('not-verified');
    store.dispatch(consentSignRequested({ patients, names: ['Jordan'] }));
    await settle();
    expect(store.getState().consent.error?.reason).toBe('timeout');
  });
});

describe('signing the consent of a patient on the account', () => {
  it('signs for the patient and names who signed in a toast', async () => {
    services.consent.sign.mockResolvedValue({ consentId: 'c2' });
    services.consent.verify.mockResolvedValue({ verified: true });
    const store = storeWith(services);
    store.dispatch(consentSignRequested({ patients: [{ id: 'pt-2' }], names: ['Mia Rivera'] }));
    await settle();
    expect(services.consent.sign).toHaveBeenCalledWith({ patients: [{ id: 'pt-2' }] });
    expect(store.getState().consent.isConsentSigned).toBe(true);
    expect(store.getState().toasts.items.map((t) => t.text)).toEqual([message('ui.toast.consentSigned', { patient: 'Mia Rivera' })]);
  });
});
