import { fireEvent, screen, within } from '@testing-library/react';
import * as careConstants from '@/generated/constants/care';
import { routeById } from '@/generated/routes';
import careMessageForm from '@/generated/forms/care-message';
import { message, messageIn } from '@/domain/messages';
import { setLocaleSource } from '@/domain/locale';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import type { RequestInput } from '@/generated/client/api';
import { httpError, renderScreen } from '@tests/support/screen-kit';
import CareMessagePage from './CareMessagePage';

const clinician = { id: 'pr1', firstName: 'Ava', lastName: 'Garcia', title: 'LCSW' };
const thread = (id: string, firstName: string, unread: number) => ({
  id,
  client: { id: `p-${id}`, firstName, lastName: 'Rivera' },
  clinician,
  lastMessageAt: '2026-11-20T15:00:00.000Z',
  unread,
});
const detail = (texts: { text: string; mine: boolean }[]) => ({
  thread: thread('t1', 'Jordan', 0),
  messages: texts.map((m, i) => ({
    id: String(i + 1),
    side: m.mine ? 'clinician' : 'patient',
    mine: m.mine,
    text: m.text,
    sentAt: '2026-11-20T15:00:00.000Z',
  })),
});
const quietClients = { listCareClients: () => ({ items: [] }) };
const JORDAN = '00000000-0000-4000-8000-00000000000a';
const CASEY = '00000000-0000-4000-8000-00000000000b';
const twoClients = {
  listCareClients: () => ({
    items: [
      { id: JORDAN, firstName: 'Jordan', lastName: 'Rivera' },
      { id: CASEY, firstName: 'Casey', lastName: 'Rivera' },
    ],
  }),
};

