import { screen, within } from '@testing-library/react';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import type { RequestInput } from '@/generated/client/api';
import { httpError, renderScreen } from '@tests/support/screen-kit';
import MySchedulePage from './MySchedulePage';
import { formatDay, formatTime, zoneLabel } from '@/domain/date-format';
import { enumLabelOf } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

const zone = 'America/Chicago';
const provider = { id: 'pr1', firstName: 'Ava', lastName: 'Garcia', title: 'Psychiatry PMHNP', timeZone: zone };
const practice = { id: 'pc1', name: 'Lakeside', addressLine1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701' };
const session = (over: Record<string, unknown>) => ({
  id: 's1',
  status: 'booked',
  start: '2026-12-01T15:00:00.000Z',
  end: '2026-12-01T15:50:00.000Z',
  appointmentMode: 'online',
  counselingType: 'Individual Counseling',
  joinUrl: '/app/visit/s1',
  practice,
  patients: [{ id: 'p1', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' }],
  ...over,
});
const path = routeById.careSchedule.path;

describe('MySchedulePage', () => {
  it("lists the clinician's sessions by day in their time zone, with the clients and how to meet them", async () => {
    renderScreen(<MySchedulePage />, {
      path,
      groups: ['clinicians'],
      answers: {
        getCareSchedule: (input: RequestInput) => ({
          provider,
          items:
            (input.query as { when: string }).when === 'upcoming'
              ? [
                  session({}),
                  session({
                    id: 's2',
                    start: '2026-12-01T18:00:00.000Z',
                    end: '2026-12-01T18:50:00.000Z',
                    appointmentMode: 'in_person',
                    joinUrl: null,
                    status: 'cancelled',
                  }),
                ]
              : [session({ id: 's0', start: '2026-11-01T15:00:00.000Z', end: '2026-11-01T15:50:00.000Z' })],
        }),
      },
    });
    const day = await screen.findByRole('region', { name: formatDay('2026-12-01T15:00:00.000Z', zone) });
    const items = within(day).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain(`${formatTime('2026-12-01T15:00:00.000Z', zone)} – ${formatTime('2026-12-01T15:50:00.000Z', zone)}`);
    expect(items[0]!.textContent).toContain(message('ui.care.schedule.clients', { names: 'Jordan Rivera' }));
    expect(
      within(items[0]!)
        .getByRole('link', { name: message('ui.care.schedule.join') })
        .getAttribute('href'),
    ).toBe('/app/visit/s1');
    expect(items[1]!.textContent).toContain(enumLabelOf(careEnums.appointmentStatus, 'cancelled'));
    expect(items[1]!.textContent).toContain(message('ui.care.schedule.inPerson', { practice: 'Lakeside', address: '1 Main St, Austin, TX 78701' }));
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    const past = await screen.findByRole('region', { name: formatDay('2026-11-01T15:00:00.000Z', zone) });
    // A session that is over offers no video link.
    expect(within(past).queryByRole('link')).toBeNull();
    expect(screen.getByText(message('ui.care.schedule.intro', { provider: 'Ava Garcia, Psychiatry PMHNP', zone: zoneLabel(zone) }))).toBeTruthy();
  });

  it('says what to do when the account is no provider', async () => {
    renderScreen(<MySchedulePage />, {
      path,
      groups: ['clinicians'],
      answers: {
        getCareSchedule: () => {
          throw httpError('getCareSchedule', 404, {});
        },
      },
    });
    expect(await screen.findByText(message('ui.care.schedule.noProvider'))).toBeTruthy();
  });
});
