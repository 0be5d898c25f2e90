/** The support dashboard, session search, a caller's account and the account-not-found page. */
import { screen, within } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import findAccountForm from '@/generated/forms/support-find-account';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import type { RequestInput } from '@/generated/client/api';
import { httpError, renderScreen } from '@tests/support/screen-kit';
import SupportDashboardPage from './SupportDashboardPage';
import SupportUserPage from './SupportUserPage';
import UserAccountNotFoundPage from './UserAccountNotFoundPage';
import { flagsServed, flagsSettled } from '@/client/store/flags/slice';
import { formatSessionTime, zoneLabel } from '@/domain/date-format';
import { enumLabelOf } from '@/domain/translations';
import { account, session, start, userId, zone } from './support-fixtures';
import * as peopleEnums from '@/generated/enums/people';

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
    expect(screen.getByRole('link', { name: message('ui.support.book.action') }).getAttribute('href')).toBe(routeById.providerSearch.path);
  });
});

describe('session search on the dashboard', () => {
  it('finds sessions by patient name while patientSessionSearch is on, and opens one', async () => {
    const user = aPerson();
    const { calls, store } = renderScreen(<SupportDashboardPage />, {
      path: routeById.supportDashboard.path,
      groups: ['support'],
      answers: {
        searchSupportSessions: () => ({
          items: [{ id: 's1', start, timeZone: zone, status: 'booked', providerName: 'Morgan Lee', patients: ['Jordan Rivera'], accountEmail: account.email }],
        }),
      },
    });
    store.dispatch(flagsServed({ traffic: 'user', variants: { patientSessionSearch: { name: 'on', enabled: true } } }));
    store.dispatch(flagsSettled({ traffic: 'user', ready: true }));
    await user.click(await screen.findByRole('button', { name: message('ui.support.search.submit') }));
    expect(screen.getByText(message('ui.support.search.needOne'))).toBeTruthy();
    await user.type(screen.getByLabelText(message('ui.support.search.name')), 'rivera');
    await user.click(screen.getByRole('button', { name: message('ui.support.search.submit') }));
    const link = await screen.findByRole('link', { name: formatSessionTime(start, zone) });
    expect(link.getAttribute('href')).toBe(`${routeById.supportUserSession.path}?sessionId=s1`);
    expect(calls.find((c) => c.id === 'searchSupportSessions')!.input.query).toEqual({ name: 'rivera' });
  });

  it('searching again with the same criteria asks the server anew and shows its new answer', async () => {
    const user = aPerson();
    const answers = [
      { items: [{ id: 's1', start, timeZone: zone, status: 'booked', providerName: 'Morgan Lee', patients: ['Jordan Rivera'], accountEmail: account.email }] },
      { items: [] },
    ];
    const { store } = renderScreen(<SupportDashboardPage />, {
      path: routeById.supportDashboard.path,
      groups: ['support'],
      answers: { searchSupportSessions: () => answers.shift() ?? { items: [] } },
    });
    store.dispatch(flagsServed({ traffic: 'user', variants: { patientSessionSearch: { name: 'on', enabled: true } } }));
    store.dispatch(flagsSettled({ traffic: 'user', ready: true }));
    await user.type(await screen.findByLabelText(message('ui.support.search.name')), 'rivera');
    await user.click(screen.getByRole('button', { name: message('ui.support.search.submit') }));
    expect(await screen.findByRole('link', { name: formatSessionTime(start, zone) })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: message('ui.support.search.submit') }));
    expect(await screen.findByText(message('ui.support.search.none'))).toBeTruthy();
    expect(screen.queryByRole('link', { name: formatSessionTime(start, zone) })).toBeNull();
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
    expect(screen.getByText(enumLabelOf(peopleEnums.relationship, 'Child'))).toBeTruthy();
    expect(await screen.findByText(formatSessionTime(start, zone))).toBeTruthy();
    expect(await screen.findByText(message('ui.support.user.noPast'))).toBeTruthy();
    expect(screen.getByRole('link', { name: message('ui.support.user.book', { name: 'Jordan Rivera' }) })).toBeTruthy();
  });

  it("shows the caller's time zone, or that it is not known, and sets it as the caller says", async () => {
    const user = aPerson();
    const { calls } = renderScreen(<SupportUserPage />, {
      path,
      at: `${path}?userId=${userId}`,
      groups: ['support'],
      answers: {
        getSupportUser: () => ({ ...account, timeZone: null }),
        listAppointments: () => ({ items: [] }),
        updateUser: (input: RequestInput) => ({ id: userId, ...(input.body as object) }),
      },
    });
    const section = within(await screen.findByRole('region', { name: message('ui.timeZone.heading') }));
    expect(section.getByText(message('ui.timeZone.callerUnknown'))).toBeTruthy();
    const save = section.getByRole('button', { name: message('ui.timeZone.callerSave') });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(section.getByLabelText(message('ui.timeZone.callerLabel')), 'America/Denver');
    await user.click(save);
    const denver = zoneLabel('America/Denver');
    expect(await section.findByText(message('ui.timeZone.callerSaved', { name: 'Jordan Rivera', zone: denver }))).toBeTruthy();
    expect(calls.find((c) => c.id === 'updateUser')!.input).toEqual({ params: { id: userId }, body: { timeZone: 'America/Denver' } });
    expect(section.getByText(denver, { selector: 'p' })).toBeTruthy();
    expect(section.queryByText(message('ui.timeZone.callerUnknown'))).toBeNull();
  });

  it('does not offer booking for a disabled account', async () => {
    renderScreen(<SupportUserPage />, {
      path,
      at: `${path}?userId=${userId}`,
      groups: ['support'],
      answers: { getSupportUser: () => ({ ...account, disabled: true }), listAppointments: () => ({ items: [] }) },
    });
    expect(await screen.findByText(message('ui.support.user.disabled'))).toBeTruthy();
    expect(screen.queryByRole('link', { name: message('ui.support.user.book', { name: 'Jordan Rivera' }) })).toBeNull();
  });

  it('says so when the account is not one support may open', async () => {
    renderScreen(<SupportUserPage />, {
      path,
      at: `${path}?userId=${userId}`,
      groups: ['third_party_support'],
      answers: {
        getSupportUser: () => {
          throw httpError('getSupportUser', 404, {});
        },
        listAppointments: () => ({ items: [] }),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(message('ui.support.user.notFound'));
  });
});

describe('no account found', () => {
  it('names the address and offers to search again or book as a new patient', () => {
    const path = routeById.supportUserAccountNotFound.path;
    renderScreen(<UserAccountNotFoundPage />, { path, at: `${path}?email=nobody%40example.com`, groups: ['support'], answers: {} });
    expect(screen.getByText(message('ui.support.notFound.text', { email: 'nobody@example.com' }))).toBeTruthy();
    expect(screen.getByRole('link', { name: message('ui.support.notFound.again') }).getAttribute('href')).toBe(routeById.supportDashboard.path);
  });
});
