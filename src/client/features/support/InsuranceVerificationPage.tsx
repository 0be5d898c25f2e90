/**
 * The insurance-verification queue (/app/support/dashboard/insurance-verification): insurances whose
 * eligibility answer needs a person, oldest first. The agent talks to the caller and records the
 * decision (keep the insurance when it was eligible, self-pay, or ask the patient) with a note
 * (specs/forms/support-insurance-decision.yaml, the choices the page offers given to it); POST /insurance-inquiry/{id}/choose-decision records it and takes the insurance out of the queue.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useChooseInsuranceDecisionMutation } from '@/generated/client/hooks';
import type { InsuranceDecision } from '@/generated/enums';
import * as moneyEnums from '@/generated/enums/money';
import * as patientsEnums from '@/generated/enums/patients';
import decisionForm from '@/generated/forms/support-insurance-decision';
import { message } from '@/domain/messages';
import { formatUsDate } from '@/domain/dates';
import { errorTextFor } from '@/client/api/errors';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
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

/** What the form gives (specs/forms/support-insurance-decision.yaml): the body of POST /insurance-inquiry/{id}/choose-decision. */
interface DecisionData {
  decision: InsuranceDecision;
  note: string;
}

const decisions = patientsEnums.insuranceDecision.values as readonly InsuranceDecision[];

function QueueItem({ item, onDecided }: { item: VerificationItem; onDecided: (text: string) => void }) {
  const zone = useStaffTimeZone();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string>();
  const q = item.inquiry;
  const name = fullName(item.patient);
  const offered = decisions.filter((d) => d !== 'useInsurance' || q.internalOutcomeAssessment === 'ELIGIBLE');
  const id = `verify-${item.taskId}`;

  const save = useChooseInsuranceDecisionMutation({
    onSuccess: async (_answer, { body }) => {
      onDecided(message('ui.support.queue.decided', { name, decision: enumLabelOf(patientsEnums.insuranceDecision, body.decision) }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.listInsuranceVerifications({ query: {} }) });
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });

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
      <section className="stack-sm" aria-labelledby={id}>
        <SpecForm<DecisionData>
          idPrefix={id}
          form={decisionForm}
          context={{ choices: { decisions: offered.map((d) => ({ value: d, label: enumLabelOf(patientsEnums.insuranceDecision, d) })) } }}
          submitting={save.isPending}
          onSubmit={({ decision, note }) => {
            setProblem(undefined);
            save.mutate({ params: { id: q.id }, body: { decision, note: note.trim() } });
          }}
        />
        <ErrorNotice text={problem} inline />
      </section>
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
