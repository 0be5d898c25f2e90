import { aPerson } from '@tests/support/person';
import { screen, waitFor } from '@testing-library/react';
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { httpError, renderScreen, type FakeAnswer } from '@tests/support/screen-kit';
import { stepCopy } from './steps';
import VerifyConsentPage from './VerifyConsentPage';

const mia = '66666666-6666-4666-8666-666666666666';
const consentId = '77777777-7777-4777-8777-777777777777';
const guardian = message('consent.parentOrGuardian', { patient: 'Mia Rivera' });
const path = routeById.verifyConsent.path;
const copy = stepCopy('consent');
const record = {
  id: consentId,
  patientId: mia,
  consentType: 'bookAppointmentConsent',
  version: 'v',
  text: 'I consent',
  signed: false,
  verified: false,
  source: 'patient_web',
};

function answers(over: Partial<Record<string, FakeAnswer>> = {}): Record<string, FakeAnswer> {
  return {
    getConsentTemplate: () => ({
      consentType: 'bookAppointmentConsent',
      version: 'v',
      title: 'Consent to book an appointment',
      consentText: 'I consent for Mia Rivera',
      patients: [{ patientId: mia, name: 'Mia Rivera', isMinor: true, signerCapacity: guardian, consentText: 'I consent for Mia Rivera' }],
    }),
    createPatientConsent: () => record,
    signConsent: () => ({ ...record, signed: true }),
    verifyConsent: () => ({ verified: true, consent: { ...record, signed: true, verified: true } }),
    getUserPatients: () => ({ items: [{ id: mia, firstName: 'Mia', lastName: 'Rivera', relationship: 'Child', dateOfBirth: '2015-03-02', consents: [] }] }),
    ...over,
  };
}

describe('VerifyConsentPage', () => {
  it("shows the patient's consent and who signs, signs it through the saga, re-reads the account's patients and goes on", async () => {
    const user = aPerson();
    const { calls, store } = renderScreen(<VerifyConsentPage />, { path, at: `${path}?patientId=${mia}`, answers: answers(), sagas: true });
    expect(await screen.findByText('I consent for Mia Rivera')).toBeTruthy();
    expect(screen.getByText(message('ui.verify.signerCapacity', { capacity: guardian }))).toBeTruthy();
    expect(calls.find((c) => c.id === 'getConsentTemplate')?.input.query).toMatchObject({ patientIds: [mia] });
    await user.click(screen.getByRole('button', { name: copy.sign! }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`${routeById.verifySuccess.path}?patientId=${mia}`));
    const signing = calls.map((c) => c.id).filter((id) => id !== 'getUserPatients');
    expect(signing).toEqual(['getConsentTemplate', 'createPatientConsent', 'signConsent', 'verifyConsent']);
    // The account's patients are read again after the signature, before leaving: the portal's to-do clears.
    expect(calls.map((c) => c.id).slice(-2)).toEqual(['verifyConsent', 'getUserPatients']);
    expect(calls.find((c) => c.id === 'createPatientConsent')?.input).toMatchObject({ params: { id: mia }, body: { consentType: 'bookAppointmentConsent' } });
    expect(calls.find((c) => c.id === 'signConsent')?.input).toMatchObject({ params: { id: consentId }, body: { agree: true } });
    expect(store.getState().toasts.items.map((t) => t.text)).toContain(message('ui.toast.consentSigned', { patient: 'Mia Rivera' }));
  });

  it('says a consent signed already needs nothing more, and signs nothing', async () => {
    const signedAlready = () => ({
      items: [
        {
          id: mia,
          firstName: 'Mia',
          lastName: 'Rivera',
          relationship: 'Child',
          consents: [{ isConsentProvided: true, consentType: 'bookAppointmentConsent', source: 'patient_web' }],
        },
      ],
    });
    const { calls } = renderScreen(<VerifyConsentPage />, {
      path,
      at: `${path}?patientId=${mia}`,
      answers: answers({ getUserPatients: signedAlready }),
      sagas: true,
    });
    expect(await screen.findByText(message('ui.verify.alreadySigned', { patient: 'Mia Rivera' }))).toBeTruthy();
    expect(screen.queryByRole('button', { name: copy.sign! })).toBeNull();
    expect(calls.some((c) => c.id === 'createPatientConsent' || c.id === 'signConsent')).toBe(false);
  });

  it('tells a patient of another account (404) that nobody by that link is on the account, and signs nothing', async () => {
    const { calls } = renderScreen(<VerifyConsentPage />, {
      path,
      at: `${path}?patientId=${mia}`,
      sagas: true,
      answers: answers({
        getConsentTemplate: () => {
          throw httpError('getConsentTemplate', 404, { errorCode: 'NOT_FOUND', message: errorCatalogue.NOT_FOUND.message });
        },
      }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(message('ui.verify.patientNotFound'));
    expect(screen.queryByRole('button', { name: copy.sign! })).toBeNull();
    expect(calls.map((c) => c.id).filter((id) => id !== 'getUserPatients')).toEqual(['getConsentTemplate']);
  });

  it("stays on the consent with the API's sentence when the signature is refused", async () => {
    const user = aPerson();
    renderScreen(<VerifyConsentPage />, {
      path,
      at: `${path}?patientId=${mia}`,
      sagas: true,
      answers: answers({
        signConsent: () => {
          throw httpError('signConsent', 400, { errorCode: 'VALIDATION_FAILED', message: 'Please agree to the consent.' });
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: copy.sign! }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please agree to the consent.');
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
