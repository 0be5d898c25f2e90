/** Verification flow step consent (specs/flows/verification.yaml). */
import { VerificationStep } from './VerificationFlow';

export default function VerifyConsentPage() {
  return <VerificationStep stepId="consent" />;
}
