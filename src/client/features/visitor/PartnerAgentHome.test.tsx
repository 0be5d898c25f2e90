/** A partner agent's home above provider search: their partner, its members, booking for one, their latest sessions. */
import { act, screen, within } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { renderScreen } from '@tests/support/screen-kit';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatSessionTime } from '@/domain/date-format';
import { bookingCleaned } from '@/client/store/booking/slice';
import { PartnerAgentHome } from './PartnerAgentHome';

const start = '2026-12-04T15:00:00.000Z';
const home = {
  partner: { id: '00000000-0000-4000-8000-0000000000f1', name: 'Acme Employee Assistance', partnershipCode: 'ACME-EAP' },
  members: [
    { id: '00000000-0000-4000-8000-0000000000a1', firstName: 'Avery', lastName: 'Johnson', email: 'avery.johnson@example.com' },
    { id: '00000000-0000-4000-8000-0000000000a2', firstName: 'Blake', lastName: 'Moreno', email: 'blake.moreno@example.com' },
  ],
  sessions: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      start,
      timeZone: 'America/Chicago',
      status: 'booked',
      providerName: 'Morgan Lee',
      patients: ['Avery Johnson'],
      accountEmail: 'avery.johnson@example.com',
    },
  ],
};

describe('PartnerAgentHome', () => {
  it('names the partner, lists its members and their latest sessions, and books for the member chosen (kept when the booking starts)', async () => {
    const user = aPerson();
    const { store } = renderScreen(<PartnerAgentHome />, {
      path: routeById.providerSearch.path,
      groups: ['third_party_support'],
      user: { userType: 'third_party_support' },
      answers: { getPartnerAgentHome: () => home },
    });
    const panel = within(await screen.findByRole('region', { name: message('ui.partnerAgent.heading', { partner: 'Acme Employee Assistance' }) }));
    const members = within(panel.getByRole('list', { name: message('ui.partnerAgent.members') }));
    expect(members.getByText('Blake Moreno')).toBeTruthy();
    const sessions = within(panel.getByRole('list', { name: message('ui.partnerAgent.sessions') }));
    // The session's own zone (the agent chose none for their account), named.
    expect(
      sessions.getByText(
        message('ui.partnerAgent.session', { when: formatSessionTime(start, 'America/Chicago'), provider: 'Morgan Lee', people: 'Avery Johnson' }),
      ),
    ).toBeTruthy();

    await user.click(members.getByRole('button', { name: message('ui.partnerAgent.bookFor', { name: 'Avery Johnson' }) }));
    const chosen = panel.getByText(message('ui.partnerAgent.bookingFor', { name: 'Avery Johnson', email: 'avery.johnson@example.com' }));
    expect(store.getState().bookingHelper.bookingFor).toEqual({ email: 'avery.johnson@example.com', name: 'Avery Johnson' });
    // Starting a booking keeps whom it is for: the e-mail step starts with the member's address.
    act(() => void store.dispatch(bookingCleaned({ keepB2bDetails: true })));
    expect(store.getState().bookingHelper.bookingFor?.email).toBe('avery.johnson@example.com');
    await screen.findByText(chosen.textContent!);

    await user.click(panel.getByRole('button', { name: message('ui.partnerAgent.change') }));
    expect(panel.queryByText(chosen.textContent!)).toBeNull();
    expect(store.getState().bookingHelper.bookingFor).toBeUndefined();
  });

  it('reads the sessions in the agent’s account zone when they chose one', async () => {
    renderScreen(<PartnerAgentHome />, {
      path: routeById.providerSearch.path,
      groups: ['third_party_support'],
      user: { userType: 'third_party_support', timeZone: 'Pacific/Honolulu' },
      answers: { getPartnerAgentHome: () => ({ ...home, members: [] }) },
    });
    expect(
      await screen.findByText(
        message('ui.partnerAgent.session', { when: formatSessionTime(start, 'Pacific/Honolulu'), provider: 'Morgan Lee', people: 'Avery Johnson' }),
      ),
    ).toBeTruthy();
    expect(screen.getByText(message('ui.partnerAgent.noMembers'))).toBeTruthy();
  });
});
