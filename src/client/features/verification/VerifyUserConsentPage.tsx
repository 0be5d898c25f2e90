/** Verification flow step verify-identity (specs/flows/verification.yaml). */
import { VerificationStep } from './VerificationFlow';

export default function VerifyUserConsentPage() {
  return <VerificationStep stepId="verify-identity" />;
}
