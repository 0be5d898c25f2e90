import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routeById } from '@/generated/routes';
import { messages } from '@/generated/messages';
import { enums } from '@/generated/enums';
import licenceForm from '@/generated/forms/care-request-licence';
import payRatesForm from '@/generated/forms/care-request-pay-rates';
import { renderScreen } from '@tests/support/screen-kit';
import { ProviderRequestsPanel } from './ProviderRequestsPanel';

const path = routeById.careSchedule.path;
const answers = {
  listMyProviderRequests: () => ({ items: [] }),
  createProviderRequest: () => ({
    id: 'r1',
    status: 'open',
    request: { kind: 'licence_added', description: 'x' },
    createdAt: '2026-11-20T15:00:00.000Z',
    decidedAt: null,
    reason: null,
  }),
};

const panel = async () => within(await screen.findByRole('region', { name: messages['ui.care.requests.heading'] }));

describe('ProviderRequestsPanel', () => {
  it('asks for the state of a new licence before sending, then sends the request with it', async () => {
    const { calls } = renderScreen(<ProviderRequestsPanel />, { path, groups: ['clinicians'], answers });
    const p = await panel();
    fireEvent.change(p.getByLabelText('Licence number'), { target: { value: 'WY-1' } });
    fireEvent.change(p.getByLabelText('Tell your RCD about it'), { target: { value: 'Licensed in Wyoming now.' } });
    fireEvent.click(p.getByRole('button', { name: licenceForm.submitLabel }));
    expect(await p.findByText(messages['providerRequest.stateRequired'])).toBeTruthy();
    expect(calls.some((c) => c.id === 'createProviderRequest')).toBe(false);

    fireEvent.change(p.getByLabelText('State of the new licence'), { target: { value: 'WY' } });
    fireEvent.click(p.getByRole('button', { name: licenceForm.submitLabel }));
    await waitFor(() => expect(calls.some((c) => c.id === 'createProviderRequest')).toBe(true));
    expect(calls.find((c) => c.id === 'createProviderRequest')?.input).toEqual({
      body: { kind: 'licence_added', stateCode: 'WY', licenseNumber: 'WY-1', description: 'Licensed in Wyoming now.' },
    });
  });

  it('sends typed pay rates as numbers, and refuses one that is no amount', async () => {
    const { calls } = renderScreen(<ProviderRequestsPanel />, { path, groups: ['clinicians'], answers });
    const p = await panel();
    fireEvent.change(p.getByLabelText(messages['ui.care.requests.kind']), { target: { value: 'pay_rate_change' } });
    expect(p.getByRole('option', { name: enums.providerRequestKind.labels.pay_rate_change, selected: true })).toBeTruthy();
    expect(p.queryByLabelText('Licence number')).toBeNull();
    fireEvent.change(p.getByLabelText('New rate for an individual session ($)'), { target: { value: 'ten' } });
    fireEvent.change(p.getByLabelText('Tell your RCD about it'), { target: { value: 'New rates from January.' } });
    fireEvent.click(p.getByRole('button', { name: payRatesForm.submitLabel }));
    expect(await p.findByText(messages['providerAdmin.payInvalid'])).toBeTruthy();

    fireEvent.change(p.getByLabelText('New rate for an individual session ($)'), { target: { value: '135.50' } });
    fireEvent.change(p.getByLabelText(/^New rate for a follow-up session/), { target: { value: '95' } });
    fireEvent.click(p.getByRole('button', { name: payRatesForm.submitLabel }));
    await waitFor(() => expect(calls.some((c) => c.id === 'createProviderRequest')).toBe(true));
    expect(calls.find((c) => c.id === 'createProviderRequest')?.input).toEqual({
      body: { kind: 'pay_rate_change', payIndividual: 135.5, payFollowUp: 95, description: 'New rates from January.' },
    });
  });
});
