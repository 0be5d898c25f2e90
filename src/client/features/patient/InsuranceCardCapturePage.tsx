/**
 * Photographing or uploading an insurance card, front and back: on phones the file input opens the
 * camera (capture="environment"); elsewhere it picks a file. Each side is stored as a patient
 * document (POST /patients/{id}/documents, multipart) tied to the insurance.
 */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryRoot, useUploadPatientDocumentMutation } from '@/generated/client/hooks';
import { useSearchParams } from 'react-router';
import * as patientsConstants from '@/generated/constants/patients';
import type { EndpointInputs } from '@/generated/client/api';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { errorTextFor } from '@/client/api/errors';
import { Button, ButtonLink } from '@/client/ui/Button';
import { PortalShell } from './PortalShell';
import { ListSkeleton, Loaded } from './states';
import { fullName } from './data';
import { useAccountInsurances } from './insurance-data';

type Side = 'insurance_card_front' | 'insurance_card_back';

/** Phones (a coarse pointer) open the camera; other devices choose a file. */
function onPhone(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

export default function InsuranceCardCapturePage() {
  const upload = useUploadPatientDocumentMutation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const insurances = useAccountInsurances();
  const [patientId, setPatientId] = useState(search.get('patientId') ?? '');
  const [insuranceId, setInsuranceId] = useState(search.get('insuranceId') ?? '');
  const [files, setFiles] = useState<Partial<Record<Side, File>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [camera] = useState(onPhone);
  const maxSize = `${Math.round(patientsConstants.documentMaxBytes / (1024 * 1024))} MB`;

  async function submit(e: FormEvent, pid: string | undefined, insuranceId: string) {
    e.preventDefault();
    const chosen = (Object.entries(files) as [Side, File][]).filter(([, f]) => f);
    if (!chosen.length || !pid) {
      setOutcome({ ok: false, text: message('ui.patient.capture.chooseFile') });
      return;
    }
    setBusy(true);
    setOutcome(undefined);
    try {
      for (const [kind, file] of chosen) {
        const form = new FormData();
        form.append('kind', kind);
        if (insuranceId) form.append('insuranceId', insuranceId);
        form.append('file', file, file.name);
        await upload.mutateAsync({ params: { id: pid }, body: form } as EndpointInputs['uploadPatientDocument'] & { body: FormData });
      }
      await queryClient.invalidateQueries({ queryKey: queryRoot('listPatientInsurances') });
      setFiles({});
      (e.target as HTMLFormElement).reset();
      setOutcome({ ok: true, text: message('ui.patient.capture.saved') });
    } catch (error) {
      setOutcome({ ok: false, text: errorTextFor(error, 'patient_web') });
    } finally {
      setBusy(false);
    }
  }

  const sideInput = (side: Side, label: string) => (
    <div className="field">
      <label className="field__label" htmlFor={side}>
        {label}
      </label>
      <input
        id={side}
        name={side}
        className="input file-input"
        type="file"
        accept={camera ? 'image/*' : 'image/jpeg,image/png,image/heic,application/pdf'}
        {...(camera ? { capture: 'environment' as const } : {})}
        aria-describedby="capture-hint"
        onChange={(e) => setFiles((f) => ({ ...f, [side]: e.target.files?.[0] }))}
      />
    </div>
  );

  return (
    <PortalShell route="insuranceCardCapture">
      <div className="form-card stack">
        <p className="lead">{message('ui.patient.capture.intro')}</p>
        <Loaded query={insurances} skeleton={<ListSkeleton rows={3} height="3.5rem" />}>
          {(list) => {
            const patient = list.find((l) => l.patient.id === patientId) ?? list[0];
            // The card belongs to an insurance on file: the first one unless the link or the person chose another.
            const chosenInsurance = patient?.insurances.some((i) => i.id === insuranceId) ? insuranceId : (patient?.insurances[0]?.id ?? '');
            return (
              <form className="stack" onSubmit={(e) => void submit(e, patient?.patient.id, chosenInsurance)} noValidate>
                <div className="field">
                  <label className="field__label" htmlFor="capture-patient">
                    {message('ui.patient.capture.patient')}
                  </label>
                  <select
                    id="capture-patient"
                    className="select"
                    value={patient?.patient.id ?? ''}
                    onChange={(e) => {
                      setPatientId(e.target.value);
                      setInsuranceId('');
                    }}
                  >
                    {list.map((l) => (
                      <option key={l.patient.id} value={l.patient.id}>
                        {fullName(l.patient)}
                      </option>
                    ))}
                  </select>
                </div>
                {patient?.insurances.length ? (
                  <div className="field">
                    <label className="field__label" htmlFor="capture-insurance">
                      {message('ui.patient.capture.insurance')}
                    </label>
                    <select id="capture-insurance" className="select" value={chosenInsurance} onChange={(e) => setInsuranceId(e.target.value)}>
                      {patient.insurances.map((i) => (
                        <option key={i.id} value={i.id}>
                          {message('ui.patient.insurance.plan', { carrier: i.carrierName, plan: i.planName })}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
                {sideInput('insurance_card_front', message('ui.patient.capture.front'))}
                {sideInput('insurance_card_back', message('ui.patient.capture.back'))}
                <p id="capture-hint" className="field__hint">
                  {message('ui.patient.capture.hint', { size: maxSize })}
                </p>
                <div aria-live="polite" role="status">
                  {outcome ? <p className={`notice ${outcome.ok ? 'notice--success' : 'notice--error'}`}>{outcome.text}</p> : null}
                </div>
                <div className="form-actions">
                  <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
                    {message('ui.patient.capture.submit')}
                  </Button>
                  <ButtonLink to={routeById.patientInsuranceCards.path} variant="ghost">
                    {message('ui.patient.capture.back2')}
                  </ButtonLink>
                </div>
              </form>
            );
          }}
        </Loaded>
      </div>
    </PortalShell>
  );
}
