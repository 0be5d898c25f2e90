import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routeById } from '@/generated/routes';
import { messages } from '@/generated/messages';
import * as careEnums from '@/generated/enums/care';
import profileForm from '@/generated/forms/care-admin-provider-profile';
import removeProviderForm from '@/generated/forms/care-admin-remove-provider';
import { setLocaleSource } from '@/domain/locale';
import { message, messageIn } from '@/domain/messages';
import { enumLabelOf, routeTitle } from '@/domain/translations';
import { renderScreen } from '@tests/support/screen-kit';
import CareAdminEditPage from './CareAdminEditPage';

const provider = {
  id: 'pr1',
  firstName: 'Ava',
  lastName: 'Garcia',
  profile: {
    about: 'Calm, practical therapy.',
    aboutLocale: 'en-US',
    title: 'NP',
    filterIds: [],
    licensedStates: ['TX'],
    practiceId: '6f1c2a4e-0b7d-4c1e-9a52-3d8e5f7a9b10',
    payIndividual: 120,
    payFollowUp: null,
  },
  practices: [
    { id: '6f1c2a4e-0b7d-4c1e-9a52-3d8e5f7a9b10', name: 'Lakeside', city: 'Austin', state: 'TX' },
    { id: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Hillcrest', city: 'Dallas', state: 'TX' },
  ],
  removedReason: null,
  upcomingSessions: 2,
  profilePath: '/therapist/tx/ava-garcia',
};

const filters = [
  { id: 3, type: 'language', value: 'Spanish', displayValue: 'Spanish', description: null, priority: 1, mappingValue: null },
  { id: 7, type: 'client_age_group', value: 'Teens', displayValue: 'Teens', description: null, priority: 1, mappingValue: null },
];

function renderPage(updateAdminProvider: jest.Mock) {
  return renderScreen(<CareAdminEditPage />, {
    path: routeById.careAdminEdit.path,
    at: routeById.careAdminEdit.path.replace(':id', 'pr1'),
    groups: ['clinical_admin'],
    answers: { getAdminProvider: () => provider, getProviderFilters: () => ({ items: filters }), updateAdminProvider },
  });
}

describe('CareAdminEditPage', () => {
  it('saves the profile as edited: the rates as dollars read to the cent, the states and filter ids ticked', async () => {
    const updateAdminProvider = jest.fn(() => provider);
    const { calls } = renderPage(updateAdminProvider);
    const form = within(await screen.findByRole('region', { name: routeById.careAdminEdit.title }));
    expect((form.getByLabelText('About') as HTMLTextAreaElement).value).toBe('Calm, practical therapy.');
    fireEvent.change(form.getByLabelText('About'), { target: { value: 'Warm, practical therapy.' } });
    // Each language is named in itself and marked with it.
    expect(form.getByRole('option', { name: 'Español' }).getAttribute('lang')).toBe('es');
    fireEvent.change(form.getByLabelText(/^Language the about text/), { target: { value: 'es' } });
    fireEvent.change(form.getByLabelText('Title'), { target: { value: 'MD' } });
    fireEvent.change(form.getByLabelText('Practice'), { target: { value: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d' } });
    expect(form.getByRole('option', { name: 'Hillcrest, Dallas, TX' })).toBeTruthy();
    fireEvent.click(form.getByRole('checkbox', { name: 'Taking new clients' }));
    fireEvent.change(form.getByLabelText('Individual session rate ($)'), { target: { value: '$1,012.50' } });
    fireEvent.change(form.getByLabelText(/^Follow-up session rate/), { target: { value: '95.5' } });
    fireEvent.click(form.getByRole('checkbox', { name: 'California' }));
    // Filters are listed under their kind.
    const language = within(await form.findByRole('group', { name: enumLabelOf(careEnums.filterType, 'language') }));
    fireEvent.click(language.getByRole('checkbox', { name: 'Spanish' }));
    fireEvent.click(form.getByRole('checkbox', { name: 'Teens' }));
    fireEvent.click(form.getByRole('button', { name: profileForm.submitLabel }));
    await waitFor(() => expect(updateAdminProvider).toHaveBeenCalled());
    expect(calls.find((c) => c.id === 'updateAdminProvider')?.input).toEqual({
      params: { id: 'pr1' },
      body: {
        about: 'Warm, practical therapy.',
        aboutLocale: 'es',
        title: 'MD',
        filterIds: [3, 7],
        licensedStates: ['TX', 'CA'],
        practiceId: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
        acceptingNewPatients: false,
        payIndividual: 1012.5,
        payFollowUp: 95.5,
      },
    });
    expect(await screen.findByText(message('ui.care.admin.saved', { name: 'Ava Garcia' }))).toBeTruthy();
  });

  it('stops a rate that is no amount, and a profile without about text or state, before the server (in Spanish)', async () => {
    setLocaleSource(() => 'es');
    try {
      const updateAdminProvider = jest.fn(() => provider);
      renderPage(updateAdminProvider);
      const form = within(await screen.findByRole('region', { name: routeTitle('careAdminEdit') }));
      fireEvent.change(form.getByLabelText('Presentación'), { target: { value: '' } });
      fireEvent.change(form.getByLabelText('Tarifa por sesión individual ($)'), { target: { value: '12.345' } });
      fireEvent.click(form.getByRole('checkbox', { name: 'Texas' }));
      fireEvent.click(form.getByRole('button', { name: 'Guardar el perfil' }));
      expect(await form.findByText(messageIn('es', 'providerAdmin.aboutRequired'))).toBeTruthy();
      expect(form.getByText(messageIn('es', 'providerAdmin.payInvalid'))).toBeTruthy();
      expect(form.getByText(messageIn('es', 'providerAdmin.statesRequired'))).toBeTruthy();
      expect(updateAdminProvider).not.toHaveBeenCalled();
      // The follow-up rate may stay empty: it is sent as none.
      fireEvent.change(form.getByLabelText('Presentación'), { target: { value: 'Terapia práctica.' } });
      fireEvent.change(form.getByLabelText('Tarifa por sesión individual ($)'), { target: { value: '150' } });
      fireEvent.click(form.getByRole('checkbox', { name: 'Texas' }));
      fireEvent.click(form.getByRole('button', { name: 'Guardar el perfil' }));
      await waitFor(() => expect(updateAdminProvider).toHaveBeenCalled());
      expect(updateAdminProvider.mock.calls[0]).toEqual([
        expect.objectContaining({
          body: expect.objectContaining({ about: 'Terapia práctica.', payIndividual: 150, payFollowUp: null, licensedStates: ['TX'] }),
        }),
      ]);
    } finally {
      setLocaleSource(() => undefined);
    }
  });

  it('removes the provider with the chosen reason and the note for support', async () => {
    const { calls } = renderScreen(<CareAdminEditPage />, {
      path: routeById.careAdminEdit.path,
      at: routeById.careAdminEdit.path.replace(':id', 'pr1'),
      groups: ['clinical_admin'],
      answers: {
        getAdminProvider: () => provider,
        getProviderFilters: () => ({ items: [] }),
        removeAdminProvider: () => ({ removedReason: 'Incorrect Practitioner Type', redAlerts: 2 }),
      },
    });
    const remove = within(await screen.findByRole('region', { name: messages['ui.care.admin.removeHeading'] }));
    fireEvent.change(remove.getByLabelText('Reason for removal'), { target: { value: 'Incorrect Practitioner Type' } });
    fireEvent.change(remove.getByLabelText(/^Note for support/), { target: { value: 'Please offer the clients another provider.' } });
    const button = remove.getByRole('button', { name: removeProviderForm.submitLabel });
    // Removing cannot be undone: the button says so by its look.
    expect(button.className).toContain('btn--danger');
    fireEvent.click(button);
    await waitFor(() => expect(calls.some((c) => c.id === 'removeAdminProvider')).toBe(true));
    expect(calls.find((c) => c.id === 'removeAdminProvider')?.input).toEqual({
      params: { id: 'pr1' },
      body: { reason: 'Incorrect Practitioner Type', note: 'Please offer the clients another provider.' },
    });
  });
});
