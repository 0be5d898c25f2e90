/**
 * The Good Faith Estimate of a self-pay session (No Surprises Act, issue 24), made from the session as
 * it is now - so a changed price or plan gives the new estimate: in the portal
 * (GET /appointments/{id}/good-faith-estimate) and attached to the e-mail sent with the booking.
 */
import type { FastifyInstance } from 'fastify';
import { isoDateIn, formatUsDate } from '@/domain/dates';
import { goodFaithEstimate, type GoodFaithEstimate } from '@/domain/good-faith-estimate';
import { formatCents } from '@/domain/money';
import { appointmentById } from '../booking/appointments';
import type { Queryable } from '../db/connection';
import type { JobDefinition } from '../jobs/registry';
import { accountLocale, withLocale } from '../locale';
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
  if (!appointment?.userId || !appointment.selfPay || appointment.priceCents === null || appointment.priceCents === undefined) return undefined;
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
  );
  return { estimate, pdf, providerName, accountId: appointment.userId };
}

/** The e-mail of a self-pay booking's estimate (specs/mail/good-faith-estimate.yaml), with the PDF attached. */
export async function sendEstimateMail(app: FastifyInstance, appointmentId: string): Promise<void> {
  const document = await estimateDocument(app.database, appointmentId, app.clock.now());
  if (!document) return;
  const [account] = await app.database.query<{ email: string | null; first_name: string }>(
    'SELECT coalesce(email, pending_email)::text AS email, first_name FROM users WHERE id = $1',
    [document.accountId],
  );
  if (!account?.email) return;
  const { estimate } = document;
  await app.mailer.send(
    'good-faith-estimate',
    account.email,
    {
      name: account.first_name,
      provider: document.providerName,
      price: formatCents(estimate.priceCents),
      sessions: estimate.sessions,
      total: formatCents(estimate.totalCents),
      from: formatUsDate(estimate.from),
      to: formatUsDate(estimate.to),
    },
    {
      appointmentId,
      attachments: [
        { filename: 'good-faith-estimate.pdf', contentType: 'application/pdf', content: Buffer.from(document.pdf).toString('base64'), encoding: 'base64' },
      ],
    },
  );
}

export const ESTIMATE_MAIL_QUEUE = 'good-faith-estimate-mail';

/**
 * The estimate's e-mail is built (PDF included) by a job the booking queues in the same request, so the
 * booking answers without waiting for the PDF and the mail is never lost to a request that ended first.
 * It is written in the language the booking was made in (the recipient's account language still wins).
 */
export const estimateMailJob: JobDefinition<{ appointmentId: string; locale?: string }> = {
  name: ESTIMATE_MAIL_QUEUE,
  async run(app, data) {
    // The PDF attached follows the account's language too, as the mail's text does.
    const [owner] = await app.database.query<{ user_id: string | null }>('SELECT user_id FROM appointments WHERE id = $1', [data.appointmentId]);
    const language = await accountLocale(app.database, owner?.user_id);
    await withLocale(language ?? data.locale, () => sendEstimateMail(app, data.appointmentId));
  },
  describe: (data) => ({ appointmentId: data.appointmentId }),
};
