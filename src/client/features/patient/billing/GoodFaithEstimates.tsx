/**
 * Billing's list of the Good Faith Estimates issued to the account (45 CFR 149.610), newest first, each
 * downloadable as the very PDF that was issued; an estimate that replaced another says which.
 */
import { useState } from 'react';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { formatDate } from '@/domain/date-format';
import { useFetchNow } from '@/client/api/api-queries';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { saveFile } from '@/client/ui/save-file';
import { useListGoodFaithEstimatesQuery } from '@/generated/client/hooks';
import type { EndpointTypes } from '@/generated/entities';
import { ListSkeleton, Loaded } from '../states';
import { useReaderTimeZone } from '@/client/runtime/auth/reader-zone';

type Estimate = EndpointTypes['listGoodFaithEstimates']['response']['items'][number];

function EstimateRow({ estimate, zone, onProblem }: { estimate: Estimate; zone: string; onProblem: (text: string | undefined) => void }) {
  const fetchNow = useFetchNow();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    onProblem(undefined);
    try {
      saveFile(await fetchNow((q) => q.downloadGoodFaithEstimate({ params: { number: estimate.number } })), `good-faith-estimate-${estimate.number}.pdf`);
    } catch (error) {
      onProblem(errorTextFor(error, 'patient_web'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="item txn">
      <div className="txn__main">
        <p className="item__title">{message('ui.patient.billing.estimateTitle', { number: estimate.number, total: formatCents(estimate.totalCents) })}</p>
        <p className="item__meta">
          {message('ui.patient.billing.estimateMeta', {
            issued: formatDate(estimate.issuedAt, zone),
            service: estimate.service,
            provider: estimate.providerName,
            patient: estimate.patientName,
            session: formatDate(estimate.serviceStart, zone),
          })}
        </p>
        {estimate.replacesNumber ? <p className="item__meta">{message('ui.patient.billing.estimateReplaces', { number: estimate.replacesNumber })}</p> : null}
      </div>
      <div className="cluster txn__actions">
        <Button variant="secondary" onClick={() => void download()} disabled={busy} aria-busy={busy || undefined}>
          {message('ui.patient.billing.estimateDownload', { number: estimate.number })}
        </Button>
      </div>
    </li>
  );
}

export function GoodFaithEstimates() {
  const estimates = useListGoodFaithEstimatesQuery();
  const zone = useReaderTimeZone();
  const [problem, setProblem] = useState<string>();
  return (
    <section className="portal-section" aria-labelledby="billing-estimates">
      <h2 id="billing-estimates">{message('ui.patient.billing.estimates')}</h2>
      <p className="muted">{message('ui.patient.billing.estimatesIntro')}</p>
      <ErrorNotice text={problem} />
      <Loaded query={estimates} skeleton={<ListSkeleton rows={1} height="5rem" />}>
        {(data) =>
          data.items.length ? (
            <ul className="item-list">
              {data.items.map((e) => (
                <EstimateRow key={e.number} estimate={e} zone={zone} onProblem={setProblem} />
              ))}
            </ul>
          ) : (
            <p className="muted">{message('ui.patient.billing.estimatesNone')}</p>
          )
        }
      </Loaded>
    </section>
  );
}
