/**
 * "Download my record" on the account page: the holder asks for the whole record
 * (POST /record-exports), the page follows the export while its job runs (GET /record-exports/{id}), then offers
 * the PDF and the FHIR file with the time the downloads close, in the reader's zone and language. The export's id
 * is in the address (`?export=`), so a reload keeps it and the ready mail's link opens this very export.
 * Psychotherapy notes are not part of it: the sentence is the export's own (document.record.notIncluded.text).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import * as patientsConstants from '@/generated/constants/patients';
import { useGetRecordExportQuery, useRequestRecordExportMutation } from '@/generated/client/hooks';
import { formatWhen } from '@/domain/date-format';
import { message } from '@/domain/messages';
import { useFetchNow } from '@/client/api/api-queries';
import { errorTextFor } from '@/client/api/errors';
import { useReaderTimeZone } from '@/client/runtime/auth/reader-zone';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { saveFile } from '@/client/ui/save-file';

/** The address's query parameter naming the export the page follows. */
export const EXPORT_PARAM = 'export';

function Downloads({ id, expiresAt }: { id: string; expiresAt: string | null | undefined }) {
  const fetchNow = useFetchNow();
  const zone = useReaderTimeZone();
  const [busy, setBusy] = useState<'pdf' | 'fhir'>();
  const [problem, setProblem] = useState<string>();
  async function download(kind: 'pdf' | 'fhir') {
    setBusy(kind);
    setProblem(undefined);
    try {
      if (kind === 'pdf') saveFile(await fetchNow((q) => q.downloadRecordExportPdf({ params: { id } })), `record-${id}.pdf`);
      else saveFile(await fetchNow((q) => q.downloadRecordExportBundle({ params: { id } })), `record-${id}.fhir.json`);
    } catch (error) {
      setProblem(errorTextFor(error, 'patient_web'));
    } finally {
      setBusy(undefined);
    }
  }
  return (
    <div className="stack-sm">
      <p role="status">{message('ui.recordExport.ready', { when: expiresAt ? formatWhen(expiresAt, zone) : '' })}</p>
      <div className="cluster">
        <Button variant="secondary" disabled={busy !== undefined} aria-busy={busy === 'pdf' || undefined} onClick={() => void download('pdf')}>
          {message('ui.recordExport.pdf')}
        </Button>
        <Button variant="secondary" disabled={busy !== undefined} aria-busy={busy === 'fhir' || undefined} onClick={() => void download('fhir')}>
          {message('ui.recordExport.fhir')}
        </Button>
      </div>
      <ErrorNotice text={problem} />
    </div>
  );
}

export function RecordExport() {
  const [search, setSearch] = useSearchParams();
  const id = search.get(EXPORT_PARAM) ?? undefined;
  const request = useRequestRecordExportMutation({
    onSuccess: (answer) =>
      setSearch(
        (now) => {
          const next = new URLSearchParams(now);
          next.set(EXPORT_PARAM, answer.id);
          return next;
        },
        { replace: true },
      ),
  });
  const state = useGetRecordExportQuery(
    { params: { id: id ?? '' } },
    {
      enabled: Boolean(id),
      // Asked again while the job runs; a ready or expired export does not change by itself.
      refetchInterval: (q) => (q.state.data?.status === 'pending' ? patientsConstants.recordExportPollSeconds * 1000 : false),
    },
  );
  const status = id ? state.data?.status : undefined;
  const waiting = request.isPending || (Boolean(id) && (state.isPending || status === 'pending'));
  const ask = (
    <div>
      <Button onClick={() => request.mutate()} disabled={waiting} aria-busy={request.isPending || undefined}>
        {message(status === 'expired' || (id && state.isError) ? 'ui.recordExport.again' : 'ui.recordExport.request')}
      </Button>
    </div>
  );

  return (
    <section className="portal-section" id="record-export" aria-labelledby="record-export-heading">
      <h2 id="record-export-heading">{message('ui.recordExport.heading')}</h2>
      <div className="item stack-sm">
        <p>{message('ui.recordExport.intro')}</p>
        <p className="muted">{message('document.record.notIncluded.text')}</p>
        <div aria-live="polite">
          {waiting ? <p role="status">{message('ui.recordExport.preparing')}</p> : null}
          {status === 'ready' && id ? <Downloads id={id} expiresAt={state.data?.expiresAt} /> : null}
          {status === 'expired' ? <p role="status">{message('ui.recordExport.expired')}</p> : null}
        </div>
        <ErrorNotice
          text={request.isError ? errorTextFor(request.error, 'patient_web') : id && state.isError ? errorTextFor(state.error, 'patient_web') : undefined}
        />
        {status === 'ready' || waiting ? null : ask}
      </div>
    </section>
  );
}
