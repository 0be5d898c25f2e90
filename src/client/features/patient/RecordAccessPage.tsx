/**
 * "Who looked at my record": every read and change of the account's records the audit
 * trail kept, newest first, a page at a time: when (in the account's zone, named), who (by the rule of
 * specs/constants/record-access.yaml, applied on the server), what and the outcome, refusals included.
 * An entry that looks wrong can be reported to support, with the patient's own words if they like.
 */
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import * as tasksConstants from '@/generated/constants/tasks';
import type { EndpointTypes } from '@/generated/entities';
import type { AuditOutcome, PermissionGroup } from '@/generated/enums';
import { queryKeys, useListRecordAccessQuery, useReportRecordAccessMutation } from '@/generated/client/hooks';
import { formatWhen } from '@/domain/date-format';
import { message } from '@/domain/messages';
import { enumLabelOf } from '@/domain/translations';
import { useReaderTimeZone } from '@/client/runtime/auth/reader-zone';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { PortalShell } from './PortalShell';
import { ListSkeleton, Loaded } from './states';
import * as peopleEnums from '@/generated/enums/people';
import * as recordAccessEnums from '@/generated/enums/record-access';

type Entry = EndpointTypes['listRecordAccess']['response']['items'][number];

const outcomeText: Record<AuditOutcome, 'ui.recordAccess.outcome.success' | 'ui.recordAccess.outcome.denied' | 'ui.recordAccess.outcome.failure'> = {
  success: 'ui.recordAccess.outcome.success',
  denied: 'ui.recordAccess.outcome.denied',
  failure: 'ui.recordAccess.outcome.failure',
};

export function whoText(entry: Entry): string {
  if (entry.actor !== 'staff') return enumLabelOf(recordAccessEnums.recordActor, entry.actor);
  const role = entry.role ? enumLabelOf(peopleEnums.permissionGroup, entry.role as PermissionGroup) : enumLabelOf(recordAccessEnums.recordActor, 'staff');
  return entry.name ? message('ui.recordAccess.staff', { role, name: entry.name }) : role;
}

export function whatText(entry: Entry): string {
  const record = enumLabelOf(recordAccessEnums.recordKind, entry.record);
  const of = entry.patient ? message('ui.recordAccess.recordOf', { record, patient: entry.patient }) : record;
  return `${enumLabelOf(recordAccessEnums.recordAct, entry.act)}: ${of}`;
}

function ReportForm({ entry, onSent }: { entry: Entry; onSent: () => void }) {
  const [note, setNote] = useState('');
  const noteId = useId();
  const report = useReportRecordAccessMutation({ onSuccess: onSent });
  const send = () => report.mutate({ params: { id: entry.id }, body: note.trim() ? { note: note.trim() } : {} });
  return (
    <form
      className="stack-sm"
      aria-label={message('ui.recordAccess.reportHeading')}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={noteId}>
          {message('ui.recordAccess.reportNote')}
        </label>
        <textarea id={noteId} className="input textarea" maxLength={tasksConstants.taskNoteMax} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <ErrorNotice text={report.isError ? errorTextFor(report.error, 'patient_web') : undefined} />
      <div className="cluster">
        <Button type="submit" disabled={report.isPending}>
          {message('ui.recordAccess.reportSend')}
        </Button>
      </div>
    </form>
  );
}

function EntryItem({ entry, zone, onReported }: { entry: Entry; zone: string; onReported: () => void }) {
  const [reporting, setReporting] = useState(false);
  return (
    <li className="item stack-sm">
      <dl className="details-list">
        <div>
          <dt>{message('ui.recordAccess.when')}</dt>
          <dd>{formatWhen(entry.at, zone)}</dd>
        </div>
        <div>
          <dt>{message('ui.recordAccess.who')}</dt>
          <dd>{whoText(entry)}</dd>
        </div>
        <div>
          <dt>{message('ui.recordAccess.what')}</dt>
          <dd>{whatText(entry)}</dd>
        </div>
        <div>
          <dt>{message('ui.recordAccess.outcome')}</dt>
          <dd>{message(outcomeText[entry.outcome])}</dd>
        </div>
      </dl>
      {entry.reported ? (
        <p className="muted">{message('ui.recordAccess.reported')}</p>
      ) : reporting ? (
        <ReportForm
          entry={entry}
          onSent={() => {
            setReporting(false);
            onReported();
          }}
        />
      ) : (
        <div>
          <Button variant="ghost" onClick={() => setReporting(true)}>
            {message('ui.recordAccess.report')}
          </Button>
        </div>
      )}
    </li>
  );
}

export default function RecordAccessPage() {
  const [page, setPage] = useState(1);
  const [done, setDone] = useState(false);
  const zone = useReaderTimeZone();
  const list = useListRecordAccessQuery({ query: { page } });
  const queryClient = useQueryClient();
  const reported = () => {
    setDone(true);
    void queryClient.invalidateQueries({ queryKey: queryKeys.listRecordAccess() });
  };
  return (
    <PortalShell route="patientRecordAccess">
      <p className="lead">{message('ui.recordAccess.intro')}</p>
      {done ? <p role="status">{message('ui.recordAccess.reportDone')}</p> : null}
      <Loaded query={list} skeleton={<ListSkeleton rows={3} height="8rem" />}>
        {(data) => {
          if (!data.items.length) return <p className="muted">{message('ui.recordAccess.empty')}</p>;
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          return (
            <>
              <ul className="item-list">
                {data.items.map((e) => (
                  <EntryItem key={e.id} entry={e} zone={zone} onReported={reported} />
                ))}
              </ul>
              <nav className="cluster" aria-label={message('ui.recordAccess.page', { page: data.page, pages })}>
                <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {message('ui.recordAccess.newer')}
                </Button>
                <span>{message('ui.recordAccess.page', { page: data.page, pages })}</span>
                <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  {message('ui.recordAccess.older')}
                </Button>
              </nav>
            </>
          );
        }}
      </Loaded>
    </PortalShell>
  );
}
