import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatWhen } from '@/domain/date-format';
import RecordAccessPage from './RecordAccessPage';
import { renderScreen, testUser } from './test-kit';

const at = '2026-11-20T15:04:00.000Z';
/** An account zone far from any test machine's: the time can only come from the account. */
const accountZone = 'Pacific/Honolulu';
const look = { id: '41', at, actor: 'staff', role: 'support', name: 'Sam', record: 'user', patient: null, act: 'viewed', outcome: 'success', reported: false };
const refused = {
  id: '40',
  at,
  actor: 'patient',
  role: null,
  name: null,
  record: 'patient',
  patient: 'Mia',
  act: 'viewed',
  outcome: 'denied',
  reported: false,
};
const account = () => ({ ...testUser, dateOfBirth: '1988-07-14', businessPartnerId: null, isPartnerAssociationActive: false, timeZone: accountZone });

describe('RecordAccessPage', () => {
  it("names staff by role and first name, states the time in the account's zone, and shows refusals", async () => {
    renderScreen(<RecordAccessPage />, {
      path: routeById.patientRecordAccess.path,
      answers: { listRecordAccess: () => ({ items: [look, refused], page: 1, pageSize: 25, total: 2 }), getUserDetails: account },
    });
    const who = await screen.findByText(message('ui.recordAccess.staff', { role: 'Support', name: 'Sam' }));
    const first = who.closest('li')!;
    const second = screen.getByText('Another patient').closest('li')!;
    expect(await within(first).findByText(formatWhen(at, accountZone))).toBeTruthy();
    expect(within(first).getByText('Viewed: Your account')).toBeTruthy();
    expect(within(second).getByText('Another patient')).toBeTruthy();
    expect(within(second).getByText(`Viewed: ${message('ui.recordAccess.recordOf', { record: 'Patient record', patient: 'Mia' })}`)).toBeTruthy();
    expect(within(second).getByText(message('ui.recordAccess.outcome.denied'))).toBeTruthy();
    expect(screen.getByText(message('ui.recordAccess.page', { page: 1, pages: 1 }))).toBeTruthy();
  });

  it("reports an entry to support with the patient's words", async () => {
    const sent: unknown[] = [];
    renderScreen(<RecordAccessPage />, {
      path: routeById.patientRecordAccess.path,
      answers: {
        listRecordAccess: () => ({ items: [{ ...look, reported: sent.length > 0 }], page: 1, pageSize: 25, total: 1 }),
        getUserDetails: account,
        reportRecordAccess: (input: unknown) => {
          sent.push(input);
          return { taskId: '99999999-9999-4999-8999-999999999999' };
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: message('ui.recordAccess.report') }));
    await user.type(screen.getByLabelText(message('ui.recordAccess.reportNote')), 'Not me');
    await user.click(screen.getByRole('button', { name: message('ui.recordAccess.reportSend') }));
    expect(await screen.findByText(message('ui.recordAccess.reportDone'))).toBeTruthy();
    expect(await screen.findByText(message('ui.recordAccess.reported'))).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ params: { id: '41' }, body: { note: 'Not me' } })]);
  });
});
