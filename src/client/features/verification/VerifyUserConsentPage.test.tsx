import { aPerson } from '@tests/support/person';
import { screen, waitFor } from '@testing-library/react';
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { httpError, renderScreen, type FakeAnswer } from '@tests/support/screen-kit';
import VerifyUserConsentPage from './VerifyUserConsentPage';

const mia = { id: '66666666-6666-4666-8666-666666666666', firstName: 'Mia', lastName: 'Rivera', relationship: 'Child', dateOfBirth: '2015-03-02' };
const path = routeById.verifyUserConsent.path;

describe('VerifyUserConsentPage', () => {
  it('refuses a date of birth the record does not have, with the catalogue sentence, and goes on to the consent with the right one', async () => {
    const user = aPerson();
    const verify: FakeAnswer = (input) => {
      if ((input.body as { dob: string }).dob !== mia.dateOfBirth)
        throw httpError('verifyPatientDateOfBirth', 422, { errorCode: 'DOB_MISMATCH', message: errorCatalogue.DOB_MISMATCH.message });
      return { verified: true };
    };
    const { calls } = renderScreen(<VerifyUserConsentPage />, {
      path,
      at: `${path}?patientId=${mia.id}`,
      answers: { getUserPatients: () => ({ items: [mia] }), verifyPatientDateOfBirth: verify },
    });
    expect(await screen.findByRole('heading', { name: 'Mia Rivera' })).toBeTruthy();
    const dob = screen.getByLabelText('Date of birth');
    await user.type(dob, '2015-03-03');
    await user.click(screen.getByRole('button', { name: /confirm/i }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorCatalogue.DOB_MISMATCH.message);
    expect(screen.queryByTestId('where')).toBeNull();
    await user.clear(dob);
    await user.type(dob, '2015-03-02');
    await user.click(screen.getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`${routeById.verifyConsent.path}?patientId=${mia.id}`));
    expect(calls.filter((c) => c.id === 'verifyPatientDateOfBirth').map((c) => c.input)).toEqual([
      { params: { id: mia.id }, body: { dob: '2015-03-03' } },
      { params: { id: mia.id }, body: { dob: '2015-03-02' } },
    ]);
  });

  it('asks nothing for a patient who is not on the account', async () => {
    const { calls } = renderScreen(<VerifyUserConsentPage />, {
      path,
      at: `${path}?patientId=00000000-0000-4000-8000-000000000000`,
      answers: { getUserPatients: () => ({ items: [mia] }) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(message('ui.verify.patientNotFound'));
    expect(screen.queryByLabelText('Date of birth')).toBeNull();
    expect(calls.map((c) => c.id)).toEqual(['getUserPatients']);
  });
});
