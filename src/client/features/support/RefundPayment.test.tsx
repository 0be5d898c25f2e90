import { screen } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { renderScreen } from '@tests/support/screen-kit';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import refundForm from '@/generated/forms/support-refund';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { flagsServed, flagsSettled } from '@/client/store/flags/slice';
import { RefundPayment } from './RefundPayment';

const payment = {
  id: '00000000-0000-4000-8000-0000000000d1',
  status: 'partially_refunded' as const,
  amountCents: 15000,
  refundedCents: 2500,
  currency: 'USD',
  provider: 'card_gateway' as const,
  purpose: 'session' as const,
  cardBrand: 'Visa',
  cardLast4: '4242',
  createdAt: '2026-11-20T15:00:00.000Z',
};
const userId = '00000000-0000-4000-8000-0000000000e1';

describe('RefundPayment', () => {
  it('refunds part of what is left, read in cents, with a reason; an amount over what is left or no reason sends nothing', async () => {
    const user = aPerson();
    const { calls, store } = renderScreen(<RefundPayment payment={payment} userId={userId} />, {
      path: routeById.supportUser.path,
      groups: ['support'],
      answers: {
        refundPayment: () => ({ refundId: '00000000-0000-4000-8000-0000000000f1', amountCents: 1234, kind: 'refund' }),
        listAppointments: () => ({ items: [] }),
      },
    });
    store.dispatch(flagsServed({ traffic: 'user', variants: { supportRefunds: { name: 'enable', enabled: true } } }));
    store.dispatch(flagsSettled({ traffic: 'user', ready: true }));
    await user.click(await screen.findByRole('button', { name: message('ui.support.refund.open') }));

    const amount = screen.getByLabelText(specFieldTitle(refundForm, 'amount'));
    // It starts at what is left: $150.00 paid, $25.00 refunded.
    expect((amount as HTMLInputElement).value).toBe('125.00');
    await user.click(screen.getByRole('button', { name: specSubmitLabel(refundForm) }));
    expect(await screen.findByText(message('ui.support.refund.reasonRequired'))).toBeTruthy();

    await user.type(screen.getByLabelText(specFieldTitle(refundForm, 'reason')), 'The session started late.');
    await user.clear(amount);
    await user.type(amount, '125.01');
    await user.click(screen.getByRole('button', { name: specSubmitLabel(refundForm) }));
    expect(await screen.findByText(message('ui.support.refund.amountInvalid', { amount: formatCents(12500) }))).toBeTruthy();
    expect(calls.filter((c) => c.id === 'refundPayment')).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '$12.34');
    await user.click(screen.getByRole('button', { name: specSubmitLabel(refundForm) }));
    expect(await screen.findByText(message('ui.support.refund.done', { amount: formatCents(1234) }))).toBeTruthy();
    const sent = calls.filter((c) => c.id === 'refundPayment');
    expect(sent.map((c) => c.input)).toEqual([{ params: { id: payment.id }, body: { amountCents: 1234, reason: 'The session started late.' } }]);
    expect(sent[0]!.options?.idempotencyKey).toEqual(expect.any(String));
  });
});
