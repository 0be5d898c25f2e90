import { screen, within } from '@testing-library/react';
import * as placesConstants from '@/generated/constants/places';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import PatientHomePage from './PatientHomePage';
import { renderScreen, testUser } from './test-kit';

const self = {
  id: 'p-self',
  firstName: 'Jordan',
  lastName: 'Rivera',
  relationship: 'Self',
  dateOfBirth: '1988-07-14',
  consents: [{ isConsentProvided: true, consentType: 'bookAppointmentConsent' }],
};
const child = { id: 'p-child', firstName: 'Mia', lastName: 'Rivera', relationship: 'Child', dateOfBirth: '2015-03-02', consents: [] };
const spouse = { id: 'p-spouse', firstName: 'Sam', lastName: 'Rivera', relationship: 'Spouse', dateOfBirth: '1987-01-01' };

const quiet = { listAppointments: () => ({ items: [] }), listPatientInsurances: () => ({ items: [] }) };

describe('PatientHomePage', () => {
  it('greets the patient, splits the people on the account by consent and asks only who must sign', async () => {
    renderScreen(<PatientHomePage />, {
      path: routeById.patientHome.path,
      answers: { getUserPatients: () => ({ items: [self, child, spouse] }), ...quiet },
    });
    expect(screen.getByRole('heading', { level: 1, name: message('ui.patient.greeting', { firstName: testUser.firstName }) })).toBeTruthy();

    const jordan = (await screen.findByText('Jordan Rivera')).closest('li')!;
    expect(within(jordan).getByText(message('ui.patient.home.consentSigned'))).toBeTruthy();
    const mia = screen.getByText('Mia Rivera').closest('li')!;
    expect(within(mia).getByText(message('ui.patient.home.consentMissing'))).toBeTruthy();
    // An adult dependant is not asked for consent (product-spec §4: Self and minors only).
    const sam = screen.getByText('Sam Rivera').closest('li')!;
    expect(within(sam).queryByText(message('ui.patient.home.consentMissing'))).toBeNull();

    expect(screen.getByText(message('ui.patient.consentNeeded', { patient: 'Mia Rivera' }))).toBeTruthy();
    expect(screen.queryByText(message('ui.patient.consentNeeded', { patient: 'Jordan Rivera' }))).toBeNull();
    const sign = screen.getByRole('link', { name: message('ui.patient.home.signConsent') });
    expect(sign.getAttribute('href')).toBe(`${routeById.verifyUserConsent.path}?patientId=p-child`);
  });

  it('asks the holder to sign a consent staff recorded for them on a call, as the first-time and verify screens do', async () => {
    const recordedOnCall = { ...self, consents: [{ isConsentProvided: true, consentType: 'bookAppointmentConsent', source: 'support_web' }] };
    renderScreen(<PatientHomePage />, { path: routeById.patientHome.path, answers: { getUserPatients: () => ({ items: [recordedOnCall] }), ...quiet } });
    const jordan = (await screen.findByText('Jordan Rivera')).closest('li')!;
    expect(within(jordan).getByText(message('ui.patient.home.consentMissing'))).toBeTruthy();
    expect(screen.getByText(message('ui.patient.consentNeeded', { patient: 'Jordan Rivera' }))).toBeTruthy();
  });

  it('says so when nothing needs doing, and shows the care cadence', async () => {
    renderScreen(<PatientHomePage />, { path: routeById.patientHome.path, answers: { getUserPatients: () => ({ items: [self] }), ...quiet } });
    expect(await screen.findByText(message('ui.patient.home.noTasks'))).toBeTruthy();
    for (const line of Object.values(placesConstants.careCadence)) expect(screen.getByText(line)).toBeTruthy();
  });

  it('asks for insurance card photos that are missing', async () => {
    const insurance = {
      id: 'i-1',
      patientId: 'p-self',
      carrierCode: 'BCBS',
      carrierName: 'Blue Cross',
      planId: 1,
      planName: 'PPO',
      memberId: 'X1',
      isMedicaid: false,
      insuranceInquiryAudits: [],
      cardFrontDocumentId: 'd-1',
      cardBackDocumentId: null,
    };
    renderScreen(<PatientHomePage />, {
      path: routeById.patientHome.path,
      answers: { ...quiet, getUserPatients: () => ({ items: [self] }), listPatientInsurances: () => ({ items: [insurance] }) },
    });
    expect(await screen.findByText(message('ui.patient.home.insuranceCardNeeded', { carrier: 'Blue Cross', patient: 'Jordan Rivera' }))).toBeTruthy();
    expect(screen.getByRole('link', { name: message('ui.patient.home.addInsuranceCard') }).getAttribute('href')).toBe(
      `${routeById.insuranceCardCapture.path}?patientId=p-self&insuranceId=i-1`,
    );
  });

  it('shows the next session with its video link', async () => {
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const next = {
      id: 's-1',
      status: 'booked',
      start,
      end: start,
      appointmentMode: 'online',
      counselingType: 'Individual Counseling',
      joinUrl: '/app/visit/r',
      timeZone: 'America/New_York',
      provider: { id: 'pr', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW', timeZone: 'America/New_York' },
      practice: { id: 'pc', name: 'Riverside', addressLine1: '1 A St', city: 'Columbus', state: 'OH', zipcode: '43215' },
      patients: [{ id: 'p-self', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self', isNew: false }],
      payment: null,
      selfPay: false,
      amountDueCents: 0,
      createdAt: start,
    };
    renderScreen(<PatientHomePage />, {
      path: routeById.patientHome.path,
      answers: { ...quiet, getUserPatients: () => ({ items: [self] }), listAppointments: () => ({ items: [next] }) },
    });
    expect((await screen.findByRole('link', { name: message('ui.patient.sessions.join') })).getAttribute('href')).toBe('/app/visit/r');
    expect(screen.getByText('Morgan Lee, LCSW')).toBeTruthy();
  });

  it('offers the six dashboard sections and Messages, the current one marked', () => {
    renderScreen(<PatientHomePage />, { path: routeById.patientHome.path, answers: { getUserPatients: () => ({ items: [self] }), ...quiet } });
    const nav = screen.getByRole('navigation', { name: message('ui.patient.navLabel') });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      routeById.patientHome.path,
      routeById.patientSessions.path,
      routeById.patientMessages.path,
      routeById.patientBilling.path,
      routeById.patientInsuranceCards.path,
      routeById.patientAccount.path,
      routeById.patientFireside.path,
    ]);
    expect(
      within(nav)
        .getByRole('link', { name: message('ui.patient.nav.home') })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(within(nav).getByRole('button', { name: message('ui.patient.signOut') })).toBeTruthy();
  });

  it("shows beside Messages how many of the clinicians' messages wait unread", async () => {
    renderScreen(<PatientHomePage />, {
      path: routeById.patientHome.path,
      answers: { getUserPatients: () => ({ items: [self] }), ...quiet, listPatientThreads: () => ({ items: [], unread: 2 }) },
    });
    const nav = screen.getByRole('navigation', { name: message('ui.patient.navLabel') });
    const link = await within(nav).findByRole('link', { name: `${message('ui.patient.nav.messages')} ${message('ui.messages.unreadBadge', { count: '2' })}` });
    expect(link.getAttribute('href')).toBe(routeById.patientMessages.path);
  });

  it('says how to recover when the people on the account cannot load', async () => {
    renderScreen(<PatientHomePage />, {
      path: routeById.patientHome.path,
      answers: {
        ...quiet,
        getUserPatients: () => {
          throw new Error('down');
        },
      },
    });
    expect((await screen.findAllByRole('alert'))[0]!.textContent).toMatch(/refresh the page/);
    expect(screen.getAllByRole('button', { name: message('ui.patient.retry') }).length).toBeGreaterThan(0);
  });
});
