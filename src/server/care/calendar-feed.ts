/**
 * A clinician's private, revocable calendar feed: a random token in the address, only its
 * SHA-256 stored; the feed lists the provider's booked sessions (30 days back onwards) through the one
 * calendar writer (src/domain/calendar.ts), each with its appointment's UID and SEQUENCE. No patient names:
 * a calendar app syncs the feed to places outside our care.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { routeById } from '@/generated/routes';
import { calendarSequence, icsFeed } from '@/domain/calendar';
import { enumLabelOf } from '@/domain/translations';
import { message } from '@/domain/messages';
import type { Queryable } from '../db/connection';
import { accountLocale, readerLocale, withLocale } from '../locale';
import { siteUrl } from '../site-url';

const FEED_PAST_DAYS = 30;

export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new feed for the provider; the live one (if any) is revoked in the same transaction. Answers the token. */
export async function newFeed(db: { transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T> }, providerId: string, actorId: string, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const createdAt = await db.transaction(async (tx) => {
    await tx.query('UPDATE provider_calendar_feeds SET revoked_at = $2 WHERE provider_id = $1 AND revoked_at IS NULL', [providerId, now.toISOString()]);
    const [row] = await tx.query<{ created_at: Date }>(
      'INSERT INTO provider_calendar_feeds (provider_id, token_hash, created_by, created_at) VALUES ($1, $2, $3, $4) RETURNING created_at',
      [providerId, feedTokenHash(token), actorId, now.toISOString()],
    );
    return new Date(row!.created_at);
  });
  return { token, createdAt };
}

export async function liveFeed(db: Queryable, providerId: string): Promise<Date | null> {
  const [row] = await db.query<{ created_at: Date }>('SELECT created_at FROM provider_calendar_feeds WHERE provider_id = $1 AND revoked_at IS NULL', [
    providerId,
  ]);
  return row ? new Date(row.created_at) : null;
}

export async function revokeFeed(db: Queryable, providerId: string, now: Date): Promise<void> {
  await db.query('UPDATE provider_calendar_feeds SET revoked_at = $2 WHERE provider_id = $1 AND revoked_at IS NULL', [providerId, now.toISOString()]);
}

/** The feed of a live token, or undefined (unknown or revoked). */
export async function feedOf(app: FastifyInstance, token: string): Promise<string | undefined> {
  const db = app.database;
  const [feed] = await db.query<{ provider_id: string; created_by: string | null }>(
    'SELECT provider_id, created_by FROM provider_calendar_feeds WHERE token_hash = $1 AND revoked_at IS NULL',
    [feedTokenHash(token)],
  );
  if (!feed) return undefined;
  const now = app.clock.now();
  const sessions = await db.query<{
    id: string;
    start_at: Date;
    end_at: Date;
    appointment_mode: string;
    booked_at: Date;
    changed_at: Date;
    rescheduled: boolean;
    time_zone: string;
  }>(
    `SELECT a.id, lower(a.during) AS start_at, upper(a.during) AS end_at, a.appointment_mode, a.created_at AS booked_at, a.updated_at AS changed_at,
            a.rescheduled_from IS NOT NULL AS rescheduled, p.time_zone
       FROM appointments a JOIN providers p ON p.id = a.provider_id
      WHERE a.provider_id = $1 AND a.status = 'booked' AND upper(a.during) >= $2::timestamptz - make_interval(days => $3::int)
      ORDER BY lower(a.during)`,
    [feed.provider_id, now.toISOString(), FEED_PAST_DAYS],
  );
  // Its reader is the clinician who made it (a calendar app asks in no language): written in their language, its link opens the schedule in it.
  const locale = readerLocale(await accountLocale(db, feed.created_by));
  const schedule = siteUrl(app, routeById.careCalendar.path, locale);
  return withLocale(locale, () =>
    icsFeed(
      sessions.map((s) => ({
        appointmentId: s.id,
        title: message('calendar.feed.eventTitle', { mode: enumLabelOf('appointmentMode', s.appointment_mode).toLowerCase() }),
        start: new Date(s.start_at).toISOString(),
        end: new Date(s.end_at).toISOString(),
        url: schedule,
        sequence: calendarSequence({ bookedAt: s.booked_at, changedAt: s.changed_at, rescheduled: s.rescheduled, cancelled: false }),
        // The clinician reads their sessions in their own zone (the schedule's).
        timeZone: s.time_zone,
      })),
      { name: message('calendar.feed.name'), now },
    ),
  );
}
