/**
 * The time zone an account reads times in (issue 34). The account's choice (users.time_zone) is the truth;
 * its patients and bookings carry a copy (patients.time_zone, appointments.time_zone) because every writer of
 * mail, reminders, receipts, estimates and calendar files reads the zone from the booking it writes about.
 * Setting the account's zone rewrites those copies at once, so a reminder already queued reads in the new zone.
 */
import type { Queryable } from '../db/connection';

/** Sets an account's zone (already checked with isTimeZone) and the copies of its patients and bookings. */
export async function setAccountTimeZone(db: Queryable, userId: string, zone: string): Promise<void> {
  await db.query('UPDATE users SET time_zone = $2, updated_at = now() WHERE id = $1', [userId, zone]);
  await db.query('UPDATE patients SET time_zone = $2 WHERE user_id = $1', [userId, zone]);
  await db.query('UPDATE appointments SET time_zone = $2 WHERE user_id = $1', [userId, zone]);
}

/** Takes the zone a person's own device suggested, once: only while the account has none. */
export async function suggestAccountTimeZone(db: Queryable, userId: string, zone: string): Promise<void> {
  const [row] = await db.query<{ time_zone: string | null }>('SELECT time_zone FROM users WHERE id = $1', [userId]);
  if (row && row.time_zone === null) await setAccountTimeZone(db, userId, zone);
}
