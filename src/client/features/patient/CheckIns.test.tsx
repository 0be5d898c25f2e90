import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as careConstants from '@/generated/constants/care';
import { message } from '@/domain/messages';
import { routeById } from '@/generated/routes';
import { formatSessionTime } from '@/domain/date-format';
import { CheckInHistory, CheckInTasks } from './CheckIns';
import { renderScreen, testUser } from './test-kit';

const patient = { id: '55555555-5555-4555-8555-555555555555', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' as const };
const completedAt = '2026-11-20T15:00:00.000Z';
const score = { id: 'm1', instrument: 'phq9' as const, total: 6, band: 'mild', bandLabel: 'Mild', urgent: false, completedAt };
/** An account whose zone is far from any test machine's: the time can only come from the account. */
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

describe('CheckInTasks', () => {
  it('shows the crisis screen at once when PHQ-9 item 9 is answered above 0, then the questionnaire with its answers kept', async () => {
    const sent: unknown[] = [];
    const told: { body?: unknown }[] = [];
    renderScreen(<CheckInTasks checkIns={[{ patient, data: { items: [], due: ['phq9'] } }]} />, {
      path: routeById.patientHome.path,
      answers: {
        submitPatientMeasure: (request: unknown) => (sent.push(request), score),
        raisePatientCrisisAlert: (request: { body?: unknown }) => (told.push(request), { raised: true }),
      },
    });
    const phq9 = careConstants.measureInstruments.phq9;
    fireEvent.click(await screen.findByRole('button', { name: message('ui.patient.checkIn.start', { instrument: phq9.name }) }));
    const dialog = within(await screen.findByRole('dialog'));
    const itemNine = dialog.getByRole('group', { name: `9. ${phq9.questions[8]}` });
    fireEvent.click(within(itemNine).getByRole('radio', { name: careConstants.measureAnswerOptions[1]!.label }));
    // The crisis screen before anything else: no questions, no submit.
    const crisis = dialog.getByRole('alert');
    expect(within(crisis).getByRole('heading', { name: message('ui.crisis.heading') })).toBeTruthy();
    expect(
      within(crisis)
        .getByRole('link', { name: message('ui.layout.crisis.call988') })
        .getAttribute('href'),
    ).toBe('tel:988');
    expect(dialog.queryByRole('group', { name: `9. ${phq9.questions[8]}` })).toBeNull();
    expect(dialog.queryByRole('button', { name: message('ui.patient.checkIn.submit') })).toBeNull();
    expect(sent).toEqual([]);
    // As it shows, the care team is told (the screen says so), with the cause and the check-in's key, not the answers.
    await waitFor(() => expect(told.map((r) => r.body)).toEqual([{ cause: 'checkInItemNine', crisisKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }]));
    fireEvent.click(within(crisis).getByRole('button', { name: message('ui.crisis.continue') }));
    const again = dialog.getByRole('group', { name: `9. ${phq9.questions[8]}` });
    expect((within(again).getByRole('radio', { name: careConstants.measureAnswerOptions[1]!.label }) as HTMLInputElement).checked).toBe(true);
    // Seen once: another answer of item 9 does not show it again.
    fireEvent.click(within(again).getByRole('radio', { name: careConstants.measureAnswerOptions[3]!.label }));
    expect(dialog.queryByRole('heading', { name: message('ui.crisis.heading') })).toBeNull();
    expect(told).toHaveLength(1);
  });

  it('shows no crisis screen for item 9 answered "Not at all"', async () => {
    renderScreen(<CheckInTasks checkIns={[{ patient, data: { items: [], due: ['phq9'] } }]} />, { path: routeById.patientHome.path, answers: {} });
    const phq9 = careConstants.measureInstruments.phq9;
    fireEvent.click(await screen.findByRole('button', { name: message('ui.patient.checkIn.start', { instrument: phq9.name }) }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(
      within(dialog.getByRole('group', { name: `9. ${phq9.questions[8]}` })).getByRole('radio', { name: careConstants.measureAnswerOptions[0]!.label }),
    );
    expect(dialog.queryByRole('heading', { name: message('ui.crisis.heading') })).toBeNull();
    expect(dialog.getByRole('button', { name: message('ui.patient.checkIn.submit') })).toBeTruthy();
  });
});
