import { screen } from '@testing-library/react';
import accountNotes from '@/generated/content/account-notes';
import { message } from '@/domain/messages';
import { routeById } from '@/generated/routes';
import PatientAccountPage from './PatientAccountPage';
import { renderScreen, testUser } from './test-kit';

const path = routeById.patientAccount.path;
const details = { ...testUser, dateOfBirth: '1988-07-14', businessPartnerId: null, isPartnerAssociationActive: false, phoneNumber: null };
const patients = {
  items: [
    { id: 'a', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' },
    { id: 'b', firstName: 'Mia', lastName: 'Rivera', relationship: 'Child', dateOfBirth: '2015-03-02' },
  ],
};

describe('PatientAccountPage', () => {
  it('shows contact details, dependants and the responsible-party texts of product-spec §1', async () => {
    renderScreen(<PatientAccountPage />, { path, answers: { getUserDetails: () => details, getUserPatients: () => patients } });
    expect(await screen.findByText(testUser.email)).toBeTruthy();
    expect(screen.getAllByText(message('ui.patient.account.notGiven')).length).toBe(2); // phone and address
    expect(await screen.findByText('Mia Rivera')).toBeTruthy();
    expect(screen.getByText(message('ui.patient.account.minor'))).toBeTruthy();
    for (const text of Object.values(accountNotes.texts)) expect(screen.getByText(String(text))).toBeTruthy();
    expect(screen.getByRole('link', { name: message('ui.patient.account.settings') }).getAttribute('href')).toBe(routeById.patientAccountSettings.path);
  });

  it('says when there are no dependants', async () => {
    renderScreen(<PatientAccountPage />, { path, answers: { getUserDetails: () => details, getUserPatients: () => ({ items: patients.items.slice(0, 1) }) } });
    expect(await screen.findByText(message('ui.patient.account.noDependants'))).toBeTruthy();
  });
});
