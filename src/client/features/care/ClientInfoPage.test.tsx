import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createQueryClient } from '@/client/api/query-client';
import { message } from '@/domain/messages';
import { formatSessionTime } from '@/domain/date-format';
import { routeById } from '@/generated/routes';
import { renderScreen } from '@tests/support/screen-kit';
import noteForm from '@/generated/forms/care-client-note';
import ClientInfoPage from './ClientInfoPage';
import { enumLabelOf } from '@/domain/translations';
import * as peopleEnums from '@/generated/enums/people';

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

const empty = {
  gender: null,
  dateOfBirth: null,
  contact: { email: null, phone: null },
  responsibleParty: null,
  sessions: [],
  consents: [],
  insurances: [],
  authorizations: [],
  measures: [],
  intake: null,
  progress: { phq9: progress, gad7: progress },
  notes: [],
  tasks: [],
};

describe('ClientInfoPage', () => {
  it('names each consent by its kind and downloads a signed one as its PDF', async () => {
    const created = jest.fn(() => 'blob:consent');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const { calls } = renderScreen(<ClientInfoPage />, {
      path: routeById.careClientInfo.path,
      at: '/care/v1/client-info/p1',
      groups: ['clinicians'],
      answers: {
        getCareClient: () => ({
          ...empty,
          client,
          consents: [
            { id: 'c1', kind: 'bookAppointmentConsent', signedAt: '2026-03-02T15:00:00.000Z' },
            { id: 'c2', kind: 'paymentConsent', signedAt: null },
          ],
        }),
        getConsentPdf: () => new Blob(['%PDF-'], { type: 'application/pdf' }),
      },
    });
    const section = within((await screen.findByRole('heading', { name: message('ui.care.client.consents') })).closest('section')!);
    expect(section.queryByText(/bookAppointmentConsent|paymentConsent/)).toBeNull();
    expect(
      section.getByText(new RegExp(`^${enumLabelOf(peopleEnums.consentType, 'paymentConsent')}: ${message('ui.care.client.consentUnsigned')}`)),
    ).toBeTruthy();
    const pdfName = message('ui.care.client.consentPdf', { kind: enumLabelOf(peopleEnums.consentType, 'bookAppointmentConsent') });
    // Only the signed consent has its PDF.
    expect(section.getAllByRole('button')).toHaveLength(1);
    fireEvent.click(section.getByRole('button', { name: pdfName }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(calls.find((c) => c.id === 'getConsentPdf')?.input).toEqual({ params: { id: 'p1', consentId: 'c1' } });
  });

  it("reads the client's sessions and signatures in the schedule's zone (the practice's), named, not the device's", async () => {
    // Honolulu keeps no daylight time and is no test machine's zone: a time read in the device's zone differs.
    const scheduleZone = 'Pacific/Honolulu';
    const start = '2026-12-04T19:00:00.000Z';
    const signedAt = '2026-03-02T15:00:00.000Z';
    renderScreen(<ClientInfoPage />, {
      path: routeById.careClientInfo.path,
      at: '/care/v1/client-info/p1',
      groups: ['clinicians'],
      answers: {
        listCareClients: () => ({ timeZone: scheduleZone, items: [] }),
        getCareClient: () => ({
          ...empty,
          client,
          consents: [{ id: 'c1', kind: 'bookAppointmentConsent', signedAt }],
          sessions: [{ id: 's1', start, counselingType: 'Individual Counseling', appointmentMode: 'video', status: 'booked' }],
        }),
      },
    });
    expect(await screen.findByText(formatSessionTime(start, scheduleZone))).toBeTruthy();
    expect(screen.getByText(message('ui.care.client.consentSigned', { when: formatSessionTime(signedAt, scheduleZone) }), { exact: false })).toBeTruthy();
  });

  it('resolves an urgent clinical alert with a required note, then the flag clears', async () => {
    const alert = {
      id: 'a1',
      version: 3,
      kind: 'clinical_alert',
      priority: 'stat',
      status: 'open',
      reason: 'PHQ-9 item 9 answered 1 or more',
      createdAt: '2026-03-02T15:00:00.000Z',
    };
    let resolved = false;
    const { calls } = renderScreen(<ClientInfoPage />, {
      path: routeById.careClientInfo.path,
      at: '/care/v1/client-info/p1',
      groups: ['clinicians'],
      answers: {
        getCareClient: () =>
          resolved
            ? { ...empty, client: { ...client, urgent: false }, tasks: [{ ...alert, status: 'completed', version: 4 }] }
            : { ...empty, client: { ...client, urgent: true, openItems: 1 }, tasks: [alert] },
        resolveCareAlert: () => {
          resolved = true;
          return { status: 'completed', version: 4 };
        },
      },
    });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(within(heading).getByText(message('ui.care.clients.urgent'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: message('ui.care.alert.resolve') }));
    expect(await screen.findByText(message('ui.care.alert.noteRequired'))).toBeTruthy();
    expect(calls.some((c) => c.id === 'resolveCareAlert')).toBe(false);
    fireEvent.change(screen.getByLabelText('How was this alert handled?'), { target: { value: ' Called the client; safe. ' } });
    fireEvent.click(screen.getByRole('button', { name: message('ui.care.alert.resolve') }));
    await waitFor(() => expect(screen.queryByRole('button', { name: message('ui.care.alert.resolve') })).toBeNull());
    expect(calls.find((c) => c.id === 'resolveCareAlert')?.input).toEqual({ params: { id: 'a1' }, body: { version: 3, note: 'Called the client; safe.' } });
    expect(within(screen.getByRole('heading', { level: 1 })).queryByText(message('ui.care.clients.urgent'))).toBeNull();
  });

  it('adds a note of the chosen type; a blank one is stopped with its message, and a saved one empties the form', async () => {
    const savePatientNote = jest.fn((input: { body?: unknown }) => ({ id: 'n1', ...(input.body as object) }));
    const { calls } = renderScreen(<ClientInfoPage />, {
      path: routeById.careClientInfo.path,
      at: '/care/v1/client-info/p1',
      groups: ['clinicians'],
      answers: { getCareClient: () => ({ ...empty, client }), savePatientNote },
    });
    const notes = within(await screen.findByRole('region', { name: message('ui.care.client.notes') }));
    expect((notes.getByLabelText('Note type') as HTMLSelectElement).value).toBe('clinical_handoff');
    fireEvent.change(notes.getByLabelText('Note'), { target: { value: '   ' } });
    fireEvent.click(notes.getByRole('button', { name: noteForm.submitLabel }));
    expect(await notes.findByText(message('ui.care.client.noteRequired'))).toBeTruthy();
    expect(savePatientNote).not.toHaveBeenCalled();
    fireEvent.change(notes.getByLabelText('Note type'), { target: { value: 'scheduling' } });
    fireEvent.change(notes.getByLabelText('Note'), { target: { value: 'Prefers mornings.' } });
    fireEvent.click(notes.getByRole('button', { name: noteForm.submitLabel }));
    await waitFor(() => expect(savePatientNote).toHaveBeenCalled());
    expect(calls.find((c) => c.id === 'savePatientNote')?.input).toEqual({ body: { patientId: 'p1', noteType: 'scheduling', text: 'Prefers mornings.' } });
    await waitFor(() => expect((notes.getByLabelText('Note') as HTMLTextAreaElement).value).toBe(''));
  });

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
    fireEvent.click(await screen.findByRole('button', { name: message('ui.messages.care.writeTo') }));
    expect((await screen.findByTestId('where')).textContent).toBe(`${routeById.careMessage.path}?thread=t7`);
    expect(calls.find((c) => c.id === 'startCareThread')?.input).toEqual({ body: { patientId: 'p1' } });
  });

  it("shows a PHQ-9 the client answered while the page stayed open, once the page is back in view, with the app's cache settings", async () => {
    const measure = {
      id: 'm1',
      instrument: 'phq9',
      total: 12,
      band: 'moderate',
      bandLabel: 'Moderate',
      urgent: false,
      completedAt: '2026-03-02T15:00:00.000Z',
    };
    let answered = false;
    renderScreen(<ClientInfoPage />, {
      path: routeById.careClientInfo.path,
      at: '/care/v1/client-info/p1',
      groups: ['clinicians'],
      queryClient: createQueryClient(),
      answers: { getCareClient: () => ({ ...empty, client, measures: answered ? [measure] : [] }) },
    });
    expect(await screen.findByText(message('ui.care.client.noMeasures'))).toBeTruthy();
    answered = true;
    // The clinician comes back to the tab (the browser tells the page it is visible again).
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    const row = await screen.findByText(message('ui.care.clients.measure', { instrument: 'PHQ-9', total: '12', band: 'Moderate' }));
    expect(row).toBeTruthy();
    expect(screen.queryByText(message('ui.care.client.noMeasures'))).toBeNull();
  });
});
