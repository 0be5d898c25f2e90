/**
 * Where a third-party (partner) agent starts (product-spec: they land on provider search): above the
 * search, their partner, its members, a way to book for one (the chosen member's address fills the support
 * booking's e-mail step) and the members' latest sessions (GET /business-partners/mine). Times read in the
 * agent's account zone when they chose one, else the session's own; always named.
 */
import { useRef } from 'react';
import { useGetPartnerAgentHomeQuery } from '@/generated/client/hooks';
import { formatSessionTime } from '@/domain/date-format';
import { message } from '@/domain/messages';
import { enumLabelOf } from '@/domain/translations';
import { Button } from '@/client/ui/Button';
import { formatList, fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { PageLoadError } from '@/client/app/PageLoadError';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { selectUser } from '@/client/store/auth/slice';
import { bookingHelperUpdated, selectBookingHelper } from '@/client/store/booking/slice';
import * as careEnums from '@/generated/enums/care';
import './partner-agent.css';

export function PartnerAgentHome() {
  const home = useGetPartnerAgentHomeQuery({ refetchOnMount: 'always' });
  const dispatch = useAppDispatch();
  const bookingFor = useAppSelector(selectBookingHelper).bookingFor;
  const accountZone = useAppSelector(selectUser)?.timeZone;
  const chosen = useRef<HTMLParagraphElement>(null);
  if (home.isError) return <PageLoadError />;
  if (!home.data) return <Skeleton height="8rem" />;
  const { partner, members, sessions } = home.data;
  const choose = (next: { email: string; name: string } | undefined) => {
    dispatch(bookingHelperUpdated({ bookingFor: next }));
    // The agent goes on from what was chosen ("find a provider below"), not from the top of the page.
    if (next) requestAnimationFrame(() => chosen.current?.focus());
  };
  return (
    <section className="card stack partner-agent" aria-labelledby="partner-agent-heading">
      <h2 id="partner-agent-heading">{message('ui.partnerAgent.heading', { partner: partner.name })}</h2>
      <p className="muted">{message('ui.partnerAgent.intro')}</p>
      <div aria-live="polite">
        {bookingFor ? (
          <div className="notice stack-sm">
            <p ref={chosen} tabIndex={-1}>
              {message('ui.partnerAgent.bookingFor', { name: bookingFor.name, email: bookingFor.email })}
            </p>
            <div>
              <Button variant="ghost" onClick={() => choose(undefined)}>
                {message('ui.partnerAgent.change')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      <h3 id="partner-agent-members">{message('ui.partnerAgent.members')}</h3>
      {members.length ? (
        <ul className="partner-agent__list" aria-labelledby="partner-agent-members">
          {members.map((m) => {
            const name = fullName(m);
            return (
              <li key={m.id} className="partner-agent__member">
                <span>
                  {name} <span className="muted">{m.email}</span>
                </span>
                <Button variant="secondary" aria-pressed={bookingFor?.email === m.email} onClick={() => choose({ email: m.email, name })}>
                  {message('ui.partnerAgent.bookFor', { name })}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">{message('ui.partnerAgent.noMembers')}</p>
      )}
      <h3 id="partner-agent-sessions">{message('ui.partnerAgent.sessions')}</h3>
      {sessions.length ? (
        <ul className="partner-agent__list" aria-labelledby="partner-agent-sessions">
          {sessions.map((s) => (
            <li key={s.id}>
              {message('ui.partnerAgent.session', {
                when: formatSessionTime(s.start, accountZone ?? s.timeZone),
                provider: s.providerName,
                people: formatList(s.patients),
              })}
              {s.status === 'booked' ? null : <span className="muted"> · {enumLabelOf(careEnums.appointmentStatus, s.status)}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{message('ui.partnerAgent.noSessions')}</p>
      )}
    </section>
  );
}
