/**
 * Good Faith Estimates of self-pay sessions (No Surprises Act; 45 CFR 149.610, issues 24 and 38). An estimate
 * is issued once and kept as issued (good_faith_estimates: number, date, content, PDF bytes): the mail, the
 * portal's download (GET /appointments/{id}/good-faith-estimate) and the billing list give that very document.
 * A session's estimate in force is its newest; a new one is issued only when what it prices changed (a
 * reschedule to another price), and it names the one it replaces.
 */
import type { FastifyInstance } from 'fastify';
import { isoDateIn } from '@/domain/dates';
import { estimateDelivery } from '@/domain/business-days';
import { formatCalendarDate } from '@/domain/date-format';
import { goodFaithEstimate, type GoodFaithEstimate } from '@/domain/good-faith-estimate';
import { formatCents } from '@/domain/money';
import { activeLocale, isLocale } from '@/domain/locale';
import { appointmentById } from '../booking/appointments';
import { seriesEstimateFacts } from '../booking/series';
import type { Database, Queryable } from '../db/connection';
import { all, first, isoDay, qb, run, sql, type RowOf } from '../db/typed';
import type { JobDefinition } from '../jobs/registry';
import { withLocale } from '../locale';
import type { BookedAppointment } from '@/generated/entities';
import { fullName, providerDisplayName } from '@/domain/names';
import { constantIn, enumLabelOf } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

/** What an issued estimate printed, field by field (good_faith_estimates.content). */
export interface EstimateContent {
  number: string;
  appointmentId: string;
  counselingType: string;
  patientName: string;
  /** YYYY-MM-DD, or null when the patient's record has none */
  patientDateOfBirth: string | null;
  providerName: string;
  npi: string | null;
  tin: string | null;
  appointmentMode: 'online' | 'in_person';
  /** the practice's name and address */
  practice: string;
  /** the service's label in the language it was issued in */
  service: string;
  /** the session's start (ISO instant) and the zone it is read in */
  serviceStart: string;
  zone: string;
  /** the careCadence text of the service */
  cadence: string;
  estimate: GoodFaithEstimate;
  /** the last day the rule allowed for delivering it (YYYY-MM-DD) */
  dueBy: string;
  replacesNumber: string | null;
}

export interface IssuedEstimate {
  id: string;
  number: string;
  issuedAt: Date;
  locale: string;
  content: EstimateContent;
  pdf: Uint8Array;
}

/** An issued estimate's columns (content is what it printed, as EstimateContent). */
const estimateColumns = ['id', 'number', 'issued_at', 'locale', sql<EstimateContent>`content`.as('content'), 'pdf'] as const;
const estimates = () => qb.selectFrom('good_faith_estimates').select(estimateColumns);
type EstimateRow = RowOf<ReturnType<typeof estimates>>;

const asIssued = (row: EstimateRow): IssuedEstimate => ({
  id: row.id,
  number: row.number,
  issuedAt: new Date(row.issued_at),
  locale: row.locale,
  content: row.content,
  pdf: new Uint8Array(row.pdf),
});

/** A self-pay session with a price, booked by an account: it has a Good Faith Estimate. */
function hasEstimate(appointment: BookedAppointment): appointment is BookedAppointment & { userId: string; priceCents: number } {
  return Boolean(appointment.userId) && appointment.selfPay && appointment.priceCents !== null && appointment.priceCents !== undefined;
}

/** The session's estimate in force (its newest), if one was issued. */
export async function latestEstimate(db: Queryable, appointmentId: string): Promise<IssuedEstimate | undefined> {
  const row = await first(db, estimates().where('appointment_id', '=', appointmentId).orderBy('issued_at', 'desc').orderBy('number', 'desc').limit(1));
  return row ? asIssued(row) : undefined;
}

/** One issued estimate of an account, by number. */
export async function estimateByNumber(db: Queryable, userId: string, number: string): Promise<IssuedEstimate | undefined> {
  const row = await first(db, estimates().where('user_id', '=', userId).where('number', '=', number));
  return row ? asIssued(row) : undefined;
}

/** The estimates issued to an account, newest first (the billing list). */
export async function estimatesOfAccount(db: Queryable, userId: string): Promise<IssuedEstimate[]> {
  const rows = await all(db, estimates().where('user_id', '=', userId).orderBy('issued_at', 'desc').orderBy('number', 'desc'));
  return rows.map(asIssued);
}

/** An estimate prices the same care as another when the service and the price are the same. */
function pricesTheSame(issued: EstimateContent, estimate: GoodFaithEstimate, counselingType: string): boolean {
  return issued.counselingType === counselingType && issued.estimate.priceCents === estimate.priceCents && issued.estimate.totalCents === estimate.totalCents;
}

/**
 * The session's estimate in force, issued now (in the language being written in) when none was, or when
 * the one in force priced other care; undefined when the session has none (not self-pay, no price).
 * Issuing is serialized per session (the appointment's row is locked), so a download and the mail at the
 * same moment give one estimate.
 */
