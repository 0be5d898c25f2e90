import { screen, waitFor, within } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { renderScreen } from '@tests/support/screen-kit';
import * as careConstants from '@/generated/constants/care';
import * as intakeConstants from '@/generated/constants/intake';
import { message } from '@/domain/messages';
import { routeById } from '@/generated/routes';
import type { RequestInput } from '@/generated/client/api';
import FormsortPage from './FormsortPage';

const self = { id: 'p-self', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self', dateOfBirth: '1988-04-02' };
const [reasonPage, historyPage] = intakeConstants.intakeQuestionnaire.pages;
const score = (instrument: string, total: number) => ({
  id: `m-${instrument}`,
  instrument,
  total,
  band: 'mild',
  bandLabel: 'Mild',
  urgent: false,
  completedAt: '2026-11-24T10:00:00.000Z',
});

async function answerMeasure(user: ReturnType<typeof aPerson>, instrument: 'phq9' | 'gad7', pick: (i: number) => number) {
  for (const [i, q] of careConstants.measureInstruments[instrument].questions.entries()) {
    const group = screen.getByRole('group', { name: `${i + 1}. ${q}` });
    await user.click(within(group).getByRole('radio', { name: careConstants.measureAnswerOptions[pick(i)]!.label }));
  }
}

describe('the intake questionnaire (/app/formsort)', () => {
  it('asks page by page, holds a page until its required answers are given, shows the crisis screen before anything else the moment PHQ-9 item 9 is above 0, and sends it all', async () => {
    const user = aPerson();
    const { calls } = renderScreen(<FormsortPage />, {
      path: routeById.formsort.path,
      answers: {
        getUserPatients: () => ({ items: [self] }),
        raisePatientCrisisAlert: () => ({ raised: true }),
        submitPatientIntake: (input: RequestInput) => ({
          intake: {
            id: 'i1',
            answers: (input.body as { answers: object }).answers,
            phq9: score('phq9', 1),
            gad7: score('gad7', 0),
            submittedAt: '2026-11-24T10:00:00.000Z',
          },
        }),
      },
    });
    await screen.findByText(message('ui.intake.intro'));
    await user.click(screen.getByRole('button', { name: message('ui.intake.next') }));
    expect(screen.getByText(message('ui.intake.required'))).toBeTruthy();
    await user.type(screen.getByLabelText(reasonPage!.questions[0]!.label), 'Low mood');
    await user.click(screen.getByRole('button', { name: message('ui.intake.next') }));

    expect(screen.getByRole('heading', { name: new RegExp(historyPage!.title) })).toBeTruthy();
    await user.click(within(screen.getByRole('group', { name: historyPage!.questions[0]!.label })).getByRole('radio', { name: 'Never' }));
    await user.click(within(screen.getByRole('group', { name: historyPage!.questions[1]!.label })).getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: message('ui.intake.next') }));

    await answerMeasure(user, 'phq9', () => 0);
    expect(screen.queryByText(message('ui.intake.crisis'))).toBeNull();
    const itemNine = screen.getByRole('group', { name: `9. ${careConstants.measureInstruments.phq9.questions[8]}` });
    await user.click(within(itemNine).getByRole('radio', { name: careConstants.measureAnswerOptions[1]!.label }));
    // The crisis screen stands in for the questionnaire: its options, and nothing of the flow but the way back.
    const crisis = screen.getByRole('alert');
    expect(within(crisis).getByRole('heading', { name: message('ui.crisis.heading') })).toBe(document.activeElement);
    expect(
      within(crisis)
        .getByRole('link', { name: message('ui.layout.crisis.call988') })
        .getAttribute('href'),
    ).toBe('tel:988');
    expect(
      within(crisis)
        .getByRole('link', { name: message('ui.layout.crisis.text988') })
        .getAttribute('href'),
    ).toBe('sms:988');
    expect(
      within(crisis)
        .getByRole('link', { name: message('ui.layout.crisis.call911') })
        .getAttribute('href'),
    ).toBe('tel:911');
    expect(screen.queryByRole('button', { name: message('ui.intake.next') })).toBeNull();
    expect(calls.some((c) => c.id === 'submitPatientIntake')).toBe(false);
    // As the screen shows, the care team is told (its words say so): the cause only, never the answers.
    await waitFor(() => expect(calls.some((c) => c.id === 'raisePatientCrisisAlert')).toBe(true));
    const raised = calls.filter((c) => c.id === 'raisePatientCrisisAlert').map((c) => c.input);
    expect(raised).toEqual([{ params: { id: 'p-self' }, body: { cause: 'intakeItemNine', crisisKey: expect.stringMatching(/^[0-9a-f-]{36}$/) } }]);
    const { crisisKey } = raised[0]!.body as { crisisKey: string };
    await user.click(screen.getByRole('button', { name: message('ui.crisis.continue') }));
    // Back on the same page with the answers kept, the crisis resources still in view.
    expect(screen.getByRole('alert').textContent).toBe(message('ui.intake.crisis'));
    expect(
      within(screen.getByRole('group', { name: `9. ${careConstants.measureInstruments.phq9.questions[8]}` })).getByRole('radio', {
        name: careConstants.measureAnswerOptions[1]!.label,
      }),
    ).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: message('ui.intake.next') }));

    await user.click(screen.getByRole('button', { name: message('ui.intake.submit') }));
    expect(screen.getByText(message('ui.intake.answerAll'))).toBeTruthy();
    await answerMeasure(user, 'gad7', () => 0);
    await user.click(screen.getByRole('button', { name: message('ui.intake.submit') }));
    expect(await screen.findByText(message('ui.intake.done'))).toBeTruthy();
    const sent = calls.find((c) => c.id === 'submitPatientIntake')!.input;
    expect(sent.params).toEqual({ id: 'p-self' });
    expect(sent.body).toEqual({
      answers: { reason: 'Low mood', priorCare: 'never', medication: 'no' },
      phq9: [0, 0, 0, 0, 0, 0, 0, 0, 1],
      gad7: [0, 0, 0, 0, 0, 0, 0],
      crisisKey,
    });
    // Shown once, told once: going on and sending raised nothing more from the browser.
    expect(calls.filter((c) => c.id === 'raisePatientCrisisAlert')).toHaveLength(1);
  });

  it('shows the crisis screen when the written reason has crisis words, on leaving that page, then goes on', async () => {
    const user = aPerson();
    const { calls } = renderScreen(<FormsortPage />, {
      path: routeById.formsort.path,
      answers: { getUserPatients: () => ({ items: [self] }), raisePatientCrisisAlert: () => ({ raised: true }) },
    });
    await screen.findByText(message('ui.intake.intro'));
    await user.type(screen.getByLabelText(reasonPage!.questions[0]!.label), 'Some days I want to die');
    expect(screen.queryByRole('heading', { name: message('ui.crisis.heading') })).toBeNull();
    await user.click(screen.getByRole('button', { name: message('ui.intake.next') }));
    expect(screen.getByRole('heading', { name: message('ui.crisis.heading') })).toBeTruthy();
    // The care team is told as it shows; the words written are not sent with it.
    await waitFor(() => expect(calls.some((c) => c.id === 'raisePatientCrisisAlert')).toBe(true));
    expect(calls.filter((c) => c.id === 'raisePatientCrisisAlert').map((c) => c.input.body)).toEqual([{ cause: 'intakeWords', crisisKey: expect.any(String) }]);
    await user.click(screen.getByRole('button', { name: message('ui.crisis.continue') }));
    expect(screen.getByRole('heading', { name: new RegExp(historyPage!.title) })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message('ui.intake.crisis'));
  });

  it("names the child whose intake it is, from the portal's to-do for that child", async () => {
    const child = { id: 'p-child', firstName: 'Mia', lastName: 'Rivera', relationship: 'Child', dateOfBirth: '2016-05-01' };
    renderScreen(<FormsortPage />, {
      path: routeById.formsort.path,
      at: `${routeById.formsort.path}?patientId=p-child`,
      answers: { getUserPatients: () => ({ items: [self, child] }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: message('ui.intake.headingFor', { patient: 'Mia Rivera' }) })).toBeTruthy();
    expect(screen.getByText(message('ui.intake.introFor', { patient: 'Mia Rivera' }))).toBeTruthy();
  });

  it("keeps the plain heading for the account holder's own intake", async () => {
    renderScreen(<FormsortPage />, { path: routeById.formsort.path, answers: { getUserPatients: () => ({ items: [self] }) } });
    expect(await screen.findByRole('heading', { level: 1, name: message('ui.intake.heading') })).toBeTruthy();
  });
});
