/**
 * The e-mailed check-in link of measurement-based care: a daily job finds patients
 * with a booked session in the next measureCheckInMailDays days whose PHQ-9 or GAD-7 is due
 * (src/domain/measures.ts isDue, cadence measureCheckInMailDays/measureCadenceDays in specs) and mails the
 * account holder a link to the patient portal, where the check-in waits as a to-do. Once per patient
 * and session (measure_check_in_mails, migration 0028). The mail carries no health information.
 */
import type { FastifyInstance } from 'fastify';
import { constants } from '@/generated/constants';
import { routeById } from '@/generated/routes';
import { isDue, type Instrument } from '@/domain/measures';
import { all, appointmentStart, first, qb, sql } from '../db/typed';
import type { JobDefinition } from '../jobs/registry';
import { siteUrl } from '../site-url';

const DAY = 86_400_000;

/** Sends the due check-in mails; answers how many went out. */
export async function sendCheckInMails(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const until = new Date(now.getTime() + constants.measureCheckInMailDays * DAY);
  const candidates = await all(
    app.database,
    qb
      .selectFrom('appointments as a')
      .innerJoin('appointment_patients as ap', 'ap.appointment_id', 'a.id')
      .innerJoin('patients as p', 'p.id', 'ap.patient_id')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .distinctOn('ap.patient_id')
      .select((eb) => {
        const lastOf = (instrument: Instrument) =>
          eb
            .selectFrom('measure_responses as m')
            .select((m) => m.fn.max('m.completed_at').as('at'))
            .whereRef('m.patient_id', '=', 'ap.patient_id')
            .where('m.instrument', '=', instrument);
        return [
          'ap.patient_id',
          'a.id as appointment_id',
          sql<string>`u.email::text`.as('email'),
          'u.language',
          lastOf('phq9').as('last_phq9'),
          lastOf('gad7').as('last_gad7'),
        ];
      })
      .where('a.status', '=', 'booked')
      .where(appointmentStart(), '>', sql<Date>`${now.toISOString()}::timestamptz`)
      .where(appointmentStart(), '<=', sql<Date>`${until.toISOString()}::timestamptz`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('measure_check_in_mails as c')
              .select(sql`1`.as('one'))
              .whereRef('c.patient_id', '=', 'ap.patient_id')
              .whereRef('c.appointment_id', '=', 'a.id'),
          ),
        ),
      )
      .orderBy('ap.patient_id')
      .orderBy(appointmentStart())
      .orderBy('a.id'),
  );
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  let sent = 0;
  for (const c of candidates) {
    if (!isDue(iso(c.last_phq9), now) && !isDue(iso(c.last_gad7), now)) continue;
    // The row first: of two workers, only the one that records it sends.
    const claimed = await first(
      app.database,
      qb
        .insertInto('measure_check_in_mails')
        .values({ patient_id: c.patient_id, appointment_id: c.appointment_id, sent_at: now.toISOString() })
        .onConflict((conflict) => conflict.doNothing())
        .returning('patient_id'),
    );
    if (!claimed) continue;
    await app.mailer.send('measure-check-in', c.email, (locale) => ({ params: { link: siteUrl(app, routeById.patientHome.path, locale) } }), {
      language: c.language,
    });
    sent += 1;
  }
  return sent;
}

export const checkInMailJob: JobDefinition = {
  name: 'measure-check-in-mail',
  cron: '0 14 * * *',
  run: async (app) => {
    await sendCheckInMails(app);
  },
};
