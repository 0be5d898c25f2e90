import { aPerson } from '@tests/support/person';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as placesConstants from '@/generated/constants/places';
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import { fillPlaceholders, message } from '@/domain/messages';
import { formatPhone } from '@/domain/phone';
import { httpError, renderScreen, testUser, type FakeAnswer } from '@tests/support/screen-kit';
import { stepCopy } from './steps';
import VerifyUserPaymentPage from './VerifyUserPaymentPage';

const self = { id: '55555555-5555-4555-8555-555555555555', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' };
const mia = { id: '66666666-6666-4666-8666-666666666666', firstName: 'Mia', lastName: 'Rivera', relationship: 'Child', dateOfBirth: '2015-03-02' };
const path = routeById.verifyUserPayment.path;
const saved = {
  id: '99999999-9999-4999-8999-999999999999',
  patientId: mia.id,
  brand: 'Visa',
  last4: '1111',
  expirationMonth: 12,
  expirationYear: 2030,
  isDefault: true,
};

function answers(over: Partial<Record<string, FakeAnswer>> = {}): Record<string, FakeAnswer> {
  return {
    getUserDetails: () => ({
      ...testUser,
      dateOfBirth: '1988-07-14',
      businessPartnerId: null,
      isPartnerAssociationActive: false,
      phoneNumber: null,
      address: { line1: '12 High St', city: 'Columbus', state: 'OH', zipcode: '43215' },
    }),
    getUserPatients: () => ({ items: [self, mia] }),
    getPaymentGateway: () => ({ gateway: 'local' }),
    tokenizeCard: () => ({ nonce: 'nonce-1', brand: 'Visa', last4: '1111', expirationMonth: 12, expirationYear: 2030 }),
    savePatientCard: () => saved,
    ...over,
  };
}

async function enterCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiration (MM/YY)'), '12/30');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: stepCopy('payment').save! }));
}

describe('VerifyUserPaymentPage', () => {
  it('tokenizes the card and keeps it on file for the patient of the link, through the payment saga', async () => {
    const user = aPerson();
    const { calls, store } = renderScreen(<VerifyUserPaymentPage />, { path, at: `${path}?patientId=${mia.id}`, answers: answers(), sagas: true });
    expect(await screen.findByRole('heading', { name: message('ui.verify.cardOnFile', { patient: 'Mia Rivera' }) })).toBeTruthy();
    await enterCard(user, '4111111111111111');
    expect(await screen.findByRole('link', { name: message('ui.verify.toDashboard') })).toBeTruthy();
    expect(screen.getAllByText(message('ui.toast.cardSaved', { brand: 'Visa', last4: '1111' }))).toHaveLength(2); // the page and the toast
    expect(calls.find((c) => c.id === 'tokenizeCard')?.input.body).toMatchObject({ number: '4111111111111111', expiration: '12/30', cvv: '123' });
    expect(calls.find((c) => c.id === 'savePatientCard')?.input.body).toEqual({ patientId: mia.id, nonce: 'nonce-1' });
    expect(store.getState().toasts.items.map((t) => t.text)).toContain(message('ui.toast.cardSaved', { brand: 'Visa', last4: '1111' }));
  });

  it('shows the catalogue sentence of a declined card and keeps the form', async () => {
    const user = aPerson();
    const declined = fillPlaceholders(errorCatalogue.CARD_DECLINED.message, { phone: formatPhone(placesConstants.supportPhone) });
    renderScreen(<VerifyUserPaymentPage />, {
      path,
      at: `${path}?patientId=${mia.id}`,
      sagas: true,
      answers: answers({
        savePatientCard: () => {
          throw httpError('savePatientCard', 402, { errorCode: 'CARD_DECLINED', message: declined });
        },
      }),
    });
    await enterCard(user, '4000000000000002');
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(declined));
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });

  it('saves nothing for a patient who is not on the account', async () => {
    const { calls } = renderScreen(<VerifyUserPaymentPage />, {
      path,
      at: `${path}?patientId=00000000-0000-4000-8000-000000000000`,
      answers: answers(),
      sagas: true,
    });
    expect((await screen.findByRole('alert')).textContent).toBe(message('ui.verify.patientNotFound'));
    expect(calls.some((c) => c.id === 'savePatientCard' || c.id === 'tokenizeCard')).toBe(false);
  });
});
