/** Reminder preferences (reminder_preferences): how an account wants its session reminders. */
import type { Queryable } from '../db/connection';
import { first, qb, run } from '../db/typed';

/** An account's reminder channels as stored (null: never chosen) and its Self patient's phone number. */
export async function reminderPreferencesRow(db: Queryable, userId: string) {
  return first(
    db,
    qb
      .selectFrom('users as u')
      .leftJoin('reminder_preferences as rp', 'rp.user_id', 'u.id')
      .select((eb) => [
        'rp.email',
        'rp.sms',
        eb.selectFrom('patients as p').select('p.phone_number').whereRef('p.user_id', '=', 'u.id').where('p.relationship', '=', 'Self').limit(1).as('phone'),
      ])
      .where('u.id', '=', userId),
  );
}

export async function saveReminderPreferences(db: Queryable, userId: string, choice: { email: boolean; sms: boolean }, at: Date): Promise<void> {
  await run(
    db,
    qb
      .insertInto('reminder_preferences')
      .values({ user_id: userId, email: choice.email, sms: choice.sms, updated_at: at.toISOString() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ email: choice.email, sms: choice.sms, updated_at: at.toISOString() })),
  );
}
