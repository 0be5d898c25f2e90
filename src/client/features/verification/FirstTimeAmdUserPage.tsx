/** /app/first-time-amd-user: the invitation of an account started from a scheduling-system record (ClaimAccount). */
import { ClaimAccount } from './ClaimAccount';

export default function FirstTimeAmdUserPage() {
  return <ClaimAccount kind="scheduling-record" />;
}
