/** Places on the waitlist as the waitlist calls write them (src/server/waitlist/routes.ts); offers are src/server/waitlist/offers.ts. */
import type { TimeOfDay } from '@/generated/enums';
import type { Queryable } from '../db/connection';

/** A place with its account and that account's partner (accounts/reach.ts reachRecord; $1: its id). */
export const ENTRY_ACCESS_SQL = `SELECT e.id, e.user_id AS account_id, u.business_partner_id AS account_partner_id, e.status
  FROM waitlist_entries e JOIN users u ON u.id = e.user_id WHERE e.id = $1`;

/** The place an offer was made to, with its account and that account's partner ($1: the offer's id). */
export const OFFER_ACCESS_SQL = `SELECT e.id, e.user_id AS account_id, u.business_partner_id AS account_partner_id, e.status
  FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id JOIN users u ON u.id = e.user_id WHERE o.id = $1`;

export async function insurancePlanExists(db: Queryable, planId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM insurance_plans WHERE id = $1', [planId])).length > 0;
}

/** Locks the account's row (its joins take turns) and counts its places still waiting. */
export async function lockedWaitingCount(tx: Queryable, accountId: string): Promise<number> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [accountId]);
  const [{ n } = { n: 0 }] = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM waitlist_entries WHERE user_id = $1 AND status = 'waiting'", [
    accountId,
  ]);
  return n;
}

export interface NewEntry {
  accountId: string;
  patientId: string | null;
  providerId: string | null;
  counselingType: string | null;
  appointmentMode: string | null;
  planId: number | null;
  stateCode: string;
  timesOfDay: TimeOfDay[];
  createdBy: string;
  at: Date;
}

/** A new place; a second waiting place of the same wish breaks the unique index (23505). */
export async function insertEntry(tx: Queryable, e: NewEntry): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO waitlist_entries (user_id, patient_id, provider_id, counseling_type, appointment_mode, plan_id, state_code, times_of_day, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [e.accountId, e.patientId, e.providerId, e.counselingType, e.appointmentMode, e.planId, e.stateCode, e.timesOfDay, e.createdBy, e.at.toISOString()],
  );
  return row!.id;
}

/** The place is left (when still waiting); answers its open offer, if any. */
export async function leaveEntry(tx: Queryable, entryId: string, at: Date): Promise<{ id: string } | undefined> {
  await tx.query("UPDATE waitlist_entries SET status = 'left', ended_at = $2 WHERE id = $1 AND status = 'waiting'", [entryId, at.toISOString()]);
  const [open] = await tx.query<{ id: string }>("SELECT id FROM waitlist_offers WHERE entry_id = $1 AND status = 'open'", [entryId]);
  return open;
}

/** The attending patient's date of birth: the named patient's, else the account holder's own record's, else the account's. */
export async function attendingBirthDate(db: Queryable, accountId: string, patientId: string | undefined): Promise<{ dob: string | null } | undefined> {
  const [row] = await db.query<{ dob: string | null }>(
    `SELECT coalesce(
       (SELECT to_char(p.date_of_birth, 'YYYY-MM-DD') FROM patients p WHERE p.id = $2::uuid),
       (SELECT to_char(p.date_of_birth, 'YYYY-MM-DD') FROM patients p WHERE p.user_id = $1 AND p.relationship = 'Self' ORDER BY p.created_at LIMIT 1),
       (SELECT to_char(u.date_of_birth, 'YYYY-MM-DD') FROM users u WHERE u.id = $1)) AS dob`,
    [accountId, patientId ?? null],
  );
  return row;
}
