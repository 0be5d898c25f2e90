/** /app/first-time-amd-user: first-time flow of a patient moved from the scheduling system (specs/flows/first-time-amd-user.yaml). */
import { FirstTimeFlow } from './VerificationFlow';

export default function FirstTimeAmdUserPage() {
  return <FirstTimeFlow flow="firstTimeAmdUser" />;
}
