import { screen } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { httpError, renderScreen } from '@tests/support/screen-kit';
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
  it("hands the device over on the server and opens the patient's own screen", async () => {
    const user = aPerson();
    const { calls } = renderScreen(<AgendaPage />, {
      path: routeById.agenda.path,
      at: `${routeById.agenda.path}?practiceId=${practiceId}&date=2026-12-01`,
      groups: ['support'],
      answers: {
        getFrontDeskAgenda: () => agenda,
        listPractices: () => ({ items: [] }),
        startFrontDeskHandOver: () => ({
          patient: { id: '00000000-0000-4000-8000-0000000000b2', firstName: 'Avery', lastName: 'Johnson' },
          session: { id: '00000000-0000-4000-8000-0000000000a2', start: '2026-12-01T15:30:00.000Z' },
          practice: { id: practiceId, name: 'Riverside Practice', timeZone: 'America/Chicago' },
          date: '2026-12-01',
          consentId: null,
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: message('ui.support.agenda.handOver', { name: 'Avery Johnson' }) }));
    expect((await screen.findByTestId('where')).textContent).toBe(routeById.agendaHandOver.path);
    expect(calls.find((c) => c.id === 'startFrontDeskHandOver')?.input).toEqual({
      body: { appointmentId: '00000000-0000-4000-8000-0000000000a2', patientId: '00000000-0000-4000-8000-0000000000b2' },
    });
  });

  it("goes back to the patient's screen while the server still holds the device for them", async () => {
    renderScreen(<AgendaPage />, {
      path: routeById.agenda.path,
      at: `${routeById.agenda.path}?practiceId=${practiceId}&date=2026-12-01`,
      groups: ['support'],
      answers: {
        getFrontDeskAgenda: () => {
          throw httpError('getFrontDeskAgenda', 403, { errorCode: 'HAND_OVER_ACTIVE', message: 'x' });
        },
        listPractices: () => ({ items: [] }),
      },
    });
    expect((await screen.findByTestId('where')).textContent).toBe(routeById.agendaHandOver.path);
    expect(screen.queryByText(/Casey Nguyen/)).toBeNull();
  });
});
