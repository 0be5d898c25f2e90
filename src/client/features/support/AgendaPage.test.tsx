import { screen } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { renderScreen } from '@tests/support/screen-kit';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatTime, zoneLabel } from '@/domain/date-format';
import AgendaPage from './AgendaPage';

const practiceId = '00000000-0000-4000-8000-000000000001';
const patient = (id: string, firstName: string, lastName: string) => ({
  id,
  firstName,
  lastName,
  checkedInAt: null,
  tasks: [{ kind: 'consentUnsigned', consentId: null }],
});
const session = (id: string, start: string, person: ReturnType<typeof patient>) => ({
  id,
  start,
  end: start.replace('T15', 'T16'),
  appointmentMode: 'in_person',
  counselingType: 'Individual Counseling',
  provider: { id: 'pv1', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW' },
  patients: [person],
});
const agenda = {
  practice: { id: practiceId, name: 'Riverside Practice', addressLine1: '1 Main St', city: 'Austin', state: 'TX', timeZone: 'America/Chicago' },
  date: '2026-12-01',
  sessions: [
    session('00000000-0000-4000-8000-0000000000a1', '2026-12-01T15:00:00.000Z', patient('00000000-0000-4000-8000-0000000000b1', 'Casey', 'Nguyen')),
    session('00000000-0000-4000-8000-0000000000a2', '2026-12-01T15:30:00.000Z', patient('00000000-0000-4000-8000-0000000000b2', 'Avery', 'Johnson')),
  ],
};

describe('AgendaPage times', () => {
  it("reads the day in the practice's zone and names it, whatever the device's zone", async () => {
    renderScreen(<AgendaPage />, {
      path: routeById.agenda.path,
      at: `${routeById.agenda.path}?practiceId=${practiceId}&date=2026-12-01`,
      groups: ['support'],
      answers: { getFrontDeskAgenda: () => agenda, listPractices: () => ({ items: [] }) },
    });
    expect(await screen.findByText(message('ui.timeZone.timesIn', { zone: zoneLabel('America/Chicago', new Date('2026-12-01T12:00:00Z')) }))).toBeTruthy();
    expect(screen.getByText(new RegExp(`^${formatTime('2026-12-01T15:00:00.000Z', 'America/Chicago')}–`))).toBeTruthy();
  });
});

describe('AgendaPage hand-over', () => {
  it("shows only the handed-over patient's screen: no agenda and no other patient behind it, until the device is given back", async () => {
    const user = aPerson();
    renderScreen(<AgendaPage />, {
      path: routeById.agenda.path,
      at: `${routeById.agenda.path}?practiceId=${practiceId}&date=2026-12-01`,
      groups: ['support'],
      answers: { getFrontDeskAgenda: () => agenda, listPractices: () => ({ items: [] }) },
    });
    await user.click(await screen.findByRole('button', { name: message('ui.support.agenda.handOver', { name: 'Avery Johnson' }) }));

    expect(screen.getByRole('heading', { level: 1, name: message('ui.support.handover.heading', { name: 'Avery Johnson' }) })).toBeTruthy();
    expect(screen.queryByText(/Casey Nguyen/)).toBeNull();
    expect(screen.queryByRole('heading', { name: message('ui.support.agenda.sessions', { practice: 'Riverside Practice' }) })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: message('ui.support.handover.cancel') }));
    expect((await screen.findAllByText(/Casey Nguyen/)).length).toBeGreaterThan(0);
  });
});
