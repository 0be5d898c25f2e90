/** The payment part of GET /users/billing: the holder's scheduling-system id, the year's total and the latest payments. */
import type { Queryable } from '../db/connection';
import { latestPaymentsOfAccount, paidSince, transactionOut } from './repository';

const RECENT_PAYMENTS = 5;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export async function billingSummary(db: Queryable, userId: string, now: Date) {
  const [holder] = await db.query<{ ehr_id: string | null }>(
    "SELECT ehr_id FROM patients WHERE user_id = $1 AND relationship = 'Self' ORDER BY created_at LIMIT 1",
    [userId],
  );
  const recent = (await latestPaymentsOfAccount(db, userId, RECENT_PAYMENTS)).map(transactionOut);
  return {
    responsiblePartyEhrId: holder?.ehr_id ?? null,
    totalPaid: (await paidSince(db, userId, new Date(now.getTime() - YEAR_MS))) / 100,
    ...(recent[0] ? { lastPayment: recent[0] } : {}),
    recentPayments: recent,
  };
}
