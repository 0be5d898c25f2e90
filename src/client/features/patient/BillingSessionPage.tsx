/**
 * The billing details of one session (/billing/session?patientId=&transactionId=): what was paid,
 * when, with which card, for which session, with the receipt and the visit's statement as PDFs.
 * A transaction of another account answers 404: the not-found state.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { useFetchNow } from '@/client/api/api-queries';
import { ApiError, errorTextFor } from '@/client/api/errors';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { Button, ButtonLink } from '@/client/ui/Button';
import { PortalShell } from './PortalShell';
import { ListSkeleton, Loaded } from './states';
import { billingDate, downloadReceipt, downloadStatement, kindLabel, statusLabel, type Transaction, useTransaction } from './billing-data';
import { formatSessionTime } from '@/domain/date-format';
import { useReaderTimeZone } from '@/client/runtime/auth/reader-zone';
import { formatDollars } from '@/domain/money';
import { enumLabelOf } from '@/domain/translations';
import * as moneyEnums from '@/generated/enums/money';

function Downloads({ t }: { t: Transaction }) {
  const fetchNow = useFetchNow();
  const [busy, setBusy] = useState<'receipt' | 'statement'>();
  const [problem, setProblem] = useState<string>();
  async function run(kind: 'receipt' | 'statement') {
    setBusy(kind);
    setProblem(undefined);
    try {
      await (kind === 'receipt' ? downloadReceipt(fetchNow, t) : downloadStatement(fetchNow, t));
    } catch (error) {
      setProblem(errorTextFor(error, 'patient_web'));
    } finally {
      setBusy(undefined);
    }
  }
  return (
    <>
      <div className="cluster">
        <Button onClick={() => void run('receipt')} disabled={Boolean(busy)} aria-busy={busy === 'receipt' || undefined}>
          {message('ui.patient.billing.receipt')}
        </Button>
        {t.appointmentId ? (
          <Button variant="secondary" onClick={() => void run('statement')} disabled={Boolean(busy)} aria-busy={busy === 'statement' || undefined}>
            {message('ui.patient.billing.downloadStatement')}
          </Button>
        ) : null}
      </div>
      <ErrorNotice text={problem} />
    </>
  );
}

export default function BillingSessionPage() {
  const [search] = useSearchParams();
  const transaction = useTransaction(search.get('patientId') ?? undefined, search.get('transactionId') ?? undefined);
  const missing = !search.get('patientId') || !search.get('transactionId');
  // The session's time in the account's zone, as on every other screen of the portal.
  const zone = useReaderTimeZone();
  return (
    <PortalShell
      route="patientBillingSession"
      actions={
        <ButtonLink to={routeById.patientBilling.path} variant="ghost">
          {message('ui.patient.billing.back')}
        </ButtonLink>
      }
    >
      <Loaded
        query={missing ? { data: undefined, error: notFound, isPending: false, refetch: () => undefined } : transaction}
        skeleton={<ListSkeleton rows={1} height="14rem" />}
      >
        {(t) => (
          <div className="stack">
            <dl className="details-list item">
              <div>
                <dt>{message('ui.patient.billing.paidOn')}</dt>
                <dd>{billingDate(t.createdAt)}</dd>
              </div>
              <div>
                <dt>{message('ui.patient.billing.amount')}</dt>
                <dd>
                  {formatDollars(t.amount, { currency: t.currency })} · {kindLabel(t)}
                </dd>
              </div>
              <div>
                <dt>{message('ui.patient.billing.status')}</dt>
                <dd>{statusLabel(t)}</dd>
              </div>
              {t.cardBrand && t.cardLast4 ? (
                <div>
                  <dt>{message('ui.patient.billing.paidWith')}</dt>
                  <dd>{message('ui.patient.billing.card', { brand: t.cardBrand, last4: t.cardLast4 })}</dd>
                </div>
              ) : t.paymentProvider === 'scheduling_system' ? (
                <div>
                  <dt>{message('ui.patient.billing.paidWith')}</dt>
                  <dd>{enumLabelOf(moneyEnums.paymentProvider, 'scheduling_system')}</dd>
                </div>
              ) : null}
              <div>
                <dt>{message('ui.patient.billing.session')}</dt>
                <dd>
                  {[
                    t.appointmentStart ? formatSessionTime(t.appointmentStart, zone) : null,
                    t.providerName,
                    t.practiceName,
                    t.patientName ? message('ui.patient.billing.for', { patient: t.patientName }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </dd>
              </div>
            </dl>
            <Downloads t={t} />
          </div>
        )}
      </Loaded>
    </PortalShell>
  );
}

/** A link without both ids names nothing: the same state as another account's record. */
const notFound = new ApiError('http', 'getBillingTransaction', 404);
