/** What is still to pay on the account's sessions: unpaid self-pay prices and late-cancellation fees. */
import { message } from '@/domain/messages';
import { providerName, useSessions, whenOf, type Session } from '../sessions/session-data';

export interface AmountDue {
  session: Session;
  cents: number;
  /** what the amount is for, in the patient's words */
  label: string;
}

export function amountDueLabel(s: Session): string {
  const params = { when: whenOf(s), provider: providerName(s) };
  return s.cancellation?.feeStatus === 'outstanding' ? message('ui.patient.billing.dueFee', params) : message('ui.patient.billing.dueSession', params);
}

/**
 * Sessions with something to pay, earliest first. A late-cancelled session can still be in the
 * future, so both lists are read (the sessions pages share their cache).
 */
export function useAmountsDue() {
  const upcoming = useSessions('upcoming');
  const past = useSessions('past');
  const data =
    upcoming.data && past.data
      ? [...upcoming.data, ...past.data]
          .filter((s) => s.amountDueCents > 0)
          .sort((a, b) => a.start.localeCompare(b.start))
          .map((s): AmountDue => ({ session: s, cents: s.amountDueCents, label: amountDueLabel(s) }))
      : undefined;
  return {
    data,
    error: upcoming.error ?? past.error,
    isPending: upcoming.isPending || past.isPending,
    refetch: () => Promise.all([upcoming.refetch(), past.refetch()]),
  };
}
