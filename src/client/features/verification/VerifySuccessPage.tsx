/** /app/verify_success: the consent is signed; back to the dashboard, or keep a card on file for the patient. */
import { message } from '@/domain/messages';
import { routeById } from '@/generated/routes';
import { ButtonLink } from '@/client/ui/Button';
import { stepCopy, stepPath, usePatientId } from './steps';

export default function VerifySuccessPage() {
  const patientId = usePatientId();
  const copy = stepCopy('done');
  return (
    <div className="message-page stack">
      <h1>{copy.heading}</h1>
      {copy.text ? <p>{copy.text}</p> : null}
      <div className="cluster" style={{ justifyContent: 'center' }}>
        <ButtonLink to={routeById.patientHome.path}>{message('ui.verify.toDashboard')}</ButtonLink>
        {patientId ? (
          <ButtonLink to={stepPath('verifyUserPayment', patientId)} variant="secondary">
            {message('ui.verify.addPaymentMethod')}
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
