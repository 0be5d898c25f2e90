/**
 * Delivering the sync outbox (migration 0025; issue 16 item 3). Rows are claimed for a short while
 * (claimed_until) in a short transaction, delivered outside it through the adapter (app.sync), and
 * the outcome written with the attempt: delivered; or tried again at its back-off time
 * (src/domain/sync.ts); or, once its tries are spent, failed for good, which raises one red_alert
 * task for the record. A staff retry (red alerts) delivers the record's latest row at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import { fhirAppointment, fhirConsent, fhirPatient, fhirPaymentNotice, nextAttemptAt, type FhirResource, type SyncResourceType } from '@/domain/sync';
import type { Queryable } from '../db/connection';
import { listTasks } from '../tasks/repository';
import { createTask, systemRequest, type ActingRequest } from '../tasks/service';
import type { SyncAdapter } from './adapters';
import { taskText } from '@/domain/task-text';

declare module 'fastify' {
  interface FastifyInstance {
    sync: { adapter: SyncAdapter; attempts: number; retryDelaySeconds: number };
  }
}

export const SYNC_QUEUE = 'sync-outbox';

export interface OutboxRow {
  id: string;
  resource_type: SyncResourceType;
  record_id: string;
  version: number;
  status: 'pending' | 'delivered' | 'superseded' | 'failed';
  attempts: number;
}

/** The red alert's subject: the record, named by its table's singular. */
export const subjectTypeOf: Record<SyncResourceType, string> = { Patient: 'patient', Appointment: 'appointment', Consent: 'consent', Payment: 'payment' };

const iso = (v: Date | string | null): string | null => (v == null ? null : new Date(v).toISOString());

/** The record as a FHIR resource of this version, and the patient it is about; undefined when the record is gone. */
export async function buildResource(
  db: Queryable,
  row: Pick<OutboxRow, 'resource_type' | 'record_id' | 'version'>,
): Promise<{ resource: FhirResource; patientId: string | null } | undefined> {
  const id = row.record_id;
  switch (row.resource_type) {
    case 'Patient': {
      const [p] = await db.query<{
        first_name: string;
        last_name: string;
        dob: string | null;
        gender: string | null;
        email: string | null;
        phone_number: string | null;
        ehr_id: string | null;
      }>(
        `SELECT first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') AS dob, gender, email::text AS email, phone_number, ehr_id FROM patients WHERE id = $1`,
        [id],
      );
      if (!p) return undefined;
      return {
        resource: fhirPatient(
          { id, firstName: p.first_name, lastName: p.last_name, dateOfBirth: p.dob, gender: p.gender, email: p.email, phone: p.phone_number, ehrId: p.ehr_id },
          row.version,
        ),
        patientId: id,
      };
    }
    case 'Appointment': {
      const [a] = await db.query<{
        status: 'booked' | 'cancelled';
        start_at: Date;
        end_at: Date;
        appointment_mode: 'online' | 'in_person';
        provider_id: string;
        practice_id: string;
        cancel_note: string | null;
        cancel_reason_id: string | null;
        patient_ids: string[] | null;
      }>(
        `SELECT a.status, lower(a.during) AS start_at, upper(a.during) AS end_at, a.appointment_mode, a.provider_id, a.practice_id, a.cancel_note, a.cancel_reason_id,
                (SELECT array_agg(ap.patient_id::text ORDER BY ap.position) FROM appointment_patients ap WHERE ap.appointment_id = a.id) AS patient_ids
           FROM appointments a WHERE a.id = $1`,
        [id],
      );
      if (!a) return undefined;
      const patientIds = a.patient_ids ?? [];
      return {
        resource: fhirAppointment(
          {
            id,
            status: a.status,
            start: iso(a.start_at)!,
            end: iso(a.end_at)!,
            mode: a.appointment_mode,
            providerId: a.provider_id,
            practiceId: a.practice_id,
            patientIds,
            cancelReason: a.status === 'cancelled' ? (a.cancel_reason_id ?? 'cancelled') : null,
          },
          row.version,
        ),
        patientId: patientIds[0] ?? null,
      };
    }
    case 'Consent': {
      const [c] = await db.query<{
        patient_id: string;
        consent_type: string;
        version: string;
        signed_at: Date | null;
        created_at: Date;
        appointment_id: string | null;
      }>(`SELECT patient_id, consent_type, version, signed_at, created_at, appointment_id FROM consents WHERE id = $1`, [id]);
      if (!c) return undefined;
      return {
        resource: fhirConsent(
          {
            id,
            patientId: c.patient_id,
            type: c.consent_type,
            version: c.version,
            signedAt: iso(c.signed_at),
            createdAt: iso(c.created_at)!,
            appointmentId: c.appointment_id,
          },
          row.version,
        ),
        patientId: c.patient_id,
      };
    }
    case 'Payment': {
      const [p] = await db.query<{
        status: string;
        amount_cents: number;
        currency: string;
        created_at: Date;
        appointment_id: string | null;
        transaction_id: string | null;
        patient_id: string | null;
      }>(`SELECT status, amount_cents, currency, created_at, appointment_id, transaction_id, patient_id FROM payments WHERE id = $1`, [id]);
      if (!p) return undefined;
      return {
        resource: fhirPaymentNotice(
          {
            id,
            status: p.status,
            amountCents: p.amount_cents,
            currency: p.currency.trim(),
            createdAt: iso(p.created_at)!,
            appointmentId: p.appointment_id,
            transactionId: p.transaction_id,
          },
          row.version,
        ),
        patientId: p.patient_id,
      };
    }
  }
}

