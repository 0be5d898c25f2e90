import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routeById } from '@/generated/routes';
import { messages } from '@/generated/messages';
import removeProviderForm from '@/generated/forms/care-admin-remove-provider';
import { renderScreen } from '@tests/support/screen-kit';
import CareAdminEditPage from './CareAdminEditPage';

const provider = {
  id: 'pr1',
  firstName: 'Ava',
  lastName: 'Garcia',
  profile: {
    about: 'Calm, practical therapy.',
    aboutLocale: 'en-US',
    title: 'Therapist',
    filterIds: [],
    licensedStates: ['TX'],
    practiceId: 'pc1',
    payIndividual: 120,
    payFollowUp: null,
  },
  practices: [{ id: 'pc1', name: 'Lakeside', city: 'Austin', state: 'TX' }],
  removedReason: null,
  upcomingSessions: 2,
  profilePath: '/therapist/tx/ava-garcia',
};

describe('CareAdminEditPage', () => {
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
