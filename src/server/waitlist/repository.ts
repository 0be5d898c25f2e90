/** Places on the waitlist as the waitlist calls write them (src/server/waitlist/routes.ts); offers are src/server/waitlist/offers.ts. */
import type { TimeOfDay } from '@/generated/enums';
import type { Queryable } from '../db/connection';
import { first, isoDay, qb, run, sql } from '../db/typed';

const entryAccess = () =>
  qb
    .selectFrom('waitlist_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.user_id as account_id', 'u.business_partner_id as account_partner_id', 'e.status']);

/** A place with its account and that account's partner (accounts/reach.ts reachRecord). */
export const entryAccessById = (id: string) => entryAccess().where('e.id', '=', id);

/** The place an offer was made to, with its account and that account's partner (by the offer's id). */
export const offerAccessById = (offerId: string) => entryAccess().innerJoin('waitlist_offers as o', 'o.entry_id', 'e.id').where('o.id', '=', offerId);

export async function insurancePlanExists(db: Queryable, planId: number): Promise<boolean> {
  return (await first(db, qb.selectFrom('insurance_plans').select('id').where('id', '=', planId))) !== undefined;
}

/** Locks the account's row (its joins take turns) and counts its places still waiting. */
export async function lockedWaitingCount(tx: Queryable, accountId: string): Promise<number> {
  await run(tx, qb.selectFrom('users').select('id').where('id', '=', accountId).forUpdate());
  const row = await first(
    tx,
    qb
      .selectFrom('waitlist_entries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', accountId)
      .where('status', '=', 'waiting'),
  );
  return row?.n ?? 0;
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
  const row = await first(
    tx,
    qb
      .insertInto('waitlist_entries')
      .values({
        user_id: e.accountId,
        patient_id: e.patientId,
        provider_id: e.providerId,
        counseling_type: e.counselingType,
        appointment_mode: e.appointmentMode,
        plan_id: e.planId,
        state_code: e.stateCode,
        times_of_day: e.timesOfDay,
        created_by: e.createdBy,
        created_at: e.at.toISOString(),
      })
      .returning('id'),
  );
  return row!.id;
}

/** The place is left (when still waiting); answers its open offer, if any. */
export async function leaveEntry(tx: Queryable, entryId: string, at: Date): Promise<{ id: string } | undefined> {
  await run(
    tx,
    qb.updateTable('waitlist_entries').set({ status: 'left', ended_at: at.toISOString() }).where('id', '=', entryId).where('status', '=', 'waiting'),
  );
  return first(tx, qb.selectFrom('waitlist_offers').select('id').where('entry_id', '=', entryId).where('status', '=', 'open'));
}

/** The attending patient's date of birth: the named patient's, else the account holder's own record's, else the account's. */
export async function attendingBirthDate(db: Queryable, accountId: string, patientId: string | undefined): Promise<{ dob: string | null } | undefined> {
  return first(
    db,
    qb.selectNoFrom((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('patients as p')
            .select((p) => isoDay(p.ref('p.date_of_birth')).as('dob'))
            .where('p.id', '=', sql<string>`${patientId ?? null}::uuid`),
          eb
            .selectFrom('patients as p')
            .select((p) => isoDay(p.ref('p.date_of_birth')).as('dob'))
            .where('p.user_id', '=', accountId)
            .where('p.relationship', '=', 'Self')
            .orderBy('p.created_at')
            .limit(1),
          eb
            .selectFrom('users as u')
            .select((u) => isoDay(u.ref('u.date_of_birth')).as('dob'))
            .where('u.id', '=', accountId),
        )
        .as('dob'),
    ),
  );
}
