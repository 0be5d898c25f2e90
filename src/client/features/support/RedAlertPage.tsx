/**
 * Red alerts (/red-alert and /app/support/dashboard/red-alert): what needs a person now, most urgent
 * first - deliveries to the practice's system that failed for good, and other red_alert tasks. Each
 * names its record (with the session or account to open), the error in plain words, and offers a
 * retry (failed deliveries: POST /support/red-alerts/{id}/retry) and resolve with a note. Below them,
 * the money red alerts: differences the nightly reconciliation found (MoneyDiscrepancies).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useListRedAlertsQuery, useResolveRedAlertMutation, useRetryRedAlertMutation } from '@/generated/client/hooks';
import type { EndpointTypes } from '@/generated/entities';
import { routeById } from '@/generated/routes';
import { message, messageTemplate } from '@/domain/messages';
import { mailName } from '@/domain/mail-name';
import { formatSessionTime } from '@/domain/date-format';
import { useStaffTimeZone } from '@/client/runtime/auth/reader-zone';
import { errorTextFor } from '@/client/api/errors';
import { useAppDispatch } from '@/client/store/hooks';
import { toastShown } from '@/client/store/toasts';
import { withQuery } from '@/client/runtime/navigation/places';
import { Button, ButtonLink } from '@/client/ui/Button';
import { Loaded } from './Loaded';
import { SupportShell } from './SupportShell';
import { MoneyDiscrepancies } from './MoneyDiscrepancies';
import { CloseWithNote } from './CloseWithNote';
import resolveForm from '@/generated/forms/support-resolve-red-alert';
import { accountPath, sessionPath } from './data';
import { enumLabelOf } from '@/domain/translations';
import * as tasksEnums from '@/generated/enums/tasks';

type RedAlert = EndpointTypes['listRedAlerts']['response']['items'][number];

function syncAuditPath(alert: RedAlert): string {
  return withQuery(routeById.supportRedAlertSyncAudit.path, { resourceType: alert.sync?.resourceType ?? '', recordId: alert.subject.id });
}

function AlertItem({ alert }: { alert: RedAlert }) {
  const zone = useStaffTimeZone();
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  const [problem, setProblem] = useState<string>();
  const [answer, setAnswer] = useState<string>();
  const id = `alert-${alert.taskId}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.listRedAlerts({ query: {} }) });

  const retry = useRetryRedAlertMutation({
    onSuccess: async (r) => {
      setProblem(undefined);
      if (r.resolved) {
        dispatch(toastShown({ kind: 'success', text: messageTemplate(alert.mail ? 'ui.support.redAlert.mailSent' : 'ui.support.redAlert.delivered') }));
        await refresh();
      } else setAnswer(message(alert.mail ? 'ui.support.redAlert.mailStillFailing' : 'ui.support.redAlert.stillFailing', { answer: r.answer }));
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });
  const resolve = useResolveRedAlertMutation({
    onSuccess: async () => {
      dispatch(toastShown({ kind: 'success', text: message('ui.support.redAlert.resolved') }));
      await refresh();
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });

  const busy = retry.isPending || resolve.isPending;
  return (
    <li className="card stack-sm">
      <h2 id={id} className="support__title">
        {alert.patient ? `${alert.patient.name} · ` : ''}
        {enumLabelOf(tasksEnums.taskPriority, alert.priority)}
      </h2>
      <p>{alert.reason}</p>
      <p className="support__meta">
        {message('ui.support.redAlert.raisedAt', { when: formatSessionTime(alert.raisedAt, zone) })}
        {alert.owner ? ` · ${message('ui.support.queue.claimedBy', { name: alert.owner })}` : ''}
      </p>
      {alert.sync ? (
        <p className="support__meta">{message('ui.support.redAlert.tries', { count: alert.sync.attempts, answer: alert.sync.lastError ?? '' })}</p>
      ) : null}
      {alert.mail ? (
        <p className="support__meta">
          {message('ui.support.redAlert.mailTries', {
            template: mailName(alert.mail.template),
            recipient: alert.mail.recipient,
            count: alert.mail.tries,
            answer: alert.mail.lastError ?? '',
          })}
        </p>
      ) : null}
      <p className="cluster">
        {alert.appointmentId ? <Link to={sessionPath(alert.appointmentId)}>{message('ui.support.redAlert.openSession')}</Link> : null}
        {alert.accountId ? <Link to={accountPath(alert.accountId)}>{message('ui.support.redAlert.openAccount')}</Link> : null}
        {alert.sync ? <Link to={syncAuditPath(alert)}>{message('ui.support.redAlert.attempts')}</Link> : null}
      </p>
      {alert.sync || (alert.mail && !alert.mail.delivered) ? (
        <div>
          <Button
            variant="secondary"
            disabled={busy}
            aria-busy={retry.isPending || undefined}
            onClick={() => retry.mutate({ params: { id: alert.taskId }, body: { version: alert.version } })}
          >
            {messageTemplate(alert.mail ? 'ui.support.redAlert.resendMail' : 'ui.support.redAlert.retry')}
          </Button>
        </div>
      ) : null}
      <div aria-live="polite">
        {answer ? (
          <p className="notice" role="status">
            {answer}
          </p>
        ) : null}
      </div>
      <CloseWithNote
        id={id}
        form={resolveForm}
        variant="ghost"
        problem={problem}
        pending={busy}
        onClose={(note) => {
          setProblem(undefined);
          resolve.mutate({ params: { id: alert.taskId }, body: { version: alert.version, note } });
        }}
      />
    </li>
  );
}

export default function RedAlertPage() {
  const alerts = useListRedAlertsQuery(
    { query: {} },
    {
      select: (answer) => answer.items,
      // What needs a person now: fetched again whenever the page is opened.
      staleTime: 0,
    },
  );
  return (
    <SupportShell route="redAlert">
      <p className="lead">{message('ui.support.redAlert.intro')}</p>
      <p>
        <ButtonLink to={routeById.supportRedAlertSyncAudit.path} variant="secondary">
          {message('ui.support.nav.syncAudit')}
        </ButtonLink>
      </p>
      <Loaded query={alerts} rows={3}>
        {(items) =>
          items.length ? (
            <ol className="support__list">
              {items.map((a) => (
                <AlertItem key={a.taskId} alert={a} />
              ))}
            </ol>
          ) : (
            <p className="notice">{message('ui.support.redAlert.empty')}</p>
          )
        }
      </Loaded>
      <MoneyDiscrepancies />
    </SupportShell>
  );
}
