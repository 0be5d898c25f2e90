/**
 * Check insurance (/app/support/dashboard/check-insurance): the agent finds the caller's account,
 * picks a patient's insurance, the practice (by state) and one of its providers, and runs the
 * eligibility check (GET /insurance-inquiry/validate/...): coverage, copay, estimated cost, the
 * outcome and the self-pay price. An answer that needs a person puts the insurance in the
 * verification queue, which the result links to.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useListPatientInsurancesQuery, useListProvidersQuery } from '@/generated/client/hooks';
import findAccountForm from '@/generated/forms/support-find-account';
import type { FormDefinition } from '@/generated/types';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { useFetchNow } from '@/client/api/api-queries';
import { errorTextFor } from '@/client/api/errors';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { Button, ButtonLink } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName, stateChoices } from '@/client/ui/format';
import { Pick } from './Pick';
import { SupportShell } from './SupportShell';
import { usePractices, type SupportAccount } from './data';
import { formatDollars } from '@/domain/money';
import { enumLabelOf } from '@/domain/translations';
import * as moneyEnums from '@/generated/enums/money';

function Checker({ account, onOther }: { account: SupportAccount; onOther: () => void }) {
  const fetchNow = useFetchNow();
  const [patientId, setPatientId] = useState(account.patients[0]?.id ?? '');
  const [insuranceId, setInsuranceId] = useState('');
  const [stateCode, setStateCode] = useState('');
  const [practiceId, setPracticeId] = useState('');
  const [providerId, setProviderId] = useState('');

  const insurances = useListPatientInsurancesQuery(
    { params: { id: patientId } },
    { enabled: Boolean(patientId), select: (answer) => answer.items, staleTime: 0 },
  );
  const practices = usePractices(stateCode);
  const providers = useListProvidersQuery({ query: { practiceId } }, { enabled: Boolean(practiceId), select: (answer) => answer.items });
  const check = useMutation({
    mutationFn: () => fetchNow((q) => q.validateInsurance({ params: { patientId, insuranceId, providerId, practiceId }, query: {} })),
  });

  const ready = Boolean(patientId && insuranceId && practiceId && providerId);
  const answer = check.data;
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="check-who">
        <h2 id="check-who">{fullName(account)}</h2>
        <p className="support__meta">{account.email}</p>
        <Pick
          id="check-patient"
          label={message('ui.support.check.patient')}
          value={patientId}
          onChange={(v) => {
            setPatientId(v);
            setInsuranceId('');
            check.reset();
          }}
          options={account.patients.map((p) => ({ value: p.id, label: fullName(p) }))}
        />
        {insurances.data && !insurances.data.length ? (
          <p className="notice">{message('ui.support.check.noInsurance')}</p>
        ) : (
          <Pick
            id="check-insurance"
            label={message('ui.support.check.insurance')}
            value={insuranceId}
            onChange={(v) => {
              setInsuranceId(v);
              check.reset();
            }}
            options={(insurances.data ?? []).map((i) => ({ value: i.id, label: `${i.carrierName}, ${i.planName} · ${i.memberId}` }))}
            disabled={!insurances.data}
          />
        )}
        <Pick
          id="check-state"
          label={message('ui.support.check.state')}
          value={stateCode}
          onChange={(v) => {
            setStateCode(v);
            setPracticeId('');
            setProviderId('');
            check.reset();
          }}
          options={stateChoices()}
        />
        <Pick
          id="check-practice"
          label={message('ui.support.check.practice')}
          value={practiceId}
          onChange={(v) => {
            setPracticeId(v);
            setProviderId('');
            check.reset();
          }}
          options={(practices.data ?? []).map((p) => ({ value: p.id, label: `${p.name}, ${p.city}` }))}
          disabled={!practices.data}
        />
        <Pick
          id="check-provider"
          label={message('ui.support.check.provider')}
          value={providerId}
          onChange={(v) => {
            setProviderId(v);
            check.reset();
          }}
          options={(providers.data ?? []).map((p) => ({ value: p.id, label: [fullName(p), p.title].filter(Boolean).join(', ') }))}
          disabled={!providers.data}
        />
        <div className="cluster">
          <Button onClick={() => check.mutate()} disabled={!ready || check.isPending} aria-busy={check.isPending || undefined}>
            {message('ui.support.check.run')}
          </Button>
          <Button variant="ghost" onClick={onOther}>
            {message('ui.support.check.otherAccount')}
          </Button>
        </div>
        <div aria-live="polite">{check.isPending ? <p role="status">{message('ui.support.check.running')}</p> : null}</div>
        <ErrorNotice text={check.error ? errorTextFor(check.error, 'support_web') : undefined} />
      </section>
      {answer ? (
        <section className="card stack-sm" aria-labelledby="check-result">
          <h2 id="check-result">{message('ui.support.check.result')}</h2>
          <dl className="support__facts">
            <dt>{message('ui.support.check.insurance')}</dt>
            <dd>
              {answer.carrierName}, {answer.planName}
            </dd>
            <dt>{message('ui.support.check.outcome')}</dt>
            <dd>{enumLabelOf(moneyEnums.insuranceOutcome, answer.internalOutcomeAssessment)}</dd>
            {answer.copay !== null && answer.copay !== undefined ? (
              <>
                <dt>{message('ui.support.session.copay')}</dt>
                <dd>{formatDollars(answer.copay, { wholeAmountsShort: true })}</dd>
              </>
            ) : null}
            {answer.estimatedCost !== null && answer.estimatedCost !== undefined ? (
              <>
                <dt>{message('ui.support.session.estimatedCost')}</dt>
                <dd>{formatDollars(answer.estimatedCost, { wholeAmountsShort: true })}</dd>
              </>
            ) : null}
            <dt>{message('ui.support.session.selfPayPrice')}</dt>
            <dd>{formatDollars(answer.selfPayPrice, { wholeAmountsShort: true })}</dd>
          </dl>
          {answer.internalOutcomeAssessment === 'ELIGIBLE' ? null : (
            <>
              <p className="notice notice--warning">{message('ui.support.check.queued')}</p>
              <div>
                <ButtonLink to={routeById.supportInsuranceVerification.path} variant="secondary">
                  {message('ui.support.check.openQueue')}
                </ButtonLink>
              </div>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}

export default function CheckInsurancePage() {
  const fetchNow = useFetchNow();
  const [account, setAccount] = useState<SupportAccount>();
  const [email, setEmail] = useState('');
  const find = useMutation({
    mutationFn: async ({ email }: { email: string }) => {
      setEmail(email);
      const found = await fetchNow((q) => q.userExists({ query: { email } }));
      const userId = found.exists ? found.userId : undefined;
      return userId ? fetchNow((q) => q.getSupportUser({ params: { id: userId } })) : null;
    },
    onSuccess: (found) => setAccount(found ?? undefined),
  });
  return (
    <SupportShell route="supportCheckInsurance">
      <p className="lead">{message('ui.support.check.intro')}</p>
      {account ? (
        <Checker
          key={account.id}
          account={account}
          onOther={() => {
            setAccount(undefined);
            find.reset();
          }}
        />
      ) : (
        <section className="card stack" aria-labelledby="check-find">
          <h2 id="check-find">{message('ui.support.find.heading')}</h2>
          <SpecForm<{ email: string }>
            form={findAccountForm as FormDefinition}
            idPrefix="check-find"
            submitting={find.isPending}
            onSubmit={(answers) => find.mutate(answers)}
          />
          <div aria-live="polite">
            {find.data === null ? (
              <p className="notice" role="status">
                {message('ui.support.notFound.text', { email })}
              </p>
            ) : null}
          </div>
          <ErrorNotice text={find.error ? errorTextFor(find.error, 'support_web') : undefined} />
        </section>
      )}
    </SupportShell>
  );
}
