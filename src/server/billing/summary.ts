/** The payment part of GET /users/billing: the holder's scheduling-system id, the year's total and the latest payments. */
import type { Queryable } from '../db/connection';
import { first, qb } from '../db/typed';
import { latestPaymentsOfAccount, paidSince, transactionOut } from './repository';

const RECENT_PAYMENTS = 5;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export async function billingSummary(db: Queryable, userId: string, now: Date) {
  const holder = await first(
    db,
    qb.selectFrom('patients').select('ehr_id').where('user_id', '=', userId).where('relationship', '=', 'Self').orderBy('created_at').limit(1),
  );
  const recent = (await latestPaymentsOfAccount(db, userId, RECENT_PAYMENTS)).map(transactionOut);
  return {
    responsiblePartyEhrId: holder?.ehr_id ?? null,
    totalPaid: (await paidSince(db, userId, new Date(now.getTime() - YEAR_MS))) / 100,
    ...(recent[0] ? { lastPayment: recent[0] } : {}),
    recentPayments: recent,
  };
}
