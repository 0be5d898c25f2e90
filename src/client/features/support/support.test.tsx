import { screen } from '@testing-library/react';
import { aPerson } from '../../../../tests/support/person';
import findAccountForm from '../../../generated/forms/support-find-account';
import { messages } from '../../../generated/messages';
import { routeById } from '../../../generated/routes';
import { enums } from '../../../generated/enums';
import { message } from '../../../domain/messages';
import { formatSessionTime } from '../../../domain/sessions';
import type { RequestInput } from '../../../generated/client/api';
import { httpError, renderScreen } from '../../../../tests/support/screen-kit';
import SupportDashboardPage from './SupportDashboardPage';
import SupportUserPage from './SupportUserPage';
import UserAccountNotFoundPage from './UserAccountNotFoundPage';

const userId = '00000000-0000-4000-8000-000000000009';
const zone = 'America/New_York';
const start = '2026-12-01T15:00:00.000Z';
const account = {
  id: userId, firstName: 'Jordan', lastName: 'Rivera', email: 'jordan.rivera@example.com', userType: 'patient', groups: ['patient'], disabled: false,
  dateOfBirth: '1988-07-14', businessPartnerId: null,
  patients: [{ id: 'p1', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' }, { id: 'p2', firstName: 'Mia', lastName: 'Rivera', relationship: 'Child' }],
};
const session = {
  id: 's1', status: 'booked', start, end: '2026-12-01T15:50:00.000Z', appointmentMode: 'online', counselingType: 'Individual Counseling', timeZone: zone,
  provider: { id: 'pr1', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW', timeZone: zone },
  patients: [{ id: 'p1', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self', isNew: false }],
};

describe('the support dashboard', () => {
  const path = routeById.supportDashboard.path;

  it("finds a caller's account by e-mail and opens it", async () => {
    const user = aPerson();
    const { calls } = renderScreen(<SupportDashboardPage />, { path, groups: ['support'], answers: { userExists: () => ({ exists: true, userId }) } });
    await user.type(screen.getByLabelText(/email/i), account.email);
    await user.click(screen.getByRole('button', { name: findAccountForm.submitLabel }));
    expect((await screen.findByTestId('where')).textContent).toBe(`${routeById.supportUser.path}?userId=${userId}`);
    expect(calls[0]!.input.query).toEqual({ email: account.email });
  });

  it('goes to the account-not-found page when no account uses the address', async () => {
    const user = aPerson();
    renderScreen(<SupportDashboardPage />, { path, groups: ['support'], answers: { userExists: () => ({ exists: false }) } });
    await user.type(screen.getByLabelText(/email/i), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: findAccountForm.submitLabel }));
    expect((await screen.findByTestId('where')).textContent).toBe(`${routeById.supportUserAccountNotFound.path}?email=nobody%40example.com`);
  });

  it('offers booking for a caller through provider search', () => {
    renderScreen(<SupportDashboardPage />, { path, groups: ['support'], answers: {} });
    expect(screen.getByRole('link', { name: messages['ui.support.book.action'] }).getAttribute('href')).toBe(routeById.providerSearch.path);
  });
});

describe("a caller's account", () => {
  const path = routeById.supportUser.path;

  it('shows who holds it, the people on it and their sessions, with a way to book for them', async () => {
    renderScreen(<SupportUserPage />, {
      path,
      at: `${path}?userId=${userId}`,
      groups: ['support'],
      answers: {
        getSupportUser: () => account,
        listAppointments: (input: RequestInput) => ({ items: (input.query as { when: string }).when === 'upcoming' ? [session] : [] }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jordan Rivera' })).toBeTruthy();
    expect(screen.getByText(account.email)).toBeTruthy();
    expect(screen.getByText('Mia Rivera')).toBeTruthy();
    expect(screen.getByText(enums.relationship.labels.Child)).toBeTruthy();
    expect(await screen.findByText(formatSessionTime(start, zone))).toBeTruthy();
    expect(await screen.findByText(messages['ui.support.user.noPast'])).toBeTruthy();
    expect(screen.getByRole('link', { name: message('ui.support.user.book', { name: 'Jordan Rivera' }) })).toBeTruthy();
  });

  it('does not offer booking for a disabled account', async () => {
    renderScreen(<SupportUserPage />, {
      path,
      at: `${path}?userId=${userId}`,
      groups: ['support'],
      answers: { getSupportUser: () => ({ ...account, disabled: true }), listAppointments: () => ({ items: [] }) },
    });
    expect(await screen.findByText(messages['ui.support.user.disabled'])).toBeTruthy();
    expect(screen.queryByRole('link', { name: message('ui.support.user.book', { name: 'Jordan Rivera' }) })).toBeNull();
  });

  it('says so when the account is not one support may open', async () => {
    renderScreen(<SupportUserPage />, {
      path,
      at: `${path}?userId=${userId}`,
      groups: ['third_party_support'],
      answers: { getSupportUser: () => { throw httpError('getSupportUser', 404, {}); }, listAppointments: () => ({ items: [] }) },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(messages['ui.support.user.notFound']);
  });
});

describe('no account found', () => {
  it('names the address and offers to search again or book as a new patient', () => {
    const path = routeById.supportUserAccountNotFound.path;
    renderScreen(<UserAccountNotFoundPage />, { path, at: `${path}?email=nobody%40example.com`, groups: ['support'], answers: {} });
    expect(screen.getByText(message('ui.support.notFound.text', { email: 'nobody@example.com' }))).toBeTruthy();
    expect(screen.getByRole('link', { name: messages['ui.support.notFound.again'] }).getAttribute('href')).toBe(routeById.supportDashboard.path);
  });
});
