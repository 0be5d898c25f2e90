/**
 * The single-purpose links of a reminder: reschedule, cancel, stop e-mail reminders. Each is a random
 * token of its own (only its SHA-256 is stored, in reminder_links), bound to one account, one session
 * and one purpose, usable once and until it expires (src/domain/reminders.ts reminderLinkExpiry). A link
 * opens the portal's own flow; the patient signs in first when needed, and only that account can use it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { routeById } from '@/generated/routes';
import { reminderLinkExpiry } from '@/domain/reminders';
import type { Locale } from '@/domain/locale';
import { siteUrl } from '../site-url';
import type { Queryable } from '../db/connection';
import { first, qb, run } from '../db/typed';

export type ReminderLinkPurpose = 'reschedule' | 'cancel' | 'unsubscribe';

export const hashReminderToken = (token: string): string => createHash('sha256').update(token).digest('hex');

async function newLink(db: Queryable, userId: string, appointmentId: string, purpose: ReminderLinkPurpose, expiresAt: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await run(
    db,
    qb.insertInto('reminder_links').values({
      token_hash: hashReminderToken(token),
      user_id: userId,
      appointment_id: appointmentId,
      purpose,
      expires_at: expiresAt.toISOString(),
    }),
  );
  return token;
}

/** The three links of one reminder, as full addresses of portal pages in the reader's language. */
export async function reminderLinks(
  app: FastifyInstance,
  appointmentId: string,
  userId: string,
  start: Date,
  locale: Locale,
): Promise<{ rescheduleUrl: string; cancelUrl: string; unsubscribeUrl: string }> {
  const now = app.clock.now();
  const sessionEnd = reminderLinkExpiry(now, start);
  // Stopping reminders stays useful after the session: only the lifetime bounds it.
  const lifetimeEnd = reminderLinkExpiry(now, new Date(8.64e15));
  const sessions = `${routeById.patientSessions.path}?session=${appointmentId}`;

  const [reschedule, cancel, unsubscribe] = await Promise.all([
    newLink(app.database, userId, appointmentId, 'reschedule', sessionEnd),
    newLink(app.database, userId, appointmentId, 'cancel', sessionEnd),
    newLink(app.database, userId, appointmentId, 'unsubscribe', lifetimeEnd),
  ]);
  return {
    rescheduleUrl: siteUrl(app, `${sessions}&reminder=${reschedule}`, locale),
    cancelUrl: siteUrl(app, `${sessions}&reminder=${cancel}`, locale),
    unsubscribeUrl: siteUrl(app, `${routeById.patientAccountSettings.path}?reminder=${unsubscribe}`, locale),
  };
}

export type LinkUse = { ok: true; purpose: ReminderLinkPurpose; appointmentId: string } | { ok: false };

/**
 * Uses a link once, for the signed-in account: marks it used and answers what it was for. A link of
 * another account, an unknown, used or expired one answers not ok (the caller learns nothing more).
 * Stopping e-mail reminders happens here; rescheduling and cancelling go on in the portal's own flow.
 */
export async function spendReminderLink(db: Queryable, token: string, userId: string, now: Date): Promise<LinkUse> {
  const used = await first(
    db,
    qb
      .updateTable('reminder_links')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', hashReminderToken(token))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['purpose', 'appointment_id']),
  );
  if (!used) return { ok: false };
  if (used.purpose === 'unsubscribe') {
    await run(
      db,
      qb
        .insertInto('reminder_preferences')
        .values({ user_id: userId, email: false, sms: false, updated_at: now.toISOString() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ email: false, updated_at: now.toISOString() })),
    );
  }
  return { ok: true, purpose: used.purpose as ReminderLinkPurpose, appointmentId: used.appointment_id };
}
