/** Reminder preferences (reminder_preferences): how an account wants its session reminders. */
import type { Queryable } from '../db/connection';

/** An account's reminder channels as stored (null: never chosen) and its Self patient's phone number. */
export async function reminderPreferencesRow(db: Queryable, userId: string) {
  const [row] = await db.query<{ email: boolean | null; sms: boolean | null; phone: string | null }>(
    `SELECT rp.email, rp.sms,
            (SELECT p.phone_number FROM patients p WHERE p.user_id = u.id AND p.relationship = 'Self' LIMIT 1) AS phone
       FROM users u LEFT JOIN reminder_preferences rp ON rp.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  return row;
}

export async function saveReminderPreferences(db: Queryable, userId: string, choice: { email: boolean; sms: boolean }, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO reminder_preferences (user_id, email, sms, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET email = $2, sms = $3, updated_at = $4`,
    [userId, choice.email, choice.sms, at.toISOString()],
  );
}
