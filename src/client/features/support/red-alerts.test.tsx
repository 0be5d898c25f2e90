import { screen } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatSessionTime } from '@/domain/date-format';
import { httpError, renderScreen } from '@tests/support/screen-kit';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import resolveForm from '@/generated/forms/support-resolve-red-alert';
import RedAlertPage from './RedAlertPage';
import SyncAuditPage from './SyncAuditPage';
import SupportDashboardPage from './SupportDashboardPage';

const taskId = '00000000-0000-4000-8000-0000000000a1';
const patientId = '00000000-0000-4000-8000-0000000000b1';
const alert = {
  taskId,
  version: 2,
  status: 'open',
  priority: 'urgent',
  owner: null,
  raisedAt: '2026-11-24T15:00:00.000Z',
  reason: "The session could not be delivered to the practice's system: HTTP 500 (server error)",
  subject: { type: 'appointment', id: '00000000-0000-4000-8000-0000000000c1' },
  patient: { id: patientId, name: 'Jordan Rivera' },
  accountId: '00000000-0000-4000-8000-0000000000d1',
  appointmentId: '00000000-0000-4000-8000-0000000000c1',
  sync: { resourceType: 'Appointment', recordId: '00000000-0000-4000-8000-0000000000c1', status: 'failed', attempts: 5, lastError: 'HTTP 500 (server error)' },
  mail: null,
};
const mailAlert = {
  ...alert,
  reason: 'The confirmation e-mail of the session on Tue, Dec 1 at 10:00 AM EST was never delivered.',
  sync: null,
  mail: {
    template: 'appointment-confirmation',
    recipient: 'jordan@nowhere.invalid',
    tries: 7,
    delivered: false,
    lastError: '550 no mail server for nowhere.invalid',
  },
};

