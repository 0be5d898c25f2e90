/**
 * Reported record access (/app/support/dashboard/record-access-reports): the entries of "Who looked
 * at my record" patients reported, oldest first (GET /support/record-access-reports). Each shows the patient and the
 * account to open, the patient's words, and the audit entry as it was recorded - when, who (name, e-mail, roles),
 * what, which record, the outcome and the address - and closes with a note saying what support found
 * (POST /support/record-access-reports/{id}/resolve).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useListRecordAccessReportsQuery, useResolveRecordAccessReportMutation } from '@/generated/client/hooks';
import type { EndpointTypes } from '@/generated/entities';
import type { PermissionGroup } from '@/generated/enums';
import { message } from '@/domain/messages';
import { formatSessionTime } from '@/domain/date-format';
import { enumLabelOf } from '@/domain/translations';
import { useStaffTimeZone } from '@/client/runtime/auth/reader-zone';
import { errorTextFor } from '@/client/api/errors';
import { useAppDispatch } from '@/client/store/hooks';
import { toastShown } from '@/client/store/toasts';
import { CloseWithNote } from './CloseWithNote';
import closeForm from '@/generated/forms/support-close-access-report';
import { Loaded } from './Loaded';
import { SupportShell } from './SupportShell';
import { accountPath } from './data';
import * as peopleEnums from '@/generated/enums/people';
import * as recordAccessEnums from '@/generated/enums/record-access';
import * as tasksEnums from '@/generated/enums/tasks';

type Report = EndpointTypes['listRecordAccessReports']['response']['items'][number];

const outcomeKey = {
  success: 'ui.recordAccess.outcome.success',
  denied: 'ui.recordAccess.outcome.denied',
  failure: 'ui.recordAccess.outcome.failure',
} as const;

function groupLabel(group: string): string {
  return enumLabelOf(peopleEnums.permissionGroup, group as PermissionGroup) || group;
}

function Entry({ entry, zone }: { entry: Report['entry']; zone: string }) {
  const who = entry.actor
    ? [entry.actor, entry.actorEmail, entry.actorGroups.map(groupLabel).join(', ')].filter(Boolean).join(' · ')
    : message('ui.support.accessReports.system');
  const rows: [string, string][] = [
    [message('ui.support.accessReports.entryId'), entry.id],
    [message('ui.support.accessReports.at'), formatSessionTime(entry.at, zone)],
    [message('ui.support.accessReports.actor'), who],
    [message('ui.support.accessReports.action'), entry.action],
    [message('ui.support.accessReports.record'), [enumLabelOf(recordAccessEnums.recordKind, entry.record), entry.recordId].filter(Boolean).join(' · ')],
    [message('ui.support.accessReports.outcome'), [message(outcomeKey[entry.outcome]), entry.status].filter((v) => v !== null).join(' · ')],
    [message('ui.support.accessReports.from'), entry.ip ?? '-'],
  ];
  return (
    <dl className="details-list">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReportItem({ report }: { report: Report }) {
  const zone = useStaffTimeZone();
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  const [problem, setProblem] = useState<string>();
  const id = `access-report-${report.taskId}`;
  const close = useResolveRecordAccessReportMutation({
    onSuccess: async () => {
      dispatch(toastShown({ kind: 'success', text: message('ui.support.accessReports.closed') }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.listRecordAccessReports({ query: {} }) });
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });

  return (
    <li className="card stack-sm" aria-labelledby={id}>
      <h2 id={id} className="support__title">
        {report.patient?.name ?? enumLabelOf(tasksEnums.taskKind, 'record_access_report')}
      </h2>
      <p className="support__meta">
        {message('ui.support.accessReports.reportedAt', { when: formatSessionTime(report.raisedAt, zone) })}
        {report.owner ? ` · ${message('ui.support.queue.claimedBy', { name: report.owner })}` : ''}
      </p>
      <p>{report.note ? message('ui.support.accessReports.patientSaid', { note: report.note }) : message('ui.support.accessReports.noNote')}</p>
      <section className="stack-sm" aria-label={message('ui.support.accessReports.entry')}>
        <h3>{message('ui.support.accessReports.entry')}</h3>
        <Entry entry={report.entry} zone={zone} />
      </section>
      {report.accountId ? (
        <p>
          <Link to={accountPath(report.accountId)}>{message('ui.support.redAlert.openAccount')}</Link>
        </p>
      ) : null}
      <CloseWithNote
        id={id}
        form={closeForm}
        variant="secondary"
        problem={problem}
        pending={close.isPending}
        onClose={(note) => {
          setProblem(undefined);
          close.mutate({ params: { id: report.taskId }, body: { version: report.version, note } });
        }}
      />
    </li>
  );
}

export default function RecordAccessReportsPage() {
  // What waits for a person: fetched again whenever the page is opened.
  const reports = useListRecordAccessReportsQuery({ query: {} }, { select: (answer) => answer.items, staleTime: 0 });
  return (
    <SupportShell route="supportRecordAccessReports">
      <p className="lead">{message('ui.support.accessReports.intro')}</p>
      <Loaded query={reports} rows={2}>
        {(items) =>
          items.length ? (
            <ol className="support__list">
              {items.map((r) => (
                <ReportItem key={r.taskId} report={r} />
              ))}
            </ol>
          ) : (
            <p className="notice">{message('ui.support.accessReports.empty')}</p>
          )
        }
      </Loaded>
    </SupportShell>
  );
}
