import { screen, within } from '@testing-library/react';
import { message } from '@/domain/messages';
import { routeById } from '@/generated/routes';
import { titleOfRoute } from '@/domain/translations';
import { renderScreen } from '@tests/support/screen-kit';
import { CareNav } from './CareNav';

describe('CareNav', () => {
  it("shows beside Messages how many of the clients' messages wait unread", async () => {
    renderScreen(<CareNav />, {
      path: routeById.careSchedule.path,
      groups: ['clinicians'],
      answers: { listCareThreads: () => ({ items: [], unread: 3 }) },
    });
    const nav = screen.getByRole('navigation', { name: message('ui.care.nav.label') });
    const link = await within(nav).findByRole('link', {
      name: `${titleOfRoute(routeById.careMessage)} ${message('ui.messages.unreadBadge', { count: '3' })}`,
    });
    expect(link.getAttribute('href')).toBe(routeById.careMessage.path);
  });

  it('shows no count when nothing waits', async () => {
    const { calls } = renderScreen(<CareNav />, {
      path: routeById.careSchedule.path,
      groups: ['clinicians'],
      answers: { listCareThreads: () => ({ items: [], unread: 0 }) },
    });
    const nav = screen.getByRole('navigation', { name: message('ui.care.nav.label') });
    await within(nav).findByRole('link', { name: titleOfRoute(routeById.careMessage) });
    expect(calls.some((c) => c.id === 'listCareThreads')).toBe(true);
    expect(within(nav).queryByText(message('ui.messages.unreadBadge', { count: '0' }))).toBeNull();
  });
});
