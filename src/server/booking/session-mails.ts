/**
 * The e-mails sent about a session (appointment_mails, migration 0027_session_mails_and_intake): recorded when queued, each
 * try of the mail job counted, the delivery stamped. A mail whose tries are spent reads "failed";
 * one still being tried, "sending". Only the template and the address are kept, never the words.
 */
import { constants } from '@/generated/constants';
import type { Queryable } from '../db/connection';
import { all, first, qb, sql } from '../db/typed';

export type SessionMailStatus = 'sending' | 'delivered' | 'failed';

export interface SessionMail {
  id: string;
  template: string;
  recipient: string;
  queuedAt: string;
  tries: number;
  status: SessionMailStatus;
  deliveredAt: string | null;
  lastError: string | null;
}

/** A mail job tries once and then jobRetryLimit times more before it goes to the dead-letter list. */
export const MAIL_TRIES = constants.jobRetryLimit + 1;

export async function recordSessionMail(db: Queryable, appointmentId: string, template: string, recipient: string, at: Date): Promise<string> {
  const row = await first(
    db,
    qb.insertInto('appointment_mails').values({ appointment_id: appointmentId, template, recipient, queued_at: at }).returning('id'),
    { prepared: true },
  );
  return row!.id;
}

/** One try of the mail job: delivered, or failed with the transport's answer. Returns the tries so far. */
export async function recordMailTry(db: Queryable, id: string, outcome: { deliveredAt: Date } | { error: string }): Promise<number> {
  const row = await first(
    db,
    qb
      .updateTable('appointment_mails')
      .set({
        tries: sql<number>`tries + 1`,
        delivered_at: 'deliveredAt' in outcome ? outcome.deliveredAt : null,
        last_error: 'error' in outcome ? outcome.error.slice(0, 500) : null,
      })
      .where('id', '=', id)
      .returning('tries'),
    { prepared: true },
  );
  return row?.tries ?? 0;
}

export async function sessionMails(db: Queryable, appointmentId: string): Promise<SessionMail[]> {
  const rows = await all(
    db,
    qb
      .selectFrom('appointment_mails')
      .select(['id', 'template', 'recipient', 'queued_at', 'tries', 'delivered_at', 'last_error'])
      .where('appointment_id', '=', appointmentId)
      .orderBy('queued_at')
      .orderBy('id'),
  );
  return rows.map((r) => ({
    id: r.id,
    template: r.template,
    recipient: r.recipient,
    queuedAt: new Date(r.queued_at).toISOString(),
    tries: r.tries,
    status: r.delivered_at ? 'delivered' : r.tries >= MAIL_TRIES ? 'failed' : 'sending',
    deliveredAt: r.delivered_at ? new Date(r.delivered_at).toISOString() : null,
    lastError: r.last_error,
  }));
}
