/**
 * /app/verify-user-consent?patientId=: before signing a consent for a patient of their account, the
 * signed-in account holder confirms that patient's date of birth against the record (POST
 * /patients/{id}/verify-date-of-birth; wrong dates answer DOB_MISMATCH, too many lock the check), then
 * goes on to the consent.
 */
import { useNavigate } from 'react-router';
import { useVerifyPatientDateOfBirthMutation } from '@/generated/client/hooks';
import verifyDobForm from '@/generated/forms/verify-date-of-birth';
import { message } from '@/domain/messages';
import { errorTextFor } from '@/client/api/errors';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { stepCopy, stepPath, useAccountPatient, usePatientId } from './steps';

export default function VerifyUserConsentPage() {
  const patientId = usePatientId();
  const navigate = useNavigate();
  const { isPending, error, patient } = useAccountPatient(patientId);
  const copy = stepCopy('verify-identity');
  const check = useVerifyPatientDateOfBirthMutation({
    onSuccess: () => void navigate(stepPath('verifyConsent', patientId!)),
  });

  return (
    <div className="section">
      <div className="container form-card stack">
        <h1>{copy.heading}</h1>
        {isPending ? (
          <Skeleton height="8rem" label={copy.heading} />
        ) : error ? (
          <ErrorNotice text={errorTextFor(error, 'patient_web', 'PAGE_LOAD')} />
        ) : !patient ? (
          <p className="notice notice--error" role="alert">
            {message('ui.verify.patientNotFound')}
          </p>
        ) : (
          <>
            {copy.text ? <p>{copy.text}</p> : null}
            <h2>{fullName(patient)}</h2>
            <ErrorNotice text={check.error ? errorTextFor(check.error, 'patient_web') : undefined} />
            <SpecForm<{ dob: string }>
              form={verifyDobForm}
              idPrefix="verify-dob"
              submitting={check.isPending}
              onSubmit={(data) => check.mutate({ params: { id: patientId! }, body: { dob: data.dob } })}
            />
          </>
        )}
      </div>
    </div>
  );
}
