import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import decideForm from '@/generated/forms/care-rcd-decide-request';
import type { RequestInput } from '@/generated/client/api';
import { routeById } from '@/generated/routes';
import { messageIn } from '@/domain/messages';
import { setLocaleSource } from '@/domain/locale';
import { httpError, renderScreen } from '@tests/support/screen-kit';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import ProviderRequestsPage from './ProviderRequestsPage';

const path = routeById.careProviderRequests.path;
const request = (id: string, version: number, status = 'open') => ({
  id,
  version,
  status,
  provider: { id: 'pr1', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW', licensedStates: ['CO'] },
  request: { kind: 'licence_added', stateCode: 'WY', licenseNumber: 'WY-1', description: 'Licensed in Wyoming now.' },
  createdAt: '2026-11-20T15:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  reason: null,
});

describe('ProviderRequestsPage', () => {
  it('approves with the reason typed, and declines with the button beside it', async () => {
    const decisions: RequestInput[] = [];
    renderScreen(<ProviderRequestsPage />, {
      path,
      groups: ['rcd'],
      answers: {
        listRcdProviderRequests: () => ({ items: [request('q1', 2), request('q2', 5)] }),
        decideProviderRequest: (input) => {
          decisions.push(input);
          return request(String((input.params as { id: string }).id), 3, 'completed');
        },
      },
    });
    const items = await screen.findAllByRole('listitem');
    fireEvent.change(within(items[0]!).getByLabelText(specFieldTitle(decideForm, 'reason')), { target: { value: 'Licence checked.' } });
    fireEvent.click(within(items[0]!).getByRole('button', { name: specSubmitLabel(decideForm) }));
    fireEvent.change(within(items[1]!).getByLabelText(specFieldTitle(decideForm, 'reason')), { target: { value: 'No licence number.' } });
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(decisions).toHaveLength(2));
    expect(decisions).toEqual([
      { params: { id: 'q1' }, body: { decision: 'approve', reason: 'Licence checked.', version: 2 } },
      { params: { id: 'q2' }, body: { decision: 'decline', reason: 'No licence number.', version: 5 } },
    ]);
  });

  it('in Spanish, names the reason and the buttons in Spanish, asks for a reason before sending, and shows a refusal', async () => {
    setLocaleSource(() => 'es');
    try {
      const { calls } = renderScreen(<ProviderRequestsPage />, {
        path,
        groups: ['rcd'],
        answers: {
          listRcdProviderRequests: () => ({ items: [request('q1', 2)] }),
          decideProviderRequest: () => {
            throw httpError('decideProviderRequest', 409, { errorCode: 'TASK_VERSION_CONFLICT' });
          },
        },
      });
      // The form's Spanish copy (care-rcd-decide-request.es.yaml).
      const item = await screen.findByRole('listitem');
      expect(within(item).getByLabelText('Motivo de su decisión')).toBeTruthy();
      expect(within(item).getByRole('button', { name: messageIn('es', 'ui.rcd.requests.decline') })).toBeTruthy();
      fireEvent.click(within(item).getByRole('button', { name: 'Aprobar' }));
      expect(await within(item).findByText(messageIn('es', 'ui.rcd.requests.reasonRequired'), { selector: '.field__error' })).toBeTruthy();
      expect(calls.some((c) => c.id === 'decideProviderRequest')).toBe(false);
      fireEvent.change(within(item).getByLabelText('Motivo de su decisión'), { target: { value: 'Sin número de licencia.' } });
      fireEvent.click(within(item).getByRole('button', { name: 'Rechazar' }));
      expect(await within(item).findByRole('alert')).toBeTruthy();
      expect(calls.find((c) => c.id === 'decideProviderRequest')?.input.body).toEqual({ decision: 'decline', reason: 'Sin número de licencia.', version: 2 });
    } finally {
      setLocaleSource(() => undefined);
    }
  });
});
