import { screen } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { httpError, renderScreen, testUser } from '@tests/support/screen-kit';
import birthDateForm from '@/generated/forms/support-hand-over-birth-date';
import codeForm from '@/generated/forms/support-hand-over-code';
import consentForm from '@/generated/forms/support-hand-over-consent';
import { routeById } from '@/generated/routes';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import { message } from '@/domain/messages';
import FrontDeskHandOverPage from './FrontDeskHandOverPage';

const practiceId = '00000000-0000-4000-8000-000000000001';
const handOver = {
  patient: { id: '00000000-0000-4000-8000-0000000000b2', firstName: 'Avery', lastName: 'Johnson' },
  session: { id: '00000000-0000-4000-8000-0000000000a2', start: '2026-12-01T15:30:00.000Z' },
  practice: { id: practiceId, name: 'Riverside Practice', timeZone: 'America/Chicago' },
  date: '2026-12-01',
  consentId: '00000000-0000-4000-8000-0000000000c1',
};
const consent = { id: handOver.consentId, consentType: 'bookAppointmentConsent', text: 'I agree to care.' };

describe('FrontDeskHandOverPage', () => {
  it("shows the patient's task alone, and gives the device back only once the staff member types their sign-in code", async () => {
    const user = aPerson();
    const { calls } = renderScreen(<FrontDeskHandOverPage />, {
      path: routeById.agendaHandOver.path,
      groups: ['support'],
      user: { userType: 'support', email: 'sam.okafor@example.com' },
      answers: {
        getFrontDeskHandOver: () => handOver,
        frontDeskPatientAuth: () => ({ patientToken: 'patient-token', expiresAt: '2026-12-01T16:00:00.000Z' }),
        verifyFrontDeskConsent: () => ({ verified: false, consent }),
        signFrontDeskConsent: () => ({ ...consent, signedAt: '2026-12-01T15:20:00.000Z' }),
        sendEmailOtp: () => ({ sent: true, expiresInMinutes: 10 }),
        endFrontDeskHandOver: () => ({ practiceId, date: '2026-12-01' }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: message('ui.support.handover.heading', { name: 'Avery Johnson' }) })).toBeTruthy();
    // No way back to the agenda before the patient is done (or hands the device back).
    expect(screen.queryByRole('button', { name: specSubmitLabel(codeForm) })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();

    await user.type(screen.getByLabelText(specFieldTitle(birthDateForm, 'dob')), '1990-04-12');
    await user.click(screen.getByRole('button', { name: specSubmitLabel(birthDateForm) }));
    // Signing with nothing ticked or typed says what is missing, under each field, and sends nothing.
    await screen.findByText('I agree to care.');
    await user.click(screen.getByRole('button', { name: specSubmitLabel(consentForm) }));
    expect(await screen.findByText(message('ui.support.handover.agreeRequired'))).toBeTruthy();
    expect(screen.getByText(message('ui.support.handover.signerNameRequired'))).toBeTruthy();
    expect(calls.filter((c) => c.id === 'signFrontDeskConsent')).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: specFieldTitle(consentForm, 'agree') }));
    await user.type(screen.getByLabelText(specFieldTitle(consentForm, 'signerName')), 'Avery Johnson');
    await user.click(screen.getByRole('button', { name: specSubmitLabel(consentForm) }));
    expect(await screen.findByText(message('ui.support.handover.done'))).toBeTruthy();
    expect(calls.find((c) => c.id === 'signFrontDeskConsent')?.input.body).toEqual({ agree: true, signerName: 'Avery Johnson', patientToken: 'patient-token' });

    // The staff member signs in again: a code to their own address, typed on the device.
    await user.click(screen.getByRole('button', { name: message('ui.support.handover.sendCode') }));
    await screen.findByText(message('ui.support.handover.codeSent', { email: 'sam.okafor@example.com' }));
    expect(calls.find((c) => c.id === 'sendEmailOtp')?.input.body).toEqual({ email: 'sam.okafor@example.com' });
    await user.type(screen.getByLabelText(specFieldTitle(codeForm, 'otp')), '123456');
    await user.click(screen.getByRole('button', { name: specSubmitLabel(codeForm) }));
    expect((await screen.findByTestId('where')).textContent).toBe(`${routeById.agenda.path}?practiceId=${practiceId}&date=2026-12-01`);
    expect(calls.find((c) => c.id === 'endFrontDeskHandOver')?.input.body).toEqual({ otp: '123456' });
  });

  it('creates the consent of a session that has none once, when the patient has said who they are, and reads that one', async () => {
    const user = aPerson();
    const created = { ...consent, id: '00000000-0000-4000-8000-0000000000c2' };
    const { calls } = renderScreen(<FrontDeskHandOverPage />, {
      path: routeById.agendaHandOver.path,
      groups: ['support'],
      answers: {
        getFrontDeskHandOver: () => ({ ...handOver, consentId: null }),
        frontDeskPatientAuth: () => ({ patientToken: 'patient-token', expiresAt: '2026-12-01T16:00:00.000Z' }),
        createPatientConsent: () => created,
        verifyFrontDeskConsent: () => ({ verified: false, consent: created }),
      },
    });
    await user.type(await screen.findByLabelText(specFieldTitle(birthDateForm, 'dob')), '1990-04-12');
    expect(calls.filter((c) => c.id === 'createPatientConsent')).toEqual([]);
    await user.click(screen.getByRole('button', { name: specSubmitLabel(birthDateForm) }));
    await screen.findByText('I agree to care.');
    expect(calls.filter((c) => c.id === 'createPatientConsent').map((c) => c.input)).toEqual([
      { params: { id: handOver.patient.id }, body: { consentType: 'bookAppointmentConsent', appointmentId: handOver.session.id } },
    ]);
    expect(calls.find((c) => c.id === 'verifyFrontDeskConsent')?.input.params).toEqual({ id: created.id });
  });

  it('says so when the code is wrong, and stays on the patient’s screen', async () => {
    const user = aPerson();
    renderScreen(<FrontDeskHandOverPage />, {
      path: routeById.agendaHandOver.path,
      groups: ['support'],
      answers: {
        getFrontDeskHandOver: () => handOver,
        sendEmailOtp: () => ({ sent: true, expiresInMinutes: 10 }),
        endFrontDeskHandOver: () => {
          throw httpError('endFrontDeskHandOver', 401, { errorCode: 'OTP_INVALID', message: 'That code did not work.' });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: message('ui.support.handover.cancel') }));
    await user.click(screen.getByRole('button', { name: message('ui.support.handover.sendCode') }));
    await user.type(await screen.findByLabelText(specFieldTitle(codeForm, 'otp')), '000000');
    await user.click(screen.getByRole('button', { name: specSubmitLabel(codeForm) }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByText(message('ui.support.handover.takeBackIntro', { email: testUser.email }))).toBeTruthy();
  });

  it('opens the agenda when the device is not handed over', async () => {
    renderScreen(<FrontDeskHandOverPage />, {
      path: routeById.agendaHandOver.path,
      groups: ['support'],
      answers: {
        getFrontDeskHandOver: () => {
          throw httpError('getFrontDeskHandOver', 404, { errorCode: 'NOT_FOUND', message: 'x' });
        },
      },
    });
    expect((await screen.findByTestId('where')).textContent).toBe(routeById.agenda.path);
  });
});
