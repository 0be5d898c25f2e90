import { aPerson } from '@tests/support/person';
import { screen, waitFor, within } from '@testing-library/react';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { httpError, renderScreen, testUser, type FakeAnswer } from '@tests/support/screen-kit';
import FirstTimeAmdUserPage from './FirstTimeAmdUserPage';
import FirstTimeUserPage from './FirstTimeUserPage';

const token = 'abcdefghijklmnopqrstuvwxyz012345';
const amdPath = routeById.firstTimeAmdUser.path;

describe('the first-time screens', () => {
  it('sends the record’s details with the page’s language and the zone chosen, and shows a refusal in the catalogue’s words', async () => {
    const user = aPerson();
    const claim: FakeAnswer = (input) => {
      if ((input.body as { zipcode: string }).zipcode !== '45402')
        throw httpError('claimAccount', 422, { errorCode: 'CLAIM_DETAILS_MISMATCH', message: errorCatalogue.CLAIM_DETAILS_MISMATCH.message });
      return { accessToken: 'x', tokenType: 'Bearer', expiresAt: '2030-01-01T00:00:00.000Z', user: { id: testUser.id }, groups: ['patient'] };
    };
    const { calls } = renderScreen(<FirstTimeAmdUserPage />, { path: amdPath, at: `${amdPath}?claimToken=${token}`, answers: { claimAccount: claim } });
    expect(screen.getByText(messages['ui.firstTime.amdIntro'])).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(messages['ui.firstTime.zoneLabel']), 'America/Denver');
    await user.type(screen.getByLabelText('Date of birth'), '1971-09-08');
    await user.type(screen.getByLabelText('Last name'), 'Lane');
    await user.type(screen.getByLabelText('Zip code'), '45403');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorCatalogue.CLAIM_DETAILS_MISMATCH.message);
    await user.clear(screen.getByLabelText('Zip code'));
    await user.type(screen.getByLabelText('Zip code'), '45402');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    await waitFor(() => expect(calls.filter((c) => c.id === 'claimAccount')).toHaveLength(2));
    expect(calls.filter((c) => c.id === 'claimAccount').map((c) => c.input.body)).toEqual([
      { claimToken: token, dateOfBirth: '1971-09-08', lastName: 'Lane', zipcode: '45403', language: 'en-US', timeZone: 'America/Denver' },
      { claimToken: token, dateOfBirth: '1971-09-08', lastName: 'Lane', zipcode: '45402', language: 'en-US', timeZone: 'America/Denver' },
    ]);
  });

  it('signed in without the link: the sessions booked and a consent staff recorded on the call, left for the person to sign', async () => {
    const self = {
      id: '77777777-7777-4777-8777-777777777777',
      firstName: 'Jordan',
      lastName: 'Rivera',
      relationship: 'Self',
      dateOfBirth: '1980-01-01',
      consents: [{ isConsentProvided: true, consentType: 'bookAppointmentConsent', source: 'support_web' }],
    };
    const start = '2030-03-04T15:00:00.000Z';
    const booked = {
      id: 's-1',
      status: 'booked',
      start,
      end: start,
      appointmentMode: 'online',
      counselingType: 'Individual Counseling',
      timeZone: 'America/Chicago',
      provider: { id: 'pr', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW', timeZone: 'America/New_York' },
      practice: { id: 'pc', name: 'Riverside', addressLine1: '1 A St', city: 'Columbus', state: 'OH', zipcode: '43215' },
      patients: [{ id: self.id, firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self', isNew: false }],
      payment: null,
      selfPay: false,
      amountDueCents: 0,
      createdAt: start,
    };
    const path = routeById.firstTimeUser.path;
    renderScreen(<FirstTimeUserPage />, { path, answers: { getUserPatients: () => ({ items: [self] }), listAppointments: () => ({ items: [booked] }) } });
    expect(await screen.findByRole('heading', { name: message('ui.firstTime.readyHeading', { name: testUser.firstName }) })).toBeTruthy();
    const sessions = screen.getByRole('region', { name: messages['ui.firstTime.booked'] });
    expect((await within(sessions).findByRole('listitem')).textContent).toContain('9:00 AM CST');
    const pending = screen.getByRole('region', { name: messages['ui.firstTime.pending'] });
    const sign = await within(pending).findByRole('link', { name: messages['ui.patient.home.signConsent'] });
    expect(sign.getAttribute('href')).toBe(`${routeById.verifyUserConsent.path}?patientId=${self.id}`);
  });
});
