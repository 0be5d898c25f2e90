/** Session reminders (issue 21 item 1): an account's channels, and the single-use links of a reminder mail. */
import type { FastifyRequest } from 'fastify';
import { formatPhone } from '@/domain/phone';
import { reachAccount } from '@/server/accounts/reach';
import { callerOf } from '@/server/plugins/auth';
import { spendReminderLink } from '@/server/reminders/links';
import { AppError } from '@/server/errors';
import type { Handlers } from '../registry';

async function preferencesOf(request: FastifyRequest, userId: string) {
  const [row] = await request.server.database.query<{ email: boolean | null; sms: boolean | null; phone: string | null }>(
    `SELECT rp.email, rp.sms,
            (SELECT p.phone_number FROM patients p WHERE p.user_id = u.id AND p.relationship = 'Self' LIMIT 1) AS phone
       FROM users u LEFT JOIN reminder_preferences rp ON rp.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  // With SMS_ENABLED=false no text is sent: the choice is not offered, and a stored one is not reported as on.
  const smsAvailable = !request.server.sms.off;
  return { email: row?.email ?? true, sms: smsAvailable && (row?.sms ?? false), smsPhone: row?.phone ? formatPhone(row.phone) : null, smsAvailable };
}

export const remindersHandlers: Handlers = {
  async getReminderPreferences(request) {
    const account = await reachAccount(request, request.params.id, 'getReminderPreferences');
    return preferencesOf(request, account.id);
  },

  async updateReminderPreferences(request) {
    const account = await reachAccount(request, request.params.id, 'updateReminderPreferences');
    // A choice the app cannot honour is refused, not stored: the person would wait for texts that never come.
    if (request.body.sms && request.server.sms.off) throw new AppError('SMS_UNAVAILABLE');
    await request.server.database.query(
      `INSERT INTO reminder_preferences (user_id, email, sms, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET email = $2, sms = $3, updated_at = $4`,
      [account.id, request.body.email, request.body.sms, request.server.clock.now().toISOString()],
    );
    return preferencesOf(request, account.id);
  },

  async useReminderLink(request) {
    const caller = callerOf(request);
    const used = await spendReminderLink(request.server.database, request.body.token, caller.userId, request.server.clock.now());
    if (!used.ok) return { valid: false };
    request.auditTarget = { type: 'appointment', id: used.appointmentId };
    return { valid: true, purpose: used.purpose, appointmentId: used.appointmentId };
  },
};
