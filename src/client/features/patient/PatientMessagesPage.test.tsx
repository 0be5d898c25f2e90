import { fireEvent, screen, within } from '@testing-library/react';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatDateTime } from '@/domain/date-format';
import PatientMessagesPage from './PatientMessagesPage';
import { httpError, renderScreen, testUser } from './test-kit';

const summary = {
  id: 't1',
  client: { id: 'p2', firstName: 'Sam', lastName: 'Rivera' },
  clinician: { id: 'pr1', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW' },
  lastMessageAt: '2026-11-20T15:00:00.000Z',
  unread: 1,
};
const threadPath = routeById.patientMessageThread.path;
/** An account whose zone is far from any test machine's: its times can only come from the account. */
const accountZone = 'Pacific/Honolulu';
const accountDetails = () => ({ ...testUser, dateOfBirth: '1988-07-14', businessPartnerId: null, isPartnerAssociationActive: false, timeZone: accountZone });

describe('PatientMessagesPage', () => {
  it("lists the account's conversations with the clinician, whom each is about and the unread count", async () => {
    renderScreen(<PatientMessagesPage />, {
      path: routeById.patientMessages.path,
      answers: { listPatientThreads: () => ({ items: [summary], unread: 1 }), listPatientMessageContacts: () => ({ items: [] }) },
    });
    const list = await screen.findByRole('list', { name: message('ui.messages.patient.threadsLabel') });
    const link = within(list).getByRole('link', { name: 'Morgan Lee, LCSW' });
    expect(link.getAttribute('href')).toBe('/app/patient/dashboard/messages/t1');
    expect(within(list).getByText(message('ui.messages.unreadBadge', { count: '1' }))).toBeTruthy();
    expect(within(list).getByText(new RegExp(message('ui.messages.patient.about', { name: 'Sam Rivera' })))).toBeTruthy();
  });

  it("states each conversation's last message and a thread's messages in the account's zone, not the device's", async () => {
    const sentAt = summary.lastMessageAt;
    const when = message('ui.messages.lastAt', { when: formatDateTime(sentAt, accountZone) });
    const view = renderScreen(<PatientMessagesPage />, {
      path: routeById.patientMessages.path,
      answers: {
        listPatientThreads: () => ({ items: [summary], unread: 1 }),
        listPatientMessageContacts: () => ({ items: [] }),
        getUserDetails: accountDetails,
      },
    });
    const list = await screen.findByRole('list', { name: message('ui.messages.patient.threadsLabel') });
    expect(await within(list).findByText(when, { exact: false })).toBeTruthy();
    view.unmount();

    renderScreen(<PatientMessagesPage />, {
      path: threadPath,
      at: '/app/patient/dashboard/messages/t1',
      answers: {
        listPatientThreads: () => ({ items: [], unread: 0 }),
        getPatientThread: () => ({
          thread: { ...summary, unread: 0 },
          messages: [{ id: '1', side: 'clinician', mine: false, text: 'How was the week?', sentAt }],
        }),
        getUserDetails: accountDetails,
      },
    });
    const region = await screen.findByRole('region', { name: message('ui.messages.patient.with', { name: 'Morgan Lee, LCSW' }) });
    expect(await within(region).findByText(formatDateTime(sentAt, accountZone), { exact: false })).toBeTruthy();
  });

  it('says what happens next when there is no conversation yet and no clinician to write to', async () => {
    renderScreen(<PatientMessagesPage />, {
      path: routeById.patientMessages.path,
      answers: { listPatientThreads: () => ({ items: [], unread: 0 }), listPatientMessageContacts: () => ({ items: [] }) },
    });
    expect(await screen.findByText(message('ui.messages.patient.none'))).toBeTruthy();
    expect(await screen.findByText(message('ui.messages.patient.noContacts'))).toBeTruthy();
  });

  it('writes first: chooses one of their clinicians (naming whom it is about when the account has several patients) and opens the thread', async () => {
    const lee = { id: 'pr1', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW' };
    const { calls } = renderScreen(<PatientMessagesPage />, {
      path: routeById.patientMessages.path,
      answers: {
        listPatientThreads: () => ({ items: [], unread: 0 }),
        listPatientMessageContacts: () => ({
          items: [
            { client: { id: 'p1', firstName: 'Jordan', lastName: 'Rivera' }, clinician: lee },
            { client: { id: 'p2', firstName: 'Sam', lastName: 'Rivera' }, clinician: lee },
          ],
        }),
        startPatientThread: () => ({ ...summary, id: 't7', lastMessageAt: null, unread: 0 }),
      },
    });
    const form = (await screen.findByRole('heading', { name: message('ui.messages.patient.start') })).closest('form')!;
    const button = within(form).getByRole('button', { name: message('ui.messages.patient.startButton') });
    fireEvent.click(button);
    expect(within(form).getAllByText(message('ui.messages.patient.startChoose')).length).toBeGreaterThan(1);
    expect(calls.some((c) => c.id === 'startPatientThread')).toBe(false);
    const select = within(form).getByLabelText(message('ui.messages.patient.startLabel'));
    const option = within(select).getByRole('option', {
      name: message('ui.messages.patient.startOption', { clinician: 'Morgan Lee, LCSW', client: 'Sam Rivera' }),
    });
    fireEvent.change(select, { target: { value: (option as HTMLOptionElement).value } });
    fireEvent.click(button);
    expect((await screen.findByTestId('where')).textContent).toBe('/app/patient/dashboard/messages/t7');
    expect(calls.find((c) => c.id === 'startPatientThread')?.input).toEqual({ body: { patientId: 'p2', providerId: 'pr1' } });
  });

  it('reads a thread and answers it', async () => {
    const thread = (texts: string[]) => ({
      thread: { ...summary, unread: 0 },
      messages: texts.map((text, i) => ({ id: String(i + 1), side: i ? 'patient' : 'clinician', mine: i > 0, text, sentAt: '2026-11-20T15:00:00.000Z' })),
    });
    renderScreen(<PatientMessagesPage />, {
      path: threadPath,
      at: '/app/patient/dashboard/messages/t1',
      answers: {
        listPatientThreads: () => ({ items: [], unread: 0 }),
        getPatientThread: () => thread(['How was the week?']),
        sendPatientMessage: () => thread(['How was the week?', 'Better, thanks.']),
      },
    });
    const region = await screen.findByRole('region', { name: message('ui.messages.patient.with', { name: 'Morgan Lee, LCSW' }) });
    await within(region).findByText('How was the week?');
    fireEvent.change(within(region).getByLabelText(message('ui.messages.composeLabel')), { target: { value: 'Better, thanks.' } });
    fireEvent.click(within(region).getByRole('button', { name: message('ui.messages.send') }));
    expect(await within(region).findByText('Better, thanks.')).toBeTruthy();
  });

  it('shows the not-found state for a thread of another account', async () => {
    renderScreen(<PatientMessagesPage />, {
      path: threadPath,
      at: '/app/patient/dashboard/messages/t9',
      answers: {
        listPatientThreads: () => ({ items: [], unread: 0 }),
        getPatientThread: () => {
          throw httpError('getPatientThread', 404, { errorCode: 'NOT_FOUND' });
        },
      },
    });
    expect(await screen.findByRole('heading', { name: message('ui.patient.notFound.heading') })).toBeTruthy();
  });
});
