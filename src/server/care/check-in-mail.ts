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
import { isDue } from '@/domain/measures';
import type { JobDefinition } from '../jobs/registry';
import { siteUrl } from '../site-url';

const DAY = 86_400_000;

/** Sends the due check-in mails; answers how many went out. */
export async function sendCheckInMails(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const until = new Date(now.getTime() + constants.measureCheckInMailDays * DAY);
  const candidates = await app.database.query<{
    patient_id: string;
    appointment_id: string;
    email: string;
    language: string | null;
    last_phq9: Date | null;
    last_gad7: Date | null;
  }>(
    `SELECT DISTINCT ON (ap.patient_id) ap.patient_id, a.id AS appointment_id, u.email::text AS email, u.language,
            (SELECT max(m.completed_at) FROM measure_responses m WHERE m.patient_id = ap.patient_id AND m.instrument = 'phq9') AS last_phq9,
            (SELECT max(m.completed_at) FROM measure_responses m WHERE m.patient_id = ap.patient_id AND m.instrument = 'gad7') AS last_gad7
       FROM appointments a
       JOIN appointment_patients ap ON ap.appointment_id = a.id
       JOIN patients p ON p.id = ap.patient_id
       JOIN users u ON u.id = p.user_id
      WHERE a.status = 'booked' AND lower(a.during) > $1::timestamptz AND lower(a.during) <= $2::timestamptz
        AND NOT EXISTS (SELECT 1 FROM measure_check_in_mails c WHERE c.patient_id = ap.patient_id AND c.appointment_id = a.id)
      ORDER BY ap.patient_id, lower(a.during), a.id`,
    [now.toISOString(), until.toISOString()],
  );
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  let sent = 0;
  for (const c of candidates) {
    if (!isDue(iso(c.last_phq9), now) && !isDue(iso(c.last_gad7), now)) continue;
    // The row first: of two workers, only the one that records it sends.
    const [claimed] = await app.database.query(
      'INSERT INTO measure_check_in_mails (patient_id, appointment_id, sent_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING patient_id',
      [c.patient_id, c.appointment_id, now.toISOString()],
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
