/**
 * /app/verify/consent?patientId=: a signed-in account holder reads and signs the booking consent of a
 * patient on their account (themself, or a minor as "Parent / legal guardian of {patient}"). The text and who
 * signs are read through the generated query (GET /patients/consent-template); the consent saga creates and signs
 * the consent and verifies the signature (POST /patients/{id}/consent, /patients/consent/{id}/sign, /verify); then
 * the portal's patients are read again, so the "Sign consent" to-do is gone.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { message } from '@/domain/messages';
import { ownSignatureMissing } from '@/domain/consents';
import { queryKeys, useGetConsentTemplateQuery } from '@/generated/client/hooks';
import { isApiError, errorTextFor } from '@/client/api/errors';
import { selectAudience, selectUser } from '@/client/store/auth/slice';
import { consentReset, consentSignRequested, selectConsent } from '@/client/store/consent/slice';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { ButtonLink } from '@/client/ui/Button';
import { Skeleton } from '@/client/ui/Skeleton';
import { fullName } from '@/client/ui/format';
import { routeById } from '@/generated/routes';
import { stepCopy, stepPath, useAccountPatient, usePatientId } from './steps';

export default function VerifyConsentPage() {
  const patientId = usePatientId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useAppSelector(selectUser)?.id;
  const consent = useAppSelector(selectConsent);
  const audience = useAppSelector(selectAudience);
  const template = useGetConsentTemplateQuery({ query: { patientIds: patientId ? [patientId] : [] } }, { enabled: Boolean(patientId) });
  const [signing, setSigning] = useState(false);
  const copy = stepCopy('consent');
  const account = useAccountPatient(patientId);
  // A link opened again after signing: nothing to sign (the account's list says the person gave the consent;
  // one staff recorded for them on a call is theirs to sign once the account is theirs).
  const alreadySigned = !signing && Boolean(account.patient) && !ownSignatureMissing(account.patient?.consents);

  useEffect(() => {
    if (!patientId) return;
    dispatch(consentReset());
  }, [dispatch, patientId]);

  // Only a signature asked for on this screen counts (the consent state is kept in browser storage).
  const signed = signing && consent.isConsentSigned && consent.status === 'succeeded';
  useEffect(() => {
    if (!signed || !patientId) return;
    let current = true;
    void (async () => {
      if (userId) await queryClient.invalidateQueries({ queryKey: queryKeys.getUserPatients({ query: { userId } }), refetchType: 'all' });
      if (current) void navigate(stepPath('verifySuccess', patientId));
    })();
    return () => {
      current = false;
    };
  }, [signed, patientId, userId, queryClient, navigate]);

  const signers = template.data?.patients ?? [];
  const signer = signers.find((s) => s.patientId === patientId);
  const notFound = !patientId || (!signer && isApiError(template.error) && template.error.status === 404);
  const pending = consent.status === 'pending';

  return (
    <div className="section">
      <div className="container form-card stack">
        <h1>{copy.heading}</h1>
        {alreadySigned && account.patient ? (
          <>
            <p className="notice notice--success">{message('ui.verify.alreadySigned', { patient: fullName(account.patient) })}</p>
            <div className="cluster">
              <ButtonLink to={routeById.patientHome.path}>{message('ui.verify.toDashboard')}</ButtonLink>
            </div>
          </>
        ) : notFound ? (
          <p className="notice notice--error" role="alert">
            {message('ui.verify.patientNotFound')}
          </p>
        ) : !signer ? (
          template.isError ? (
            <ErrorNotice text={errorTextFor(template.error, audience)} />
          ) : (
            <Skeleton height="10rem" label={copy.heading} />
          )
        ) : (
          <>
            {copy.text ? <p>{copy.text}</p> : null}
            <div className="notice consent-text" aria-label={signer.name}>
              <p>{signer.consentText}</p>
            </div>
            {signer.signerCapacity ? <p>{message('ui.verify.signerCapacity', { capacity: signer.signerCapacity })}</p> : null}
            <ErrorNotice text={signing && consent.status === 'failed' ? consent.error?.text : undefined} />
            <div aria-live="polite">{signing && pending ? <p role="status">{message('ui.verify.signing')}</p> : null}</div>
            <div className="cluster">
              <Button
                disabled={pending}
                onClick={() => {
                  setSigning(true);
                  if (patientId) dispatch(consentSignRequested({ patients: [{ id: patientId }], names: signers.map((s) => s.name) }));
                }}
              >
                {copy.sign}
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
