/**
 * Money red alerts, a section of the red-alert page (/app/support/dashboard/red-alert, also /red-alert): the differences the nightly
 * money reconciliation found between our ledger and a payment service's own record, one
 * charge each, newest first. Staff look the charge up in the payment service by its transaction id,
 * settle it, and mark the alert resolved (POST /payments/discrepancies/{id}/resolve).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useListMoneyDiscrepanciesQuery, useResolveMoneyDiscrepancyMutation } from '@/generated/client/hooks';
import type { MoneyDiscrepancy } from '@/generated/entities';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { formatSessionTime } from '@/domain/date-format';
import { useStaffTimeZone } from '@/client/runtime/auth/reader-zone';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { WorkList } from './WorkList';
import { enumLabelOf } from '@/domain/translations';
import * as moneyEnums from '@/generated/enums/money';

/** A payment service as people know it: the scheduling system's, or card payment through the named gateway. */
function serviceName(gateway: string): string {
  if (gateway === 'scheduling_system') return enumLabelOf(moneyEnums.paymentProvider, 'scheduling_system');
  return `${enumLabelOf(moneyEnums.paymentProvider, 'card_gateway')} (${gateway})`;
}

function AlertItem({ alert, onResolved }: { alert: MoneyDiscrepancy; onResolved: (text: string) => void }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string>();
  const id = `red-alert-${alert.id}`;
  const resolve = useResolveMoneyDiscrepancyMutation({
    onSuccess: async () => {
      onResolved(message('ui.support.moneyAlert.resolved'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.listMoneyDiscrepancies() });
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });
  const zone = useStaffTimeZone();
  const when = (iso: string) => formatSessionTime(iso, zone);
  return (
    <li className="card stack-sm notice--error" aria-labelledby={id}>
      <h3 id={id} className="support__title">
        {message('ui.support.moneyAlert.item', { service: serviceName(alert.gateway), transactionId: alert.chargeTransactionId })}
      </h3>
      <p>{message('ui.support.moneyAlert.amounts', { ledger: formatCents(alert.ledgerCents), gateway: formatCents(alert.gatewayCents) })}</p>
      <p className="support__meta">{message('ui.support.moneyAlert.window', { from: when(alert.windowStart), to: when(alert.windowEnd) })}</p>
      <ErrorNotice text={problem} />
      <div>
        <Button
          variant="secondary"
          onClick={() => resolve.mutate({ params: { id: alert.id } })}
          disabled={resolve.isPending}
          aria-busy={resolve.isPending || undefined}
        >
          {message('ui.support.moneyAlert.resolve')}
        </Button>
      </div>
    </li>
  );
}

export function MoneyDiscrepancies() {
  const alerts = useListMoneyDiscrepanciesQuery({ select: (answer) => answer.items, staleTime: 0 });
  const [done, setDone] = useState<string>();
  return (
    <section className="stack" aria-labelledby="money-red-alerts">
      <h2 id="money-red-alerts">{message('ui.support.moneyAlert.heading')}</h2>
      <p>{message('ui.support.moneyAlert.intro')}</p>
      <WorkList query={alerts} rows={2} done={done} empty={message('ui.support.moneyAlert.empty')}>
        {(alert) => <AlertItem key={alert.id} alert={alert} onResolved={setDone} />}
      </WorkList>
    </section>
  );
}
