/** /app/first-time-user: the first-time flow of a new account holder (specs/flows/first-time-user.yaml). */
import { FirstTimeFlow } from './VerificationFlow';

export default function FirstTimeUserPage() {
  return <FirstTimeFlow flow="firstTimeUser" />;
}