export async function issueEstimate(database: Database, sessionId: string, issuedAt: Date): Promise<IssuedEstimate | undefined> {
  // A recurring series has ONE estimate, of its sessions, kept with its first session.
  const series = await seriesEstimateFacts(database, sessionId);
  const appointmentId = series?.first_id ?? sessionId;
  return database.transaction(async (tx) => {
    await run(
      tx,
      qb
        .selectFrom('appointments')
        .select(sql`1`.as('one'))
        .where('id', '=', appointmentId)
        .forUpdate(),
    );
    const appointment = await appointmentById(tx, appointmentId);
    if (!appointment || !hasEstimate(appointment)) return undefined;
    const facts = await first(
      tx,
      qb
        .selectFrom('appointments as a')
        .innerJoin('providers as pr', 'pr.id', 'a.provider_id')
        .leftJoin('appointment_patients as ap', (join) => join.onRef('ap.appointment_id', '=', 'a.id').on('ap.position', '=', 0))
        .leftJoin('patients as p', 'p.id', 'ap.patient_id')
        .select(['pr.npi', 'pr.tin', 'a.is_follow_up', isoDay(sql.ref('p.date_of_birth')).as('date_of_birth')])
        .where('a.id', '=', appointmentId),
    );
    const zone = appointment.timeZone ?? appointment.provider.timeZone;
    const sessionDate = isoDateIn(new Date(appointment.start), zone);
    const estimate = goodFaithEstimate({
      counselingType: appointment.counselingType,
      priceCents: appointment.priceCents,
      sessionDate,
      firstVisit: !facts?.is_follow_up,
      // No diagnosis is recorded before the first visit: the estimate says the clinician determines it.
      diagnosisCode: null,
      ...(series && series.sessions > 1
        ? { series: { sessions: series.sessions, lastDate: isoDateIn(new Date(series.last_start), zone), ongoingPriceCents: series.later_price_cents } }
        : {}),
    });
    const inForce = await latestEstimate(tx, appointmentId);
    if (inForce && pricesTheSame(inForce.content, estimate, appointment.counselingType)) return inForce;

    const { number } = (await first(tx, qb.selectNoFrom(sql<string>`'GFE-' || lpad(nextval('good_faith_estimate_numbers')::text, 6, '0')`.as('number'))))!;
    const practice = appointment.practice;
    const patient = appointment.patients[0];
    const content: EstimateContent = {
      number,
      appointmentId,
      counselingType: appointment.counselingType,
      patientName: patient ? fullName(patient) : '',
      patientDateOfBirth: facts?.date_of_birth ?? patient?.dateOfBirth ?? null,
      providerName: providerDisplayName(appointment.provider),
      npi: facts?.npi ?? null,
      tin: facts?.tin ?? null,
      appointmentMode: appointment.appointmentMode,
      practice: `${practice.name}, ${practice.addressLine1}, ${practice.city}, ${practice.state} ${practice.zipcode}`,
      service: enumLabelOf(careEnums.counselingType, appointment.counselingType),
      serviceStart: new Date(appointment.start).toISOString(),
      zone,
      cadence: constantIn('careCadence')[estimate.kind],
      estimate,
      dueBy: estimateDelivery(isoDateIn(issuedAt, zone), sessionDate).dueBy,
      replacesNumber: inForce?.number ?? null,
    };
    // pdf-lib and fontkit are loaded when the first estimate is written, not with the app (every start, every test file).
    const { goodFaithEstimatePdf } = await import('./pdf');
    const pdf = await goodFaithEstimatePdf(content, issuedAt);
    const row = await first(
      tx,
      qb
        .insertInto('good_faith_estimates')
        .values({
          number,
          appointment_id: appointmentId,
          user_id: appointment.userId,
          replaces_id: inForce?.id ?? null,
          issued_at: issuedAt,
          due_by: content.dueBy,
          locale: activeLocale(),
          content: JSON.stringify(content),
          pdf: Buffer.from(pdf),
        })
        .returning(estimateColumns),
    );
    return asIssued(row!);
  });
}

/**
 * The e-mail of a self-pay booking's estimate (specs/mail/good-faith-estimate.yaml), with the PDF attached:
 * the estimate is issued in the recipient's language (the mailer's composer) and stored as sent.
 */
export async function sendEstimateMail(app: FastifyInstance, appointmentId: string): Promise<void> {
  const appointment = await appointmentById(app.database, appointmentId);
  if (!appointment || !hasEstimate(appointment)) return;
  const account = await first(
    app.database,
    qb
      .selectFrom('users')
      .select([sql<string | null>`coalesce(email, pending_email)::text`.as('email'), 'first_name', sql<boolean>`email IS NULL`.as('provisional'), 'language'])
      .where('id', '=', appointment.userId),
  );
  if (!account?.email) return;
  const issuedAt = app.clock.now();
  await app.mailer.send(
    'good-faith-estimate',
    account.email,
    async () => {
      const issued = await issueEstimate(app.database, appointmentId, issuedAt);
      if (!issued) throw new Error(`session ${appointmentId} has no estimate`);
      const { estimate, providerName } = issued.content;
      return {
        params: {
          name: account.first_name,
          provider: providerName,
          price: formatCents(estimate.priceCents),
          sessions: estimate.sessions,
          total: formatCents(estimate.totalCents),
          from: formatCalendarDate(estimate.from),
          to: formatCalendarDate(estimate.to),
        },
        attachments: [
          {
            filename: `good-faith-estimate-${issued.number}.pdf`,
            contentType: 'application/pdf',
            content: Buffer.from(issued.pdf).toString('base64'),
            encoding: 'base64',
          },
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
