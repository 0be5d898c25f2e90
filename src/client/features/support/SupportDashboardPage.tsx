/**
 * The support dashboard (/app/support/dashboard), where support staff and devops admins land after
 * sign-in: find a caller's account by e-mail (GET /users/exists answers staff its id), or start a
 * booking on a caller's behalf from provider search.
 */
import { useNavigate } from 'react-router';
import findAccountForm from '@/generated/forms/support-find-account';
import type { FormDefinition } from '@/generated/types';
import { message } from '@/domain/messages';
import { routeById } from '@/generated/routes';
import { useFetchNow } from '@/client/api/api-queries';
import { errorTextFor } from '@/client/api/errors';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { useMutation } from '@tanstack/react-query';
import { ButtonLink } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import { SessionSearch } from './SessionSearch';
import { SupportShell } from './SupportShell';
import { accountNotFoundPath, accountPath } from './data';
import { useAppSelector } from '@/client/store/hooks';
import { selectAuth } from '@/client/store/auth/slice';
import { routeDecision } from '@/domain/permissions';
import { routeTitle } from '@/domain/translations';

export default function SupportDashboardPage() {
  const fetchNow = useFetchNow();
  const navigate = useNavigate();
  const insuranceViews = useFlagOn('insuranceValidationViews');
  const sessionSearch = useFlagOn('patientSessionSearch');
  const auth = useAppSelector(selectAuth);
  // Red alerts and the sync audit are support's and devops admins' (third-party agents do not see them).
  const redAlerts = routeDecision(routeById.redAlert.access, auth.status, auth.permissions) === 'open';
  const accessReports = routeDecision(routeById.supportRecordAccessReports.access, auth.status, auth.permissions) === 'open';
  const find = useMutation({
    mutationFn: async ({ email }: { email: string }) => ({ email, found: await fetchNow((q) => q.userExists({ query: { email } })) }),
    onSuccess: ({ email, found }) => void navigate(found.exists && found.userId ? accountPath(found.userId) : accountNotFoundPath(email)),
  });

  return (
    <SupportShell route="supportDashboard">
      <p className="lead">{message('ui.support.dashboard.intro')}</p>
      <div className="support__panels">
        <section className="card stack" aria-labelledby="find-account">
          <h2 id="find-account">{message('ui.support.find.heading')}</h2>
          <p className="muted">{message('ui.support.find.hint')}</p>
          <SpecForm<{ email: string }>
            form={findAccountForm as FormDefinition}
            idPrefix="find-account"
            submitting={find.isPending}
            onSubmit={(answers) => find.mutate(answers)}
          />
          <div aria-live="polite">{find.isPending ? <p role="status">{message('ui.support.find.searching')}</p> : null}</div>
          <ErrorNotice text={find.error ? errorTextFor(find.error, 'support_web') : undefined} />
        </section>
        {sessionSearch ? <SessionSearch /> : null}
        {insuranceViews ? (
          <section className="card stack" aria-labelledby="support-insurance">
            <h2 id="support-insurance">{message('ui.support.insurance.heading')}</h2>
            <p>{message('ui.support.insurance.text')}</p>
            <div className="cluster">
              <ButtonLink to={routeById.supportCheckInsurance.path} variant="secondary">
                {message('ui.support.insurance.check')}
              </ButtonLink>
              <ButtonLink to={routeById.supportInsuranceVerification.path} variant="secondary">
                {message('ui.support.insurance.queue')}
              </ButtonLink>
            </div>
          </section>
        ) : null}
        {redAlerts ? (
          <section className="card stack" aria-labelledby="support-red-alerts">
            <h2 id="support-red-alerts">{message('ui.support.nav.redAlert')}</h2>
            <p>{message('ui.support.redAlert.text')}</p>
            <div className="cluster">
              <ButtonLink to={routeById.supportRedAlert.path} variant="secondary">
                {message('ui.support.nav.redAlert')}
              </ButtonLink>
              <ButtonLink to={routeById.supportRedAlertSyncAudit.path} variant="secondary">
                {message('ui.support.nav.syncAudit')}
              </ButtonLink>
            </div>
          </section>
        ) : null}
        {accessReports ? (
          <section className="card stack" aria-labelledby="support-access-reports">
            <h2 id="support-access-reports">{routeTitle('supportRecordAccessReports')}</h2>
            <p>{message('ui.support.accessReports.text')}</p>
            <div>
              <ButtonLink to={routeById.supportRecordAccessReports.path} variant="secondary">
                {routeTitle('supportRecordAccessReports')}
              </ButtonLink>
            </div>
          </section>
        ) : null}
        <section className="card stack" aria-labelledby="support-agenda">
          <h2 id="support-agenda">{message('ui.support.agenda.link')}</h2>
          <p>{message('ui.support.agenda.text')}</p>
          <div>
            <ButtonLink to={routeById.agenda.path} variant="secondary">
              {message('ui.support.agenda.link')}
            </ButtonLink>
          </div>
        </section>
        <section className="card stack" aria-labelledby="support-dead-letters">
          <h2 id="support-dead-letters">{message('ui.jobs.link')}</h2>
          <p>{message('ui.jobs.linkText')}</p>
          <div>
            <ButtonLink to={routeById.supportDeadLetters.path} variant="secondary">
              {message('ui.jobs.link')}
            </ButtonLink>
          </div>
        </section>
        <section className="card stack" aria-labelledby="book-for-caller">
          <h2 id="book-for-caller">{message('ui.support.book.heading')}</h2>
          <p>{message('ui.support.book.text')}</p>
          <div>
            <ButtonLink to={routeById.providerSearch.path}>{message('ui.support.book.action')}</ButtonLink>
          </div>
        </section>
      </div>
    </SupportShell>
  );
}
