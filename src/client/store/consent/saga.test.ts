import { ApiError } from '@/client/api/errors';
import { message } from '@/domain/messages';
import { fakeServices, settle, storeWith, type FakeServices } from '@tests/fixtures/services';
import { consentSignRequested, consentTemplateRequested } from './slice';

const patients = [{ id: 'pt-1', firstName: 'Jordan', relationship: 'Self' as const }];
let services: FakeServices;
beforeEach(() => {
  services = fakeServices();
});

describe('consent saga', () => {
  it('fetches the template, signs it and verifies the signature', async () => {
    services.consent.template.mockResolvedValue({ consentText: 'I agree' });
    services.consent.sign.mockResolvedValue({ consentId: 'c1' });
    services.consent.verify.mockResolvedValue({ verified: true });
    const store = storeWith(services);
    store.dispatch(consentTemplateRequested({ patients }));
    await settle();
    expect(store.getState().consent).toMatchObject({ consentText: 'I agree', patients, isConsentSigned: false });
    store.dispatch(consentSignRequested());
    await settle();
    expect(services.consent.sign).toHaveBeenCalledWith({ patients, consentText: 'I agree' });
    expect(services.consent.verify).toHaveBeenCalledWith({ consentId: 'c1' });
    expect(store.getState().consent).toMatchObject({ isConsentSigned: true, status: 'succeeded' });
  });

  it.each([
    ['template', 'template'],
    ['sign', 'sign'],
    ['verify', 'verify'],
  ] as const)('turns a refused %s call into a typed failure with the API sentence', async (step, reason) => {
    services.consent.template.mockResolvedValue({ consentText: 'I agree' });
    services.consent.sign.mockResolvedValue({ consentId: 'c1' });
    services.consent.verify.mockResolvedValue({ verified: true });
    services.consent[step].mockRejectedValue(new ApiError('http', step, 400, { text: `no ${step}`, fieldErrors: [], fromSchedulingSystem: false }));
    const store = storeWith(services);
    store.dispatch(consentTemplateRequested({ patients }));
    await settle();
    if (step !== 'template') store.dispatch(consentSignRequested());
    await settle();
    expect(store.getState().consent.error).toEqual({ reason, text: `no ${step}`, status: 400 });
    expect(store.getState().consent.isConsentSigned).toBe(false);
  });

  it('reports a signature the verification did not accept, and one that got no answer', async () => {
    services.consent.sign.mockResolvedValue({ consentId: 'c1' });
    services.consent.verify.mockResolvedValueOnce({ verified: false }).mockRejectedValueOnce(new ApiError('timeout', 'verify'));
    const store = storeWith(services);
    store.dispatch(consentSignRequested());
    await settle();
    expect(store.getState().consent.error?.reason).toBe('not-verified');
    store.dispatch(consentSignRequested());
    await settle();
    expect(store.getState().consent.error?.reason).toBe('timeout');
  });
});

describe('signing the consent of a patient on the account', () => {
  const mia = {
    patientId: 'pt-2',
    name: 'Mia Rivera',
    isMinor: true,
    signerCapacity: 'Parent / legal guardian of Mia Rivera',
    consentText: 'I consent for Mia Rivera',
  };

  it('keeps who signs from the template, signs and says so in a toast', async () => {
    services.consent.template.mockResolvedValue({ consentText: 'I consent for Mia Rivera', patients: [mia] });
    services.consent.sign.mockResolvedValue({ consentId: 'c2' });
    services.consent.verify.mockResolvedValue({ verified: true });
    const store = storeWith(services);
    store.dispatch(consentTemplateRequested({ patients: [{ id: 'pt-2' }] }));
    await settle();
    expect(store.getState().consent.signers).toEqual([mia]);
    expect(store.getState().toasts.items).toEqual([]);
    store.dispatch(consentSignRequested());
    await settle();
    expect(services.consent.sign).toHaveBeenCalledWith({ patients: [{ id: 'pt-2' }], consentText: 'I consent for Mia Rivera' });
    expect(store.getState().consent.isConsentSigned).toBe(true);
    expect(store.getState().toasts.items.map((t) => t.text)).toEqual([message('ui.toast.consentSigned', { patient: 'Mia Rivera' })]);
  });
});
