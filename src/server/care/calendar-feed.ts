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
import { all, appointmentEnd, appointmentStart, appointmentTimes, first, qb, run, sql } from '../db/typed';
import { accountLocale, readerLocale, withLocale } from '../locale';
import { siteUrl } from '../site-url';
import * as careEnums from '@/generated/enums/care';

const FEED_PAST_DAYS = 30;

export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new feed for the provider; the live one (if any) is revoked in the same transaction. Answers the token. */
export async function newFeed(db: { transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T> }, providerId: string, actorId: string, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const createdAt = await db.transaction(async (tx) => {
    await revokeFeed(tx, providerId, now);
    const row = await first(
      tx,
      qb
        .insertInto('provider_calendar_feeds')
        .values({ provider_id: providerId, token_hash: feedTokenHash(token), created_by: actorId, created_at: now.toISOString() })
        .returning('created_at'),
    );
    return new Date(row!.created_at);
  });
  return { token, createdAt };
}

export async function liveFeed(db: Queryable, providerId: string): Promise<Date | null> {
  const row = await first(
    db,
    qb.selectFrom('provider_calendar_feeds').select('created_at').where('provider_id', '=', providerId).where('revoked_at', 'is', null),
  );
  return row ? new Date(row.created_at) : null;
}

export async function revokeFeed(db: Queryable, providerId: string, now: Date): Promise<void> {
  await run(
    db,
    qb.updateTable('provider_calendar_feeds').set({ revoked_at: now.toISOString() }).where('provider_id', '=', providerId).where('revoked_at', 'is', null),
  );
}

/** The feed of a live token, or undefined (unknown or revoked). */
export async function feedOf(app: FastifyInstance, token: string): Promise<string | undefined> {
  const db = app.database;
  const feed = await first(
    db,
    qb
      .selectFrom('provider_calendar_feeds')
      .select(['provider_id', 'created_by'])
      .where('token_hash', '=', feedTokenHash(token))
      .where('revoked_at', 'is', null),
  );
  if (!feed) return undefined;
  const now = app.clock.now();
  const sessions = await all(
    db,
    qb
      .selectFrom('appointments as a')
      .innerJoin('providers as p', 'p.id', 'a.provider_id')
      .select((eb) => [
        'a.id',
        ...appointmentTimes(),
        'a.appointment_mode',
        'a.created_at as booked_at',
        'a.updated_at as changed_at',
        eb('a.rescheduled_from', 'is not', null).$castTo<boolean>().as('rescheduled'),
        'p.time_zone',
      ])
      .where('a.provider_id', '=', feed.provider_id)
      .where('a.status', '=', 'booked')
      .where(sql<boolean>`${appointmentEnd()} >= ${now.toISOString()}::timestamptz - make_interval(days => ${FEED_PAST_DAYS}::int)`)
      .orderBy(appointmentStart()),
  );
  // Its reader is the clinician who made it (a calendar app asks in no language): written in their language, its link opens the schedule in it.
  const locale = readerLocale(await accountLocale(db, feed.created_by));
  const schedule = siteUrl(app, routeById.careCalendar.path, locale);
  return withLocale(locale, () =>
    icsFeed(
      sessions.map((s) => ({
        appointmentId: s.id,
        title: message('calendar.feed.eventTitle', { mode: enumLabelOf(careEnums.appointmentMode, s.appointment_mode).toLowerCase() }),
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
