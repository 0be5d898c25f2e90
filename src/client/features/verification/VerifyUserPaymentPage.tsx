/** Verification flow step payment (specs/flows/verification.yaml). */
import { VerificationStep } from './VerificationFlow';

export default function VerifyUserPaymentPage() {
  return <VerificationStep stepId="payment" />;
}
