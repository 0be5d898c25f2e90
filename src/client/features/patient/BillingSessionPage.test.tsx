import { screen } from '@testing-library/react';
import { routeById } from '@/generated/routes';
import { formatSessionTime } from '@/domain/date-format';
import BillingSessionPage from './BillingSessionPage';
import { renderScreen, testUser } from './test-kit';

const patientId = '55555555-5555-4555-8555-555555555555';
const transaction = {
  id: '88888888-8888-4888-8888-888888888888',
  patientId,
  kind: 'payment',
  amount: 150,
  currency: 'USD',
  status: 'succeeded',
  createdAt: '2026-11-20T15:00:00.000Z',
  appointmentId: '99999999-9999-4999-8999-999999999999',
  appointmentStart: '2026-11-25T15:00:00.000Z',
  providerName: 'Morgan Lee, LCSW',
};
/** An account whose zone is far from any test machine's: the session's time can only come from the account. */
const accountZone = 'Pacific/Honolulu';

describe('BillingSessionPage', () => {
  it("states the session's time in the account's zone, not the device's", async () => {
    renderScreen(<BillingSessionPage />, {
      path: routeById.patientBillingSession.path,
      at: `${routeById.patientBillingSession.path}?patientId=${patientId}&transactionId=${transaction.id}`,
      answers: {
        getBillingTransaction: () => transaction,
        getUserDetails: () => ({ ...testUser, dateOfBirth: '1988-07-14', businessPartnerId: null, isPartnerAssociationActive: false, timeZone: accountZone }),
      },
    });
    expect(await screen.findByText(formatSessionTime(transaction.appointmentStart, accountZone), { exact: false })).toBeTruthy();
  });
});
