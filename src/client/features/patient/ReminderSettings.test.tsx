import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestInput } from '@/generated/client/api';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { ReminderSettings } from './ReminderSettings';
import { renderScreen, testUser } from './test-kit';

const path = routeById.patientAccountSettings.path;
const token = 'aStopLinkTokenOfTheReminderMail_0123456789';

describe('ReminderSettings', () => {
  it('shows the chosen channels and saves new ones', async () => {
    const updateReminderPreferences = jest.fn((input: RequestInput) => ({ ...(input.body as object), smsPhone: '(614) 555-0142' }));
    renderScreen(<ReminderSettings userId={testUser.id} />, {
      path,
      answers: { getReminderPreferences: () => ({ email: true, sms: false, smsPhone: '(614) 555-0142', smsAvailable: true }), updateReminderPreferences },
    });
    const email = (await screen.findByRole('checkbox', { name: message('ui.patient.reminders.email') })) as HTMLInputElement;
    const sms = screen.getByRole('checkbox', { name: message('ui.patient.reminders.sms', { phone: '(614) 555-0142' }) }) as HTMLInputElement;
    expect(email.checked).toBe(true);
    expect(sms.checked).toBe(false);
    await userEvent.click(email);
    await userEvent.click(sms);
    await userEvent.click(screen.getByRole('button', { name: message('ui.patient.reminders.save') }));
    await screen.findByText(message('ui.patient.reminders.saved'));
    expect(updateReminderPreferences).toHaveBeenCalledWith(expect.objectContaining({ params: { id: testUser.id }, body: { email: false, sms: true } }));
  });

  it('offers text messages only with a phone on file', async () => {
    renderScreen(<ReminderSettings userId={testUser.id} />, {
      path,
      answers: { getReminderPreferences: () => ({ email: true, sms: false, smsPhone: null, smsAvailable: true }) },
    });
    const sms = (await screen.findByRole('checkbox', { name: message('ui.patient.reminders.smsNoPhone') })) as HTMLInputElement;
    expect(sms.disabled).toBe(true);
  });

  it('offers no text reminders when the app sends no texts (SMS_ENABLED=false), and saves e-mail alone', async () => {
    const updateReminderPreferences = jest.fn((input: RequestInput) => ({ ...(input.body as object), smsPhone: '(614) 555-0142', smsAvailable: false }));
    renderScreen(<ReminderSettings userId={testUser.id} />, {
      path,
      answers: { getReminderPreferences: () => ({ email: true, sms: false, smsPhone: '(614) 555-0142', smsAvailable: false }), updateReminderPreferences },
    });
    await screen.findByText(message('ui.patient.reminders.introEmailOnly'));
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([message('ui.patient.reminders.email')]);
    expect(screen.queryByText(/text message/i)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: message('ui.patient.reminders.save') }));
    await screen.findByText(message('ui.patient.reminders.saved'));
    expect(updateReminderPreferences).toHaveBeenCalledWith(expect.objectContaining({ body: { email: true, sms: false } }));
  });

  it("spends a reminder mail's stop link once and says e-mail reminders stopped, with the switch to turn them on again", async () => {
    const useReminderLink = jest.fn(() => ({ valid: true, purpose: 'unsubscribe' }));
    const getReminderPreferences = jest.fn(() => ({ email: false, sms: false, smsPhone: null, smsAvailable: true }));
    renderScreen(<ReminderSettings userId={testUser.id} />, { path, at: `${path}?reminder=${token}`, answers: { useReminderLink, getReminderPreferences } });
    await screen.findByText(message('ui.patient.reminders.stopped'));
    expect(((await screen.findByRole('checkbox', { name: message('ui.patient.reminders.email') })) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(useReminderLink).toHaveBeenCalledTimes(1));
    expect(useReminderLink).toHaveBeenCalledWith(expect.objectContaining({ body: { token } }));
  });

  it('says when a stop link was already used', async () => {
    renderScreen(<ReminderSettings userId={testUser.id} />, {
      path,
      at: `${path}?reminder=${token}`,
      answers: { useReminderLink: () => ({ valid: false }), getReminderPreferences: () => ({ email: true, sms: false, smsPhone: null, smsAvailable: true }) },
    });
    await screen.findByText(message('ui.patient.reminders.linkUsed'));
  });
});