describe('red alerts', () => {
  const path = routeById.redAlert.path;

  it('shows what went wrong with the way to the session, retries, and says when it is still failing', async () => {
    const user = aPerson();
    const { calls } = renderScreen(<RedAlertPage />, {
      path,
      groups: ['support'],
      answers: {
        listMoneyDiscrepancies: () => ({ items: [] }),
        listRedAlerts: () => ({ items: [alert] }),
        retryRedAlert: () => ({ outcome: 'failed', answer: 'HTTP 503 (server error)', resolved: false }),
      },
    });
    expect(await screen.findByText(alert.reason)).toBeTruthy();
    expect(screen.getByText(message('ui.support.redAlert.tries', { count: 5, answer: 'HTTP 500 (server error)' }))).toBeTruthy();
    expect(screen.getByRole('link', { name: message('ui.support.redAlert.openSession') }).getAttribute('href')).toContain(alert.appointmentId);
    await user.click(screen.getByRole('button', { name: message('ui.support.redAlert.retry') }));
    expect(await screen.findByText(message('ui.support.redAlert.stillFailing', { answer: 'HTTP 503 (server error)' }))).toBeTruthy();
    expect(calls.find((c) => c.id === 'retryRedAlert')!.input).toMatchObject({ params: { id: taskId }, body: { version: 2 } });
  });

  it("says when each alert was raised in the agent's account zone, named", async () => {
    renderScreen(<RedAlertPage />, {
      path,
      groups: ['support'],
      user: { userType: 'support', timeZone: 'Pacific/Honolulu' },
      answers: { listMoneyDiscrepancies: () => ({ items: [] }), listRedAlerts: () => ({ items: [alert] }) },
    });
    expect(await screen.findByText(message('ui.support.redAlert.raisedAt', { when: formatSessionTime(alert.raisedAt, 'Pacific/Honolulu') }))).toBeTruthy();
  });

  it('sends a session e-mail that never arrived again: the mail server refusing is said in plain words, delivery resolves it', async () => {
    const user = aPerson();
    let answer = { outcome: 'failed', answer: '550 no mail server for nowhere.invalid', resolved: false };
    const { store } = renderScreen(<RedAlertPage />, {
      path,
      groups: ['support'],
      answers: {
        listMoneyDiscrepancies: () => ({ items: [] }),
        listRedAlerts: () => ({ items: answer.resolved ? [] : [mailAlert] }),
        retryRedAlert: () => answer,
      },
    });
    expect(await screen.findByText(mailAlert.reason)).toBeTruthy();
    expect(
      screen.getByText(
        message('ui.support.redAlert.mailTries', {
          template: message('ui.support.mail.appointmentConfirmation'),
          recipient: 'jordan@nowhere.invalid',
          count: 7,
          answer: '550 no mail server for nowhere.invalid',
        }),
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: message('ui.support.redAlert.retry') })).toBeNull();
    await user.click(screen.getByRole('button', { name: message('ui.support.redAlert.resendMail') }));
    expect(await screen.findByText(message('ui.support.redAlert.mailStillFailing', { answer: '550 no mail server for nowhere.invalid' }))).toBeTruthy();
    answer = { outcome: 'delivered', answer: message('task.redAlert.mailResent'), resolved: true };
    await user.click(screen.getByRole('button', { name: message('ui.support.redAlert.resendMail') }));
    await screen.findByText(message('ui.support.redAlert.empty'));
    expect(store.getState().toasts.items.map((t) => t.text)).toContain(message('ui.support.redAlert.mailSent'));
  });

  it('resolves only with a note, and says a stale version in plain words', async () => {
    const user = aPerson();
    const { calls } = renderScreen(<RedAlertPage />, {
      path,
      groups: ['support'],
      answers: {
        listMoneyDiscrepancies: () => ({ items: [] }),
        listRedAlerts: () => ({ items: [alert] }),
        resolveRedAlert: () => {
          throw httpError('resolveRedAlert', 409, { errorCode: 'TASK_VERSION_CONFLICT' });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: specSubmitLabel(resolveForm) }));
    expect(await screen.findByText(message('ui.support.redAlert.noteRequired'))).toBeTruthy();
    expect(calls.some((c) => c.id === 'resolveRedAlert')).toBe(false);
    await user.type(screen.getByLabelText(specFieldTitle(resolveForm, 'note')), '  Entered by hand in the EHR. ');
    await user.click(screen.getByRole('button', { name: specSubmitLabel(resolveForm) }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Someone else changed this task/);
    expect(calls.find((c) => c.id === 'resolveRedAlert')?.input).toEqual({ params: { id: taskId }, body: { version: 2, note: 'Entered by hand in the EHR.' } });
  });

  it('says when nothing needs a person', async () => {
    renderScreen(<RedAlertPage />, {
      path,
      groups: ['support'],
      answers: { listMoneyDiscrepancies: () => ({ items: [] }), listRedAlerts: () => ({ items: [] }) },
    });
    expect(await screen.findByText(message('ui.support.redAlert.empty'))).toBeTruthy();
  });

  it('lists delivery attempts with who asked, and filters by record type', async () => {
    const user = aPerson();
    const { calls } = renderScreen(<SyncAuditPage />, {
      path: routeById.supportRedAlertSyncAudit.path,
      groups: ['support'],
      answers: {
        listSyncAttempts: () => ({
          items: [
            {
              id: '1',
              at: '2026-11-24T15:00:00.000Z',
              resourceType: 'Patient',
              recordId: patientId,
              version: 3,
              adapter: 'fhir',
              outcome: 'failed',
              answer: 'HTTP 500 (server error)',
              requestedBy: null,
            },
          ],
          page: 1,
          pageSize: 50,
          total: 1,
        }),
      },
    });
    expect(await screen.findByText('HTTP 500 (server error)')).toBeTruthy();
    expect(screen.getByText(message('ui.support.syncAudit.worker'))).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(message('ui.support.syncAudit.resourceType')), message('ui.support.redAlert.resource.Patient'));
    await user.click(screen.getByRole('button', { name: message('ui.support.syncAudit.apply') }));
    await screen.findAllByText('HTTP 500 (server error)');
    expect(calls.filter((c) => c.id === 'listSyncAttempts').at(-1)!.input).toMatchObject({ query: { resourceType: 'Patient', page: 1 } });
  });

  it('the dashboard offers red alerts to support', async () => {
    renderScreen(<SupportDashboardPage />, { path: routeById.supportDashboard.path, groups: ['support'], answers: {} });
    expect(await screen.findByRole('link', { name: message('ui.support.nav.syncAudit') })).toBeTruthy();
  });

  it('the dashboard does not offer them to third-party agents', async () => {
    renderScreen(<SupportDashboardPage />, { path: routeById.supportDashboard.path, groups: ['third_party_support'], answers: {} });
    await screen.findByRole('heading', { name: message('ui.support.find.heading') });
    expect(screen.queryByRole('link', { name: message('ui.support.nav.syncAudit') })).toBeNull();
  });
});
