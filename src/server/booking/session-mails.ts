/**
 * The e-mails sent about a session (appointment_mails, migration 0027_session_mails_and_intake): recorded when queued, each
 * try of the mail job counted, the delivery stamped. A mail whose tries are spent reads "failed";
 * one still being tried, "sending". Only the template and the address are kept, never the words.
 */
import { constants } from '@/generated/constants';
import { prepared, type Queryable } from '../db/connection';

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
  const [row] = await db.query<{ id: string }>(
    prepared('INSERT INTO appointment_mails (appointment_id, template, recipient, queued_at) VALUES ($1, $2, $3, $4) RETURNING id'),
    [appointmentId, template, recipient, at],
  );
  return row!.id;
}

/** One try of the mail job: delivered, or failed with the transport's answer. Returns the tries so far. */
export async function recordMailTry(db: Queryable, id: string, outcome: { deliveredAt: Date } | { error: string }): Promise<number> {
  const [row] = await db.query<{ tries: number }>(
    prepared(`UPDATE appointment_mails SET tries = tries + 1, delivered_at = $2, last_error = $3 WHERE id = $1 RETURNING tries`),
    [id, 'deliveredAt' in outcome ? outcome.deliveredAt : null, 'error' in outcome ? outcome.error.slice(0, 500) : null],
  );
  return row?.tries ?? 0;
}

export async function sessionMails(db: Queryable, appointmentId: string): Promise<SessionMail[]> {
  const rows = await db.query<{
    id: string;
    template: string;
    recipient: string;
    queued_at: Date;
    tries: number;
    delivered_at: Date | null;
    last_error: string | null;
  }>('SELECT id, template, recipient, queued_at, tries, delivered_at, last_error FROM appointment_mails WHERE appointment_id = $1 ORDER BY queued_at, id', [
    appointmentId,
  ]);
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
