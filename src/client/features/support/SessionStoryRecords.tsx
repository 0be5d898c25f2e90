/**
 * The records of a session's story as support reads them: its money (price, payments, refunds and the Good Faith
 * Estimate of a self-pay session), every e-mail sent about it with its delivery, and the record's audit history,
 * in the agent's zone, named.
 */
import { message, messageTemplate } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { useFetchNow } from '@/client/api/api-queries';
import { useMutation } from '@tanstack/react-query';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { Button } from '@/client/ui/Button';
import { saveFile } from '@/client/ui/save-file';
import { formatSessionTime } from '@/domain/date-format';
import { hasGoodFaithEstimate } from '@/domain/good-faith-estimate';
import { mailName } from '@/domain/mail-name';
import { enumLabelOf } from '@/domain/translations';
import { useStaffTimeZone } from '@/client/runtime/auth/reader-zone';
import type { SessionStory } from './data';
import * as marketplaceEnums from '@/generated/enums/marketplace';
import * as moneyEnums from '@/generated/enums/money';
import * as patientsEnums from '@/generated/enums/patients';

type Story = SessionStory;

/** What happened around the session reads in the agent's zone, named; never the device's. */
const useStoryZone = (a: Story['appointment']) => useStaffTimeZone(a.provider.timeZone);

export function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function EstimateDownload({ session }: { session: Story['appointment'] }) {
  const fetchNow = useFetchNow();
  const download = useMutation({
    mutationFn: async () =>
      saveFile(await fetchNow((q) => q.getGoodFaithEstimate({ params: { id: session.id } })), `good-faith-estimate-${session.start.slice(0, 10)}.pdf`),
  });
  return (
    <div className="stack-sm">
      <div>
        <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending} aria-busy={download.isPending || undefined}>
          {message('ui.support.session.estimate')}
        </Button>
      </div>
      <ErrorNotice text={download.error ? message('ui.support.session.estimateFailed') : undefined} />
    </div>
  );
}

export function Money({ story }: { story: Story }) {
  const a = story.appointment;
  const zone = useStoryZone(a);
  const ins = story.insurance;
  const inquiry = ins?.inquiry;
  return (
    <section className="stack" aria-labelledby="session-money">
      <h2 id="session-money">{message('ui.support.session.insurance')}</h2>
      <div className="card stack-sm">
        <dl className="support__facts">
          {ins ? (
            <Fact term={enumLabelOf(moneyEnums.selfPayConsentCategory, 'insurance')}>
              {ins.carrierName}, {ins.planName} · {ins.memberId}
            </Fact>
          ) : (
            <Fact term={message('ui.support.session.selfPay')}>{a.priceCents !== null && a.priceCents !== undefined ? formatCents(a.priceCents) : '—'}</Fact>
          )}
          {inquiry ? (
            <>
              <Fact term={message('ui.support.session.eligibility')}>
                {enumLabelOf(moneyEnums.insuranceOutcome, inquiry.outcome)} · {formatSessionTime(inquiry.at, zone)}
              </Fact>
              {inquiry.copayCents !== null ? <Fact term={message('ui.support.session.copay')}>{formatCents(inquiry.copayCents)}</Fact> : null}
              {inquiry.estimatedCostCents !== null ? (
                <Fact term={message('ui.support.session.estimatedCost')}>{formatCents(inquiry.estimatedCostCents)}</Fact>
              ) : null}
              <Fact term={message('ui.support.session.selfPayPrice')}>{formatCents(inquiry.selfPayPriceCents)}</Fact>
              {inquiry.decision ? (
                <Fact term={message('ui.support.session.decision')}>{enumLabelOf(patientsEnums.insuranceDecision, inquiry.decision)}</Fact>
              ) : null}
            </>
          ) : ins ? (
            <Fact term={message('ui.support.session.eligibility')}>{message('ui.support.session.noInquiry')}</Fact>
          ) : null}
        </dl>
      </div>
      <h3>{message('ui.support.session.payments')}</h3>
      {story.payments.length ? (
        <ul className="support__list">
          {story.payments.map((p) => (
            <li key={p.id} className="card">
              <p className="support__title">
                {p.refundOf
                  ? message('ui.support.session.refund', { reason: p.refundReason ?? '' })
                  : (messageTemplate(`billing.purpose.${p.purpose}` as 'billing.purpose.session') ?? p.purpose)}
                {' · '}
                {formatCents(p.amountCents, { currency: p.currency })}
              </p>
              <p className="support__meta">
                {enumLabelOf(moneyEnums.paymentStatus, p.status)} · {formatSessionTime(p.createdAt, zone)}
                {p.cardLast4 ? ` · ${p.cardBrand ?? ''} ${p.cardLast4}` : ''}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{message('ui.support.session.noPayments')}</p>
      )}
      {a.amountDueCents > 0 ? (
        <p className="notice notice--warning">{message('ui.support.session.amountDue', { amount: formatCents(a.amountDueCents) })}</p>
      ) : null}
      {hasGoodFaithEstimate(a) ? <EstimateDownload session={a} /> : null}
    </section>
  );
}

export function Mails({ story }: { story: Story }) {
  const zone = useStoryZone(story.appointment);
  const when = (iso: string) => formatSessionTime(iso, zone);
  return (
    <section className="stack" aria-labelledby="session-mails">
      <h2 id="session-mails">{message('ui.support.session.mails')}</h2>
      {story.mails.length ? (
        <ul className="support__list">
          {story.mails.map((m) => (
            <li key={m.id} className="card">
              <p className="support__title">{mailName(m.template)}</p>
              <p className="support__meta">{message('ui.support.session.mailTo', { email: m.recipient, when: when(m.queuedAt) })}</p>
              {m.status === 'delivered' && m.deliveredAt ? (
                <p>{message('ui.support.session.mailDelivered', { when: when(m.deliveredAt) })}</p>
              ) : m.status === 'failed' ? (
                <p className="notice notice--error">{message('ui.support.session.mailFailed', { tries: m.tries, answer: m.lastError ?? '' })}</p>
              ) : (
                <p>{message('ui.support.session.mailSending', { tries: m.tries })}</p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{message('ui.support.session.noMails')}</p>
      )}
    </section>
  );
}

export function AuditHistory({ story }: { story: Story }) {
  const zone = useStoryZone(story.appointment);
  return (
    <section className="stack" aria-labelledby="session-audit">
      <h2 id="session-audit">{message('ui.support.session.audit')}</h2>
      {story.audit.length ? (
        <ol className="support__list">
          {story.audit.map((r, i) => (
            <li key={i} className="support__row">
              <span>{formatSessionTime(r.at, zone)}</span>
              <span>{r.actor ? r.actor.name : message('ui.support.session.system')}</span>
              <span>{r.what}</span>
              <span className="support__meta">{enumLabelOf(marketplaceEnums.auditOutcome, r.outcome)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{message('ui.support.session.noAudit')}</p>
      )}
    </section>
  );
}
