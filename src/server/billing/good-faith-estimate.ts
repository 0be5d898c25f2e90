/**
 * The Good Faith Estimate of a self-pay session (No Surprises Act, issue 24), made from the session as
 * it is now - so a changed price or plan gives the new estimate: in the portal
 * (GET /appointments/{id}/good-faith-estimate) and attached to the e-mail sent with the booking.
 */
import type { FastifyInstance } from 'fastify';
import { isoDateIn } from '@/domain/dates';
import { formatCalendarDate } from '@/domain/date-format';
import { goodFaithEstimate, type GoodFaithEstimate } from '@/domain/good-faith-estimate';
import { formatCents } from '@/domain/money';
import { appointmentById } from '../booking/appointments';
import type { Queryable } from '../db/connection';
import type { JobDefinition } from '../jobs/registry';
import { withLocale } from '../locale';
import { isLocale } from '@/domain/locale';
import type { BookedAppointment } from '@/generated/entities';
import { fullName, providerDisplayName } from '@/domain/names';
import { enumLabelOf } from '@/domain/translations';
import { constantIn } from '@/domain/translations';

export interface EstimateDocument {
  estimate: GoodFaithEstimate;
  pdf: Uint8Array;
  providerName: string;
  accountId: string;
}

/** The estimate of a session, or undefined when it is not self-pay (or has no price). */
export async function estimateDocument(db: Queryable, appointmentId: string, issuedAt: Date): Promise<EstimateDocument | undefined> {
  const appointment = await appointmentById(db, appointmentId);
  return appointment && hasEstimate(appointment) ? estimateDocumentOf(appointment, issuedAt) : undefined;
}

/** A self-pay session with a price, booked by an account: it has a Good Faith Estimate. */
function hasEstimate(appointment: BookedAppointment): appointment is BookedAppointment & { userId: string; priceCents: number } {
  return Boolean(appointment.userId) && appointment.selfPay && appointment.priceCents !== null && appointment.priceCents !== undefined;
}

/** The estimate and its PDF, in the language being written in. */
async function estimateDocumentOf(appointment: BookedAppointment & { userId: string; priceCents: number }, issuedAt: Date): Promise<EstimateDocument> {
  const zone = appointment.timeZone ?? appointment.provider.timeZone;
  const estimate = goodFaithEstimate({
    counselingType: appointment.counselingType,
    priceCents: appointment.priceCents,
    sessionDate: isoDateIn(new Date(appointment.start), zone),
  });
  const providerName = providerDisplayName(appointment.provider);
  const practice = appointment.practice;
  const patient = appointment.patients[0];
  // pdf-lib and fontkit are loaded when the first estimate is written, not with the app (every start, every test file).
  const { goodFaithEstimatePdf } = await import('./pdf');
  const pdf = await goodFaithEstimatePdf(
    {
      appointmentId: appointment.id,
      patientName: patient ? fullName(patient) : '',
      providerName,
      practice: `${practice.name}, ${practice.addressLine1}, ${practice.city}, ${practice.state} ${practice.zipcode}`,
      service: enumLabelOf('counselingType', appointment.counselingType),
      cadence: constantIn('careCadence')[estimate.kind],
    },
    estimate,
    issuedAt,
    zone,
  );
  return { estimate, pdf, providerName, accountId: appointment.userId };
}

/**
 * The e-mail of a self-pay booking's estimate (specs/mail/good-faith-estimate.yaml), with the PDF attached:
 * both written in the recipient's language (the mailer's composer).
 */
export async function sendEstimateMail(app: FastifyInstance, appointmentId: string): Promise<void> {
  const appointment = await appointmentById(app.database, appointmentId);
  if (!appointment || !hasEstimate(appointment)) return;
  const [account] = await app.database.query<{ email: string | null; first_name: string; provisional: boolean; language: string | null }>(
    'SELECT coalesce(email, pending_email)::text AS email, first_name, email IS NULL AS provisional, language FROM users WHERE id = $1',
    [appointment.userId],
  );
  if (!account?.email) return;
  const issuedAt = app.clock.now();
  await app.mailer.send(
    'good-faith-estimate',
    account.email,
    async () => {
      const document = await estimateDocumentOf(appointment, issuedAt);
      const { estimate } = document;
      return {
        params: {
          name: account.first_name,
          provider: document.providerName,
          price: formatCents(estimate.priceCents),
          sessions: estimate.sessions,
          total: formatCents(estimate.totalCents),
          from: formatCalendarDate(estimate.from),
          to: formatCalendarDate(estimate.to),
        },
        attachments: [
          { filename: 'good-faith-estimate.pdf', contentType: 'application/pdf', content: Buffer.from(document.pdf).toString('base64'), encoding: 'base64' },
        ],
      };
    },
    // A provisional account's address is looked up as any address is (src/server/booking/mails.ts).
    { appointmentId, ...(account.provisional ? {} : { language: account.language }) },
  );
}

export const ESTIMATE_MAIL_QUEUE = 'good-faith-estimate-mail';

/**
 * The estimate's e-mail is built (PDF included) by a job the booking queues in the same request, so the
 * booking answers without waiting for the PDF and the mail is never lost to a request that ended first.
 * It is written in the recipient's language (the mailer decides it): the account's, else the language the
 * booking was made in, which the job writes in as the request did.
 */
export const estimateMailJob: JobDefinition<{ appointmentId: string; locale?: string }> = {
  name: ESTIMATE_MAIL_QUEUE,
  async run(app, data) {
    await withLocale(isLocale(data.locale) ? data.locale : undefined, () => sendEstimateMail(app, data.appointmentId));
  },
  describe: (data) => ({ appointmentId: data.appointmentId }),
};
