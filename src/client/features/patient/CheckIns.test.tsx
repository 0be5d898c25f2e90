import { screen } from '@testing-library/react';
import { routeById } from '@/generated/routes';
import { formatSessionTime } from '@/domain/date-format';
import { CheckInHistory } from './CheckIns';
import { renderScreen, testUser } from './test-kit';

const patient = { id: '55555555-5555-4555-8555-555555555555', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' as const };
const completedAt = '2026-11-20T15:00:00.000Z';
const score = { id: 'm1', instrument: 'phq9' as const, total: 6, band: 'mild', bandLabel: 'Mild', urgent: false, completedAt };
/** An account whose zone is far from any test machine's: the time can only come from the account (issue 34). */
const accountZone = 'Pacific/Honolulu';

describe('CheckInHistory', () => {
  it("states when each check-in was done in the account's zone, not the device's", async () => {
    renderScreen(<CheckInHistory checkIns={[{ patient, data: { items: [score], due: [] } }]} />, {
      path: routeById.patientHome.path,
      answers: {
        getUserDetails: () => ({ ...testUser, dateOfBirth: '1988-07-14', businessPartnerId: null, isPartnerAssociationActive: false, timeZone: accountZone }),
      },
    });
    expect(await screen.findByText(formatSessionTime(completedAt, accountZone), { exact: false })).toBeTruthy();
  });
});
