/**
 * The insurance-verification queue (/app/support/dashboard/insurance-verification): insurances whose
 * eligibility answer needs a person, oldest first. The agent talks to the caller and records the
 * decision (keep the insurance when it was eligible, self-pay, or ask the patient) with a note;
 * POST /insurance-inquiry/{id}/choose-decision records it and takes the insurance out of the queue.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useChooseInsuranceDecisionMutation } from '@/generated/client/hooks';
import type { InsuranceDecision } from '@/generated/enums';
import * as moneyEnums from '@/generated/enums/money';
import * as patientsEnums from '@/generated/enums/patients';
import * as tasksConstants from '@/generated/constants/tasks';
import { message } from '@/domain/messages';
import { formatUsDate } from '@/domain/dates';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { fullName } from '@/client/ui/format';
import { WorkList } from './WorkList';
import { SupportShell } from './SupportShell';
import { accountPath, useVerificationQueue, type VerificationItem } from './data';
import { Link } from 'react-router';
import { formatSessionTime } from '@/domain/date-format';
import { useStaffTimeZone } from '@/client/runtime/auth/reader-zone';
import { formatDollars } from '@/domain/money';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { enumLabelOf } from '@/domain/translations';
import { messageNaming } from '@/client/ui/Name';

const decisions = patientsEnums.insuranceDecision.values as readonly InsuranceDecision[];

function QueueItem({ item, onDecided }: { item: VerificationItem; onDecided: (text: string) => void }) {
  const zone = useStaffTimeZone();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<InsuranceDecision>();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const q = item.inquiry;
  const name = fullName(item.patient);
  const offered = decisions.filter((d) => d !== 'useInsurance' || q.internalOutcomeAssessment === 'ELIGIBLE');
  const id = `verify-${item.taskId}`;

  const save = useChooseInsuranceDecisionMutation({
    onSuccess: async () => {
      onDecided(message('ui.support.queue.decided', { name, decision: enumLabelOf(patientsEnums.insuranceDecision, decision!) }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.listInsuranceVerifications({ query: {} }) });
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!decision) return setProblem(message('ui.support.queue.decisionRequired'));
    if (!note.trim()) return setProblem(message('ui.support.queue.noteRequired'));
    setProblem(undefined);
    save.mutate({ params: { id: q.id }, body: { decision, note: note.trim() } });
  }

  return (
    <li className="card stack-sm">
      <h2 id={id} className="support__title">
        {name}
        {item.patient.dateOfBirth ? ` · ${formatUsDate(item.patient.dateOfBirth)}` : ''}
      </h2>
      <p className="support__meta">
        <Link to={accountPath(item.account.id)}>{item.account.email}</Link> ·{' '}
        {message('ui.support.queue.queuedAt', { when: formatSessionTime(item.queuedAt, zone) })}
        {item.owner ? ` · ${message('ui.support.queue.claimedBy', { name: item.owner })}` : ''}
      </p>
      <dl className="support__facts">
        <dt>{message('ui.support.check.insurance')}</dt>
        <dd>
          {item.insurance.carrierName}, {item.insurance.planName} · {item.insurance.memberId}
        </dd>
        <dt>{message('ui.support.check.outcome')}</dt>
        <dd>{enumLabelOf(moneyEnums.insuranceOutcome, q.internalOutcomeAssessment)}</dd>
        <dt>{message('ui.support.check.provider')}</dt>
        <dd>{messageNaming('ui.support.queue.with', { provider: item.providerName, practice: item.practiceName }, ['provider', 'practice'])}</dd>
        {q.copay !== null && q.copay !== undefined ? (
          <>
            <dt>{message('ui.support.session.copay')}</dt>
            <dd>{formatDollars(q.copay, { wholeAmountsShort: true })}</dd>
          </>
        ) : null}
        <dt>{message('ui.support.session.selfPayPrice')}</dt>
        <dd>{formatDollars(q.selfPayPrice, { wholeAmountsShort: true })}</dd>
      </dl>
      <form className="stack-sm" aria-labelledby={id} onSubmit={submit} noValidate>
        <fieldset className="choices">
          <legend>{message('ui.support.queue.decision')}</legend>
          {offered.map((d) => (
            <label key={d} className="choice">
              <input type="radio" name={`${id}-decision`} value={d} checked={decision === d} onChange={() => setDecision(d)} />
              <span>{enumLabelOf(patientsEnums.insuranceDecision, d)}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-note`}>
            {message('ui.support.queue.note')}
          </label>
          <textarea
            id={`${id}-note`}
            className="input textarea"
            maxLength={tasksConstants.taskNoteMax}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <ErrorNotice text={problem} inline />
        <div>
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {message('ui.support.queue.save')}
          </Button>
        </div>
      </form>
    </li>
  );
}

export default function InsuranceVerificationPage() {
  const queue = useVerificationQueue();
  const [done, setDone] = useState<string>();
  return (
    <SupportShell route="supportInsuranceVerification">
      <p className="lead">{message('ui.support.queue.intro')}</p>
      <WorkList query={queue} rows={3} done={done} empty={message('ui.support.queue.empty')}>
        {(item) => <QueueItem key={item.taskId} item={item} onDecided={setDone} />}
      </WorkList>
    </SupportShell>
  );
}