export interface AttemptOutcome {
  outcome: 'delivered' | 'failed' | 'superseded';
  answer: string;
  /** the row's tries are spent (a red alert was raised) */
  failedForGood: boolean;
}

/** One try of one claimed row; writes the attempt and the row's new state. */
export async function deliverRow(
  app: FastifyInstance,
  row: OutboxRow,
  options: { requestedBy?: string | null; request?: FastifyRequest } = {},
): Promise<AttemptOutcome> {
  const db = app.database;
  const now = app.clock.now();
  // Idempotent by version: a newer version of the record already delivered makes this one moot.
  const [newer] = await db.query(`SELECT 1 FROM sync_outbox WHERE resource_type = $1 AND record_id = $2 AND version > $3 AND status = 'delivered' LIMIT 1`, [
    row.resource_type,
    row.record_id,
    row.version,
  ]);
  const built = newer ? undefined : await buildResource(db, row);
  if (!built) {
    await db.query(`UPDATE sync_outbox SET status = 'superseded', claimed_until = NULL WHERE id = $1`, [row.id]);
    return { outcome: 'superseded', answer: 'A newer version was delivered', failedForGood: false };
  }
  const result = await app.sync.adapter.deliver(built.resource, { resourceType: row.resource_type, recordId: row.record_id, version: row.version }, now);
  const attempts = row.attempts + 1;
  const next = result.ok
    ? null
    : nextAttemptAt(now, attempts, { attempts: app.sync.attempts, baseSeconds: app.sync.retryDelaySeconds, maxSeconds: constants.jobRetryDelayMaxSeconds });
  const failedForGood = !result.ok && next === null;
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO sync_attempts (outbox_id, at, adapter, outcome, answer, requested_by) VALUES ($1, $2, $3, $4, $5, $6)`, [
      row.id,
      now,
      app.sync.adapter.name,
      result.ok ? 'delivered' : 'failed',
      result.answer,
      options.requestedBy ?? null,
    ]);
    if (result.ok) {
      await tx.query(`UPDATE sync_outbox SET status = 'delivered', attempts = $2, delivered_at = $3, last_error = NULL, claimed_until = NULL WHERE id = $1`, [
        row.id,
        attempts,
        now,
      ]);
    } else {
      await tx.query(
        `UPDATE sync_outbox SET status = $2, attempts = $3, last_error = $4, next_attempt_at = coalesce($5, next_attempt_at), claimed_until = NULL WHERE id = $1`,
        [row.id, failedForGood ? 'failed' : 'pending', attempts, result.answer, next],
      );
    }
    if (failedForGood) await raiseRedAlert(options.request ?? systemRequest(app), tx, row, built.patientId, result.answer);
  });
  return { outcome: result.ok ? 'delivered' : 'failed', answer: result.answer, failedForGood };
}

/** One open red alert per record whose delivery failed for good. */
async function raiseRedAlert(request: ActingRequest, tx: Queryable, row: OutboxRow, patientId: string | null, answer: string): Promise<void> {
  const subject = { type: subjectTypeOf[row.resource_type], id: row.record_id };
  const open = await listTasks(tx, { kinds: ['red_alert'], statuses: ['open', 'in_progress', 'on_hold'], subject, limit: 1 });
  if (open.length) return;
  await createTask(
    request,
    {
      kind: 'red_alert',
      subject,
      patientId,
      priority: 'urgent',
      reason: taskText('task.redAlert.syncFailed', { record: { message: `ui.support.redAlert.resource.${row.resource_type}` }, answer }),
      details: { source: 'sync', resourceType: row.resource_type, outboxId: row.id },
    },
    tx,
  );
}

/** Claims up to syncBatchSize due rows for a minute (a worker that dies lets them go again). */
async function claimDue(app: FastifyInstance): Promise<OutboxRow[]> {
  const now = app.clock.now();
  return app.database.transaction((tx) =>
    tx.query<OutboxRow>(
      `UPDATE sync_outbox SET claimed_until = $2
        WHERE id IN (SELECT id FROM sync_outbox
                      WHERE status = 'pending' AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1)
                      ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id::text AS id, resource_type, record_id::text AS record_id, version, status, attempts`,
      [now, new Date(now.getTime() + 60_000), constants.syncBatchSize],
    ),
  );
}

/**
 * The sync-outbox job: delivers every due row, then asks the job engine to run again when the
 * earliest retry is due (the back-off); NOTIFY on commit (plugin.ts) and a cron safety net send it too.
 */
export async function runOutbox(app: FastifyInstance): Promise<{ delivered: number; failed: number }> {
  let delivered = 0;
  let failed = 0;
  for (;;) {
    const rows = await claimDue(app);
    for (const row of rows) {
      const r = await deliverRow(app, row);
      if (r.outcome === 'delivered') delivered += 1;
      else if (r.outcome === 'failed') failed += 1;
    }
    if (rows.length < constants.syncBatchSize) break;
  }
  const [next] = await app.database.query<{ at: Date | null }>(`SELECT min(next_attempt_at) AS at FROM sync_outbox WHERE status = 'pending'`);
  if (next?.at && Number.isFinite(new Date(next.at).getTime())) {
    const at = new Date(next.at);
    await app.jobs.send(SYNC_QUEUE, {}, { startAfter: at, singletonKey: `sync-outbox-at-${at.getTime()}` });
  }
  return { delivered, failed };
}

/**
 * Staff retry of a record whose delivery failed for good: its latest row is tried once, now (a
 * newer pending row is delivered instead). Answers what the practice's system said.
 */
export async function retryRecord(request: FastifyRequest, resourceType: SyncResourceType, recordId: string): Promise<AttemptOutcome | undefined> {
  const app = request.server;
  const row = await app.database.transaction(async (tx) => {
    const [latest] = await tx.query<OutboxRow>(
      `SELECT id::text AS id, resource_type, record_id::text AS record_id, version, status, attempts FROM sync_outbox
        WHERE resource_type = $1 AND record_id = $2 ORDER BY version DESC LIMIT 1 FOR UPDATE`,
      [resourceType, recordId],
    );
    if (!latest) return undefined;
    if (latest.status === 'delivered') return latest;
    // A fresh round of tries from now on: this one, then the back-off if it fails again.
    await tx.query(`UPDATE sync_outbox SET status = 'pending', attempts = 0, claimed_until = $2 WHERE id = $1`, [
      latest.id,
      new Date(app.clock.now().getTime() + 60_000),
    ]);
    return { ...latest, status: 'pending' as const, attempts: 0 };
  });
  if (!row) return undefined;
  if (row.status === 'delivered') return { outcome: 'delivered', answer: 'Already delivered', failedForGood: false };
  const outcome = await deliverRow(app, row, { requestedBy: request.caller?.userId ?? null, request });
  if (outcome.outcome === 'failed' && !outcome.failedForGood) {
    await app.jobs.send(SYNC_QUEUE, {});
  }
  return outcome;
}
