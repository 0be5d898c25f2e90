/**
 * The time zone an account reads times in. The account's choice (users.time_zone) is the truth;
 * its patients and bookings carry a copy (patients.time_zone, appointments.time_zone) because every writer of
 * mail, reminders, receipts, estimates and calendar files reads the zone from the booking it writes about.
 * Setting the account's zone rewrites those copies at once, so a reminder already queued reads in the new zone.
 */
import type { Queryable } from '../db/connection';
import { dbNow, first, qb, run } from '../db/typed';

/** Sets an account's zone (already checked with isTimeZone) and the copies of its patients and bookings. */
export async function setAccountTimeZone(db: Queryable, userId: string, zone: string): Promise<void> {
  await run(db, qb.updateTable('users').set({ time_zone: zone, updated_at: dbNow }).where('id', '=', userId));
  await run(db, qb.updateTable('patients').set({ time_zone: zone }).where('user_id', '=', userId));
  await run(db, qb.updateTable('appointments').set({ time_zone: zone }).where('user_id', '=', userId));
}

/** Takes the zone a person's own device suggested, once: only while the account has none. */
export async function suggestAccountTimeZone(db: Queryable, userId: string, zone: string): Promise<void> {
  const row = await first(db, qb.selectFrom('users').select('time_zone').where('id', '=', userId));
  if (row && row.time_zone === null) await setAccountTimeZone(db, userId, zone);
}
