import { screen } from '@testing-library/react';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatWhen } from '@/domain/date-format';
import PatientWaitlistPage from './PatientWaitlistPage';
import { renderScreen, testUser } from './test-kit';

const createdAt = '2026-11-20T15:00:00.000Z';
const entry = {
  id: 'w1',
  userId: testUser.id,
  patientId: '55555555-5555-4555-8555-555555555555',
  provider: { id: 'pr1', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW', timeZone: 'America/New_York' },
  counselingType: null,
  appointmentMode: null,
  planId: null,
  stateCode: 'OH',
  timesOfDay: [],
  status: 'waiting',
  createdAt,
  offers: [],
};
/** An account whose zone is far from the provider's and any test machine's: the time can only come from the account. */
const accountZone = 'Pacific/Honolulu';

describe('PatientWaitlistPage', () => {
  it("states when the patient joined in the account's zone, not the provider's or the device's", async () => {
    renderScreen(<PatientWaitlistPage />, {
      path: routeById.patientWaitlist.path,
      answers: {
        listWaitlist: () => ({ items: [entry] }),
        getUserDetails: () => ({ ...testUser, dateOfBirth: '1988-07-14', businessPartnerId: null, isPartnerAssociationActive: false, timeZone: accountZone }),
      },
    });
    const joined = message('ui.waitlist.list.joinedOn', { when: formatWhen(createdAt, accountZone) });
    expect(await screen.findByText(joined, { exact: false })).toBeTruthy();
  });
});
