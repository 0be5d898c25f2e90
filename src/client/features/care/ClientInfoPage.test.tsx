import { fireEvent, screen } from '@testing-library/react';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { renderScreen } from '@tests/support/screen-kit';
import ClientInfoPage from './ClientInfoPage';

const progress = {
  baseline: null,
  latest: null,
  trend: null,
  response: false,
  remission: false,
  reliableImprovement: false,
  notImprovingByWeek8: false,
  due: false,
};
const client = {
  id: 'p1',
  firstName: 'Jordan',
  lastName: 'Rivera',
  age: 34,
  careStatus: 'in_care',
  nextSession: null,
  lastSession: null,
  openItems: 0,
  urgent: false,
  latest: { phq9: null, gad7: null },
};

describe('ClientInfoPage', () => {
  it('opens the secure conversation with the client from "Write a message"', async () => {
    const { calls } = renderScreen(<ClientInfoPage />, {
      path: routeById.careClientInfo.path,
      at: '/care/v1/client-info/p1',
      groups: ['clinicians'],
      answers: {
        getCareClient: () => ({
          client,
          gender: null,
          dateOfBirth: null,
          contact: { email: null, phone: null },
          responsibleParty: null,
          sessions: [],
          consents: [],
          insurances: [],
          authorizations: [],
          measures: [],
          progress: { phq9: progress, gad7: progress },
          notes: [],
          tasks: [],
        }),
        getPatientNoteTypes: () => ({ items: [] }),
        startCareThread: () => ({
          id: 't7',
          client: { id: 'p1', firstName: 'Jordan', lastName: 'Rivera' },
          clinician: { id: 'pr1', firstName: 'Ava', lastName: 'Garcia', title: 'LCSW' },
          lastMessageAt: null,
          unread: 0,
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: messages['ui.messages.care.writeTo'] }));
    expect((await screen.findByTestId('where')).textContent).toBe(`${routeById.careMessage.path}?thread=t7`);
    expect(calls.find((c) => c.id === 'startCareThread')?.input).toEqual({ body: { patientId: 'p1' } });
  });
});
