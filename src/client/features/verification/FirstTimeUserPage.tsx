/** /app/first-time-user: the invitation of an account staff or a partner started (ClaimAccount). */
import { ClaimAccount } from './ClaimAccount';

export default function FirstTimeUserPage() {
  return <ClaimAccount kind="account" />;
}
