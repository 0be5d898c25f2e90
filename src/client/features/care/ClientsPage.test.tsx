import { screen } from '@testing-library/react';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatSessionTime, zoneLabel } from '@/domain/date-format';
import { renderScreen } from '@tests/support/screen-kit';
import ClientsPage from './ClientsPage';

// Honolulu keeps no daylight time and is no test machine's zone: a time read in the device's zone differs.
const providerZone = 'Pacific/Honolulu';
const nextSession = '2026-12-04T19:00:00.000Z';

describe('ClientsPage', () => {
  it("reads each client's sessions in the schedule's zone (the provider's), and names it", async () => {
    renderScreen(<ClientsPage />, {
      path: routeById.careClients.path,
      groups: ['clinicians'],
      answers: {
        listCareClients: () => ({
          timeZone: providerZone,
          items: [
            {
              id: 'p1',
              firstName: 'Jordan',
              lastName: 'Rivera',
              age: 38,
              careStatus: 'in_care',
              nextSession,
              lastSession: null,
              openItems: 0,
              urgent: false,
              latest: { phq9: null, gad7: null },
            },
          ],
        }),
      },
    });
    expect(await screen.findByText(new RegExp(escape(message('ui.care.clients.next', { when: formatSessionTime(nextSession, providerZone) }))))).toBeTruthy();
    expect(screen.getByText(message('ui.care.clients.zone', { zone: zoneLabel(providerZone) }))).toBeTruthy();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