describe('CareMessagePage', () => {
  it('lists conversations with their unread counts and says what to do when there are no clients', async () => {
    renderScreen(<CareMessagePage />, {
      path: routeById.careMessage.path,
      groups: ['clinicians'],
      answers: { ...quietClients, listCareThreads: () => ({ items: [thread('t1', 'Jordan', 2), thread('t2', 'Casey', 0)], unread: 2 }) },
    });
    const list = await screen.findByRole('list', { name: message('ui.messages.care.threadsLabel') });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText(message('ui.messages.unreadBadge', { count: '2' }))).toBeTruthy();
    expect(within(rows[1]!).queryByText(/unread/)).toBeNull();
    expect(await screen.findByText(message('ui.messages.care.noClients'))).toBeTruthy();
  });

  it('opens a thread, refuses a blank message without calling the server, sends one and shows it', async () => {
    const sent: RequestInput[] = [];
    const { calls } = renderScreen(<CareMessagePage />, {
      path: routeById.careMessage.path,
      at: `${routeById.careMessage.path}?thread=t1`,
      groups: ['clinicians'],
      answers: {
        ...quietClients,
        listCareThreads: () => ({ items: [], unread: 0 }),
        getCareThread: () => detail([{ text: 'Can we move Tuesday?', mine: false }]),
        sendCareMessage: (input) => {
          sent.push(input);
          return detail([
            { text: 'Can we move Tuesday?', mine: false },
            { text: 'Yes, Wednesday works.', mine: true },
          ]);
        },
      },
    });
    const region = await screen.findByRole('region', { name: message('ui.messages.care.with', { name: 'Jordan Rivera' }) });
    await within(region).findByText('Can we move Tuesday?');
    fireEvent.click(within(region).getByRole('button', { name: message('ui.messages.send') }));
    expect(await within(region).findByText(message('ui.messages.blank'))).toBeTruthy();
    expect(calls.some((c) => c.id === 'sendCareMessage')).toBe(false);

    fireEvent.change(within(region).getByLabelText(message('ui.messages.composeLabel')), { target: { value: 'x'.repeat(careConstants.messageMaxLength + 1) } });
    fireEvent.click(within(region).getByRole('button', { name: message('ui.messages.send') }));
    expect(await within(region).findByText(message('ui.messages.tooLong', { max: String(careConstants.messageMaxLength) }))).toBeTruthy();

    fireEvent.change(within(region).getByLabelText(message('ui.messages.composeLabel')), { target: { value: 'Yes, Wednesday works.' } });
    fireEvent.click(within(region).getByRole('button', { name: message('ui.messages.send') }));
    expect(await within(region).findByText('Yes, Wednesday works.')).toBeTruthy();
    expect(sent).toEqual([{ params: { id: 't1' }, body: { text: 'Yes, Wednesday works.' } }]);
    expect((within(region).getByLabelText(message('ui.messages.composeLabel')) as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps what was typed and says how to recover when sending is refused for the rate limit', async () => {
    renderScreen(<CareMessagePage />, {
      path: routeById.careMessage.path,
      at: `${routeById.careMessage.path}?thread=t1`,
      groups: ['clinicians'],
      answers: {
        ...quietClients,
        listCareThreads: () => ({ items: [], unread: 0 }),
        getCareThread: () => detail([]),
        sendCareMessage: () => {
          throw httpError('sendCareMessage', 429, { errorCode: 'RATE_LIMITED' });
        },
      },
    });
    const region = await screen.findByRole('region', { name: message('ui.messages.care.with', { name: 'Jordan Rivera' }) });
    const box = within(region).getByLabelText(message('ui.messages.composeLabel')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(within(region).getByRole('button', { name: message('ui.messages.send') }));
    expect(await within(region).findByText(message('ui.messages.rateLimited'))).toBeTruthy();
    expect(box.value).toBe('Hello');
  });

  it('starts a conversation with the client chosen by name: none chosen is refused on the field, the chosen one is sent and opens', async () => {
    const started: RequestInput[] = [];
    const { calls } = renderScreen(<CareMessagePage />, {
      path: routeById.careMessage.path,
      groups: ['clinicians'],
      answers: {
        ...twoClients,
        listCareThreads: () => ({ items: [], unread: 0 }),
        startCareThread: (input) => {
          started.push(input);
          return thread('t2', 'Casey', 0);
        },
        getCareThread: () => ({ ...detail([]), thread: thread('t2', 'Casey', 0) }),
      },
    });
    const choice = (await screen.findByLabelText(specFieldTitle(careMessageForm, 'patientId'))) as HTMLSelectElement;
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a client', 'Jordan Rivera', 'Casey Rivera']);
    fireEvent.click(screen.getByRole('button', { name: specSubmitLabel(careMessageForm) }));
    expect(await screen.findByText(message('ui.messages.care.startChoose'), { selector: '.field__error' })).toBeTruthy();
    expect(calls.some((c) => c.id === 'startCareThread')).toBe(false);

    fireEvent.change(choice, { target: { value: CASEY } });
    fireEvent.click(screen.getByRole('button', { name: specSubmitLabel(careMessageForm) }));
    expect(await screen.findByRole('region', { name: message('ui.messages.care.with', { name: 'Casey Rivera' }) })).toBeTruthy();
    expect(started).toEqual([{ body: { patientId: CASEY } }]);
  });

  it('in Spanish, names the choice and the button in Spanish and says why the server refused', async () => {
    setLocaleSource(() => 'es');
    try {
      renderScreen(<CareMessagePage />, {
        path: routeById.careMessage.path,
        groups: ['clinicians'],
        answers: {
          ...twoClients,
          listCareThreads: () => ({ items: [], unread: 0 }),
          startCareThread: () => {
            throw httpError('startCareThread', 404, { errorCode: 'NOT_FOUND' });
          },
        },
      });
      // The form's Spanish copy (care-message.es.yaml).
      const choice = await screen.findByLabelText('Cliente');
      expect(screen.getByRole('heading', { name: messageIn('es', 'ui.messages.care.start') })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Abrir la conversación' }));
      expect(await screen.findByText(messageIn('es', 'ui.messages.care.startChoose'), { selector: '.field__error' })).toBeTruthy();
      fireEvent.change(choice, { target: { value: JORDAN } });
      fireEvent.click(screen.getByRole('button', { name: 'Abrir la conversación' }));
      expect(await screen.findByRole('alert')).toBeTruthy();
      expect(screen.queryByRole('region', { name: /Jordan/ })).toBeNull();
    } finally {
      setLocaleSource(() => undefined);
    }
  });
});
