/** The insurance-verification queue: the decision the inquiry allows and a note (specs/forms/support-insurance-decision.yaml). */
import { screen, waitFor, within } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { renderScreen } from '@tests/support/screen-kit';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import { fieldLabel } from '@tests/e2e/journeys/words';
import decisionForm from '@/generated/forms/support-insurance-decision';
import * as patientsEnums from '@/generated/enums/patients';
import { routeById } from '@/generated/routes';
import { setLocaleSource } from '@/domain/locale';
import { message, messageIn } from '@/domain/messages';
import { enumLabelOf } from '@/domain/translations';
import { localizedForm } from '@/client/runtime/forms/localized-form';
import InsuranceVerificationPage from './InsuranceVerificationPage';

const path = routeById.supportInsuranceVerification.path;
const taskId = '6b0c2f0e-2d43-4a4e-9a7e-0f3f1c7d1a20';
const inquiryId = '6b0c2f0e-2d43-4a4e-9a7e-0f3f1c7d1a21';

function queued(outcome: 'ELIGIBLE' | 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED') {
  return {
    taskId,
    version: 1,
    status: 'open',
    owner: null,
    queuedAt: '2026-11-29T15:00:00.000Z',
    patient: { id: '0c0c2f0e-2d43-4a4e-9a7e-0f3f1c7d1a11', firstName: 'Jordan', lastName: 'Rivera', dateOfBirth: '1990-04-12' },
    account: { id: '00000000-0000-4000-8000-000000000001', email: 'jordan@example.com' },
    insurance: { id: '0c0c2f0e-2d43-4a4e-9a7e-0f3f1c7d1a12', carrierName: 'Oscar', planName: 'Silver', memberId: 'OSC123' },
    inquiry: {
      id: inquiryId,
      patientId: '0c0c2f0e-2d43-4a4e-9a7e-0f3f1c7d1a11',
      insuranceId: '0c0c2f0e-2d43-4a4e-9a7e-0f3f1c7d1a12',
      providerId: 'pr1',
      practiceId: 'pc1',
      internalOutcomeAssessment: outcome,
      carrierCode: 'OSC',
      carrierName: 'Oscar',
      planName: 'Silver',
      copay: outcome === 'ELIGIBLE' ? 25 : null,
      selfPayPrice: 150,
    },
    providerName: 'Morgan Lee',
    practiceName: 'Calm Practice',
  };
}

describe('the insurance-verification queue', () => {
  it('offers keeping the insurance only when it was eligible, asks for a decision and a note, and sends them', async () => {
    const user = aPerson();
    let items = [queued('CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED')];
    const { calls } = renderScreen(<InsuranceVerificationPage />, {
      path,
      groups: ['support'],
      answers: {
        listInsuranceVerifications: () => ({ items }),
        chooseInsuranceDecision: () => {
          items = [];
          return queued('CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED').inquiry;
        },
      },
    });
    const decision = await screen.findByRole('group', { name: specFieldTitle(decisionForm, 'decision') });
    expect(
      within(decision)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([enumLabelOf(patientsEnums.insuranceDecision, 'selfPay'), enumLabelOf(patientsEnums.insuranceDecision, 'askPatient')]);

    await user.click(screen.getByRole('button', { name: specSubmitLabel(decisionForm) }));
    expect(await screen.findByText(message('ui.support.queue.decisionRequired'))).toBeTruthy();
    expect(screen.getByText(message('ui.support.queue.noteRequired'))).toBeTruthy();
    expect(calls.some((c) => c.id === 'chooseInsuranceDecision')).toBe(false);

    await user.click(within(decision).getByRole('radio', { name: enumLabelOf(patientsEnums.insuranceDecision, 'selfPay') }));
    await user.type(screen.getByLabelText(specFieldTitle(decisionForm, 'note')), ' Told the caller the self-pay price. ');
    await user.click(screen.getByRole('button', { name: specSubmitLabel(decisionForm) }));
    await waitFor(() =>
      expect(calls.find((c) => c.id === 'chooseInsuranceDecision')?.input).toEqual({
        params: { id: inquiryId },
        body: { decision: 'selfPay', note: 'Told the caller the self-pay price.' },
      }),
    );
    expect(
      await screen.findByText(
        message('ui.support.queue.decided', { name: 'Jordan Rivera', decision: enumLabelOf(patientsEnums.insuranceDecision, 'selfPay') }),
      ),
    ).toBeTruthy();
  });

  it('reads in Spanish on a Spanish page: the choices, the note and the button', async () => {
    setLocaleSource(() => 'es');
    try {
      const user = aPerson();
      const { calls } = renderScreen(<InsuranceVerificationPage />, {
        path,
        groups: ['support'],
        answers: {
          listInsuranceVerifications: () => ({ items: [queued('ELIGIBLE')] }),
          chooseInsuranceDecision: () => queued('ELIGIBLE').inquiry,
        },
      });
      const submit = localizedForm(decisionForm).submitLabel!;
      const decision = await screen.findByRole('group', { name: fieldLabel(decisionForm, 'decision', 'es') });
      expect(within(decision).getAllByRole('radio')).toHaveLength(3);
      await user.click(screen.getByRole('button', { name: submit }));
      expect(await screen.findByText(messageIn('es', 'ui.support.queue.noteRequired'))).toBeTruthy();
      await user.click(within(decision).getByRole('radio', { name: enumLabelOf(patientsEnums.insuranceDecision, 'useInsurance') }));
      await user.type(screen.getByLabelText(fieldLabel(decisionForm, 'note', 'es')), 'Se queda con su seguro.');
      await user.click(screen.getByRole('button', { name: submit }));
      await waitFor(() =>
        expect(calls.find((c) => c.id === 'chooseInsuranceDecision')?.input).toEqual({
          params: { id: inquiryId },
          body: { decision: 'useInsurance', note: 'Se queda con su seguro.' },
        }),
      );
      expect(submit).not.toBe(specSubmitLabel(decisionForm));
    } finally {
      setLocaleSource(() => undefined);
    }
  });
});
