/** Session reminders: an account's channels, and the single-use links of a reminder mail. */
import type { FastifyRequest } from 'fastify';
import { formatPhone } from '@/domain/phone';
import { reachAccount } from '@/server/accounts/reach';
import { callerOf } from '@/server/plugins/auth';
import { spendReminderLink } from '@/server/reminders/links';
import { AppError } from '@/server/errors';
import { reminderPreferencesRow, saveReminderPreferences } from '@/server/reminders/repository';
import type { Handlers } from '../routes/registry';

async function preferencesOf(request: FastifyRequest, userId: string) {
  const row = await reminderPreferencesRow(request.server.database, userId);
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
    await saveReminderPreferences(request.server.database, account.id, { email: request.body.email, sms: request.body.sms }, request.server.clock.now());
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
