import { screen } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { routeById } from '@/generated/routes';
import { message, messageTemplate } from '@/domain/messages';
import { addDaysIso, isoDateIn } from '@/domain/dates';
import { formatDay, formatTime, formatTimeWithZone } from '@/domain/date-format';
import { renderScreen, type FakeAnswer } from '@tests/support/screen-kit';
import type { EndpointId } from '@/generated/api';
import CalendarPage from './CalendarPage';

// The device's zone, which staff screens never read times in; the viewer's zone is their account's.
const device = { zone: 'America/New_York' };
jest.mock('@/domain/date-format', () => ({ ...jest.requireActual('@/domain/date-format'), viewerTimeZone: () => device.zone }));
const viewer: { zone?: string } = {};

const providerZone = 'America/New_York';
const provider = {
  id: 'pr1',
  firstName: 'Ava',
  lastName: 'Garcia',
  title: 'LCSW',
  timeZone: providerZone,
  offersMedication: false,
  acceptingNewPatients: true,
  practice: { id: 'pc1', name: 'Lakeside', city: 'Columbus', state: 'OH' },
};
// Monday of this week in the provider's zone, and two slots on it: one in the morning, one late in the evening there.
const today = isoDateIn(new Date(), providerZone);
const monday = addDaysIso(today, 1 - (new Date(`${today}T12:00:00Z`).getUTCDay() || 7));
const morning = { id: 's1', start: `${monday}T15:00:00.000Z`, end: `${monday}T16:00:00.000Z`, mode: 'online', state: 'open' };
const evening = { id: 's2', start: `${monday}T23:30:00.000Z`, end: `${addDaysIso(monday, 1)}T00:30:00.000Z`, mode: 'online', state: 'open' };

function renderCalendar(more: Partial<Record<EndpointId, FakeAnswer>> = {}) {
  return renderScreen(<CalendarPage />, {
    path: routeById.careCalendar.path,
    groups: ['clinicians'],
    user: { userType: 'clinician', ...(viewer.zone ? { timeZone: viewer.zone } : {}) },
    answers: {
      getCareAvailability: () => ({
        provider,
        saved: true,
        updatedAt: null,
        availability: { timeZone: providerZone, slotMinutes: 60, bufferMinutes: 0, minNoticeHours: 24, windows: [], exceptions: [] },
      }),
      getCareCalendar: () => ({ provider: { id: 'pr1', timeZone: providerZone }, from: monday, days: 7, slots: [morning, evening], sessions: [] }),
      getCareCalendarFeed: () => ({ feed: null }),
      ...more,
    },
  });
}

describe('CalendarPage', () => {
  it("shows each time in the provider's zone and, beside it, in the viewer's account zone, labelled", async () => {
    viewer.zone = 'Asia/Tokyo';
    renderCalendar();
    await screen.findByText(`${formatTime(morning.start, providerZone)} – ${formatTimeWithZone(morning.end, providerZone)}`);
    expect(
      screen.getByText(
        message('ui.care.calendar.viewerTime', {
          time: `${formatDay(morning.start, 'Asia/Tokyo')}, ${formatTime(morning.start, 'Asia/Tokyo')} – ${formatTimeWithZone(morning.end, 'Asia/Tokyo')}`,
        }),
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        message('ui.care.calendar.viewerTime', {
          time: `${formatDay(evening.start, 'Asia/Tokyo')}, ${formatTime(evening.start, 'Asia/Tokyo')} – ${formatTimeWithZone(evening.end, 'Asia/Tokyo')}`,
        }),
      ),
    ).toBeTruthy();
  });

  it('shows the viewer-zone time with no day when the day is the same', async () => {
    viewer.zone = 'America/Chicago';
    renderCalendar();
    await screen.findByText(
      message('ui.care.calendar.viewerTime', { time: `${formatTime(morning.start, viewer.zone)} – ${formatTimeWithZone(morning.end, viewer.zone)}` }),
    );
  });

  it("shows no second time when the viewer's account is in the provider's zone, whatever the device's zone", async () => {
    viewer.zone = providerZone;
    device.zone = 'Asia/Tokyo';
    renderCalendar();
    await screen.findByText(`${formatTime(morning.start, providerZone)} – ${formatTime(morning.end, providerZone)}`);
    expect(screen.queryByText(messageTemplate('ui.care.calendar.viewerTime').split('{time}')[0]!, { exact: false })).toBeNull();
  });

  it("shows no second time in the device's zone when the viewer chose no zone for their account", async () => {
    delete viewer.zone;
    device.zone = 'Asia/Tokyo';
    renderCalendar();
    await screen.findByText(`${formatTime(morning.start, providerZone)} – ${formatTime(morning.end, providerZone)}`);
    expect(screen.queryByText(messageTemplate('ui.care.calendar.viewerTime').split('{time}')[0]!, { exact: false })).toBeNull();
  });

  it('turns "taking new clients" off at once, saying what that does, and says it is saved', async () => {
    const user = aPerson();
    const { calls } = renderCalendar({ saveCareNewClients: () => ({ acceptingNewPatients: false }) });
    const box = await screen.findByRole('checkbox', { name: message('ui.care.newClients.label') });
    expect(box).toHaveProperty('checked', true);
    expect(screen.getByText(message('ui.care.newClients.help'))).toBeTruthy();
    await user.click(box);
    expect(await screen.findByText(message('ui.care.newClients.saved'))).toBeTruthy();
    expect(calls.find((c) => c.id === 'saveCareNewClients')?.input.body).toEqual({ acceptingNewPatients: false });
    expect(screen.getByRole('checkbox', { name: message('ui.care.newClients.label') })).toHaveProperty('checked', false);
  });
  it('shows what the client would like help with under their session, and nothing where they wrote nothing', async () => {
    viewer.zone = providerZone;
    const practice = { id: 'pc1', name: 'Lakeside', addressLine1: '1 Main St', city: 'Columbus', state: 'OH', zipcode: '43004' };
    const session = (id: string, start: string, end: string, reason: string | null, firstName: string) => ({
      id,
      status: 'booked',
      start,
      end,
      appointmentMode: 'online',
      counselingType: 'individual',
      joinUrl: `/app/visit/${id}`,
      reason,
      practice,
      patients: [{ id: `p-${id}`, firstName, lastName: 'Reyes' }],
    });
    renderCalendar({
      getCareCalendar: () => ({
        provider: { id: 'pr1', timeZone: providerZone },
        from: monday,
        days: 7,
        slots: [],
        sessions: [session('a1', morning.start, morning.end, 'Sleep and worry at work', 'Lena'), session('a2', evening.start, evening.end, null, 'Omar')],
      }),
    });
    await screen.findByText(message('ui.care.calendar.session', { names: 'Lena Reyes' }));
    expect(screen.getByText(message('ui.care.schedule.reason', { reason: 'Sleep and worry at work' }))).toBeTruthy();
    expect(screen.getByText(message('ui.care.calendar.session', { names: 'Omar Reyes' }))).toBeTruthy();
    expect(screen.getAllByText(messageTemplate('ui.care.schedule.reason').split('{reason}')[0]!, { exact: false })).toHaveLength(1);
  });
});
