/**
 * Money red alerts, a section of the red-alert page (/app/support/dashboard/red-alert, also /red-alert): the differences the nightly
 * money reconciliation found between our ledger and a payment service's own record (issue 24), one
 * charge each, newest first. Staff look the charge up in the payment service by its transaction id,
 * settle it, and mark the alert resolved (POST /payments/discrepancies/{id}/resolve).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoneyDiscrepancy } from '@/generated/entities';
import { constants } from '@/generated/constants';
import { enums } from '@/generated/enums';
import { message, messageTemplate } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { formatSessionTime } from '@/domain/date-format';
import { useApi } from '@/client/api/api-context';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { WorkList } from './WorkList';

const alertsKey = ['support', 'money-red-alerts'] as const;

/** A payment service as people know it: the scheduling system's, or card payment through the named gateway. */
function serviceName(gateway: string): string {
  if (gateway === 'scheduling_system') return enums.paymentProvider.labels.scheduling_system;
  return `${enums.paymentProvider.labels.card_gateway} (${gateway})`;
}

function AlertItem({ alert, onResolved }: { alert: MoneyDiscrepancy; onResolved: (text: string) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string>();
  const id = `red-alert-${alert.id}`;
  const resolve = useMutation({
    mutationFn: () => api.resolveMoneyDiscrepancy({ params: { id: alert.id } }),
    onSuccess: async () => {
      onResolved(messageTemplate('ui.support.moneyAlert.resolved'));
      await queryClient.invalidateQueries({ queryKey: alertsKey });
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });
  const when = (iso: string) => formatSessionTime(iso, constants.calendarTimeZone);
  return (
    <li className="card stack-sm notice--error" aria-labelledby={id}>
      <h3 id={id} className="support__title">
        {message('ui.support.moneyAlert.item', { service: serviceName(alert.gateway), transactionId: alert.chargeTransactionId })}
      </h3>
      <p>{message('ui.support.moneyAlert.amounts', { ledger: formatCents(alert.ledgerCents), gateway: formatCents(alert.gatewayCents) })}</p>
      <p className="support__meta">{message('ui.support.moneyAlert.window', { from: when(alert.windowStart), to: when(alert.windowEnd) })}</p>
      <ErrorNotice text={problem} />
      <div>
        <Button variant="secondary" onClick={() => resolve.mutate()} disabled={resolve.isPending} aria-busy={resolve.isPending || undefined}>
          {messageTemplate('ui.support.moneyAlert.resolve')}
        </Button>
      </div>
    </li>
  );
}

export function MoneyDiscrepancies() {
  const api = useApi();
  const alerts = useQuery({ queryKey: alertsKey, queryFn: async () => (await api.listMoneyDiscrepancies({})).items, staleTime: 0 });
  const [done, setDone] = useState<string>();
  return (
    <section className="stack" aria-labelledby="money-red-alerts">
      <h2 id="money-red-alerts">{messageTemplate('ui.support.moneyAlert.heading')}</h2>
      <p>{messageTemplate('ui.support.moneyAlert.intro')}</p>
      <WorkList query={alerts} rows={2} done={done} empty={messageTemplate('ui.support.moneyAlert.empty')}>
        {(alert) => <AlertItem key={alert.id} alert={alert} onResolved={setDone} />}
      </WorkList>
    </section>
  );
}
