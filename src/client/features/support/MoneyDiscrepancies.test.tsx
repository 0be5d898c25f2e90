import { screen, within } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { renderScreen } from '@tests/support/screen-kit';
import { MoneyDiscrepancies } from './MoneyDiscrepancies';
import { enumLabelOf } from '@/domain/translations';
import * as moneyEnums from '@/generated/enums/money';

const path = routeById.supportRedAlert.path;
const alert = {
  id: '11111111-1111-4111-8111-111111111111',
  foundAt: '2026-11-24T03:15:00.000Z',
  gateway: 'scheduling_system',
  chargeTransactionId: 'sched_abc',
  ledgerCents: 19500,
  gatewayCents: 0,
  windowStart: '2026-11-23T03:15:00.000Z',
  windowEnd: '2026-11-24T03:15:00.000Z',
  resolvedAt: null,
};

describe('money red alerts', () => {
  it('lists each difference with its service, transaction and both amounts, and takes a resolved one off the list', async () => {
    const user = aPerson();
    let open = [alert];
    const { calls } = renderScreen(<MoneyDiscrepancies />, {
      path,
      groups: ['support'],
      answers: {
        listMoneyDiscrepancies: () => ({ items: open }),
        resolveMoneyDiscrepancy: () => {
          open = [];
          return { ...alert, resolvedAt: '2026-11-24T09:00:00.000Z' };
        },
      },
    });
    const heading = await screen.findByRole('heading', {
      name: message('ui.support.moneyAlert.item', { service: enumLabelOf(moneyEnums.paymentProvider, 'scheduling_system'), transactionId: 'sched_abc' }),
    });
    const item = heading.closest('li')!;
    expect(within(item).getByText(message('ui.support.moneyAlert.amounts', { ledger: formatCents(19500), gateway: formatCents(0) }))).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: message('ui.support.moneyAlert.resolve') }));
    expect(await screen.findByText(message('ui.support.moneyAlert.resolved'))).toBeTruthy();
    expect(await screen.findByText(message('ui.support.moneyAlert.empty'))).toBeTruthy();
    expect(calls.find((c) => c.id === 'resolveMoneyDiscrepancy')?.input.params).toEqual({ id: alert.id });
  });

  it('says there is nothing to do when the nightly check found no difference', async () => {
    renderScreen(<MoneyDiscrepancies />, { path, groups: ['devops_admin'], answers: { listMoneyDiscrepancies: () => ({ items: [] }) } });
    expect(await screen.findByText(message('ui.support.moneyAlert.empty'))).toBeTruthy();
  });
});
