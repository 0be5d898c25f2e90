/**
 * A caller's account as support sees it (/app/support/dashboard/user?userId=): who holds it, its
 * partner, whether it is disabled, the people on it, and their upcoming and past sessions; from
 * here support books for the caller, refunds all or part of a session's payment, manages the caller's
 * waitlists, and opens a session's whole story (where it is cancelled, for the caller or for the
 * practice). Another partner's member (for a third-party agent) or an
 * unknown id answers 404 and shows the not-found state.
 */
import { Link, useSearchParams } from 'react-router';
import { routeById } from '@/generated/routes';
import { message, messageTemplate } from '@/domain/messages';
import { formatUsDate } from '@/domain/dates';
import { sessionOutcome, sessionOutcomeLabel } from '@/domain/sessions';
import { isApiError } from '@/client/api/errors';
import { ButtonLink } from '@/client/ui/Button';
import { fullName } from '@/client/ui/format';
import { Loaded } from './Loaded';
import { RefundPayment } from './RefundPayment';
import { SupportShell } from './SupportShell';
import { CallerTimeZone } from './CallerTimeZone';
import { Waitlists } from './Waitlists';
import { sessionPath, useAccountSessions, useSupportAccount, type AccountSession, type SupportAccount } from './data';
import { formatSessionTime } from '@/domain/date-format';
import { enumLabelOf } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';
import * as peopleEnums from '@/generated/enums/people';

/** A session as the agent reads it: what became of it (took place, cancelled) rather than its stored status. */
function SessionRow({ session: s, userId }: { session: AccountSession; userId: string }) {
  const provider = [fullName(s.provider), s.provider.title].filter(Boolean).join(', ');
  return (
    <li className="card">
      <p className="support__title">
        <Link to={sessionPath(s.id)}>{formatSessionTime(s.start, s.timeZone ?? s.provider.timeZone)}</Link>
      </p>
      <p className="support__meta">
        {provider} · {enumLabelOf(careEnums.appointmentMode, s.appointmentMode)} · {sessionOutcomeLabel(sessionOutcome(s, new Date()))}
      </p>
      <p className="support__meta">{s.patients.map(fullName).join(', ')}</p>
      {s.joinUrl && sessionOutcome(s, new Date()) === 'upcoming' ? (
        <ButtonLink to={s.joinUrl} variant="secondary">
          {message('ui.support.user.videoRoom')}
        </ButtonLink>
      ) : null}
      {s.payment && s.payment.status !== 'failed' ? <RefundPayment payment={s.payment} userId={userId} /> : null}
    </li>
  );
}

function Sessions({ userId, when }: { userId: string; when: 'upcoming' | 'past' }) {
  const sessions = useAccountSessions(userId, when);
  const id = `sessions-${when}`;
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id}>{messageTemplate(when === 'upcoming' ? 'ui.support.user.upcoming' : 'ui.support.user.past')}</h2>
      <Loaded query={sessions} rows={2}>
        {(items) =>
          items.length ? (
            <ul className="support__list">
              {items.map((s) => (
                <SessionRow key={s.id} session={s} userId={userId} />
              ))}
            </ul>
          ) : (
            <p className="muted">{messageTemplate(when === 'upcoming' ? 'ui.support.user.noUpcoming' : 'ui.support.user.noPast')}</p>
          )
        }
      </Loaded>
    </section>
  );
}

function Account({ account }: { account: SupportAccount }) {
  const name = fullName(account);
  return (
    <>
      <section className="card stack" aria-label={name}>
        <dl className="support__facts">
          <dt>{message('ui.support.user.email')}</dt>
          <dd>{account.email}</dd>
          {account.dateOfBirth ? (
            <>
              <dt>{message('ui.support.user.dateOfBirth')}</dt>
              <dd>{formatUsDate(account.dateOfBirth)}</dd>
            </>
          ) : null}
          {account.businessPartner ? (
            <>
              <dt>{message('ui.support.user.partner')}</dt>
              <dd>{account.businessPartner.name}</dd>
            </>
          ) : null}
          <dt>{message('ui.support.user.status')}</dt>
          <dd>{account.disabled ? message('ui.support.user.disabled') : message('ui.support.user.active')}</dd>
        </dl>
        {account.disabled ? null : (
          <div className="stack-sm">
            <div>
              <ButtonLink to={routeById.providerSearch.path}>{message('ui.support.user.book', { name })}</ButtonLink>
            </div>
            <p className="muted small">{message('ui.support.user.bookHint', { email: account.email })}</p>
          </div>
        )}
      </section>
      {account.disabled || account.userType !== 'patient' ? null : <CallerTimeZone key={account.id} account={account} />}
      <section className="stack" aria-labelledby="account-people">
        <h2 id="account-people">{message('ui.support.user.people')}</h2>
        <ul className="support__list">
          {account.patients.map((p) => (
            <li key={p.id} className="card">
              <p className="support__title">{fullName(p)}</p>
              <p className="support__meta">{enumLabelOf(peopleEnums.relationship, p.relationship)}</p>
            </li>
          ))}
        </ul>
      </section>
      <Sessions userId={account.id} when="upcoming" />
      <Sessions userId={account.id} when="past" />
      <Waitlists userId={account.id} />
    </>
  );
}

export default function SupportUserPage() {
  const [search] = useSearchParams();
  const userId = search.get('userId') ?? undefined;
  const account = useSupportAccount(userId);
  return (
    <SupportShell route="supportUser" heading={account.data ? fullName(account.data) : undefined}>
      {isApiError(account.error) && account.error.status === 404 ? (
        <div className="notice stack-sm" role="alert">
          <p>{message('ui.support.user.notFound')}</p>
          <ButtonLink to={routeById.supportDashboard.path} variant="secondary">
            {message('ui.support.notFound.again')}
          </ButtonLink>
        </div>
      ) : userId ? (
        <Loaded query={account} rows={3}>
          {(data) => <Account account={data} />}
        </Loaded>
      ) : (
        <p className="notice">{message('ui.support.find.hint')}</p>
      )}
    </SupportShell>
  );
}
