/**
 * Delivering the sync outbox (migration 0025). Rows are claimed for a short while
 * (claimed_until) in a short transaction, delivered outside it through the adapter (app.sync), and
 * the outcome written with the attempt: delivered; or tried again at its back-off time
 * (src/domain/sync.ts); or, once its tries are spent, failed for good, which raises one red_alert
 * task for the record. A staff retry (red alerts) delivers the record's latest row at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import { fhirAppointment, fhirConsent, fhirPatient, fhirPaymentNotice, nextAttemptAt, type FhirResource, type SyncResourceType } from '@/domain/sync';
import type { ExpressionBuilder, Selection } from 'kysely';
import type { Queryable } from '../db/connection';
import { all, appointmentTimes, first, qb, run, sql, type DB } from '../db/typed';
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

/** The columns of an outbox row (ids as text: the id is a bigint, which the two drivers answer differently). */
const outboxColumns = (eb: ExpressionBuilder<DB, 'sync_outbox'>) =>
  [eb.cast<string>('id', 'text').as('id'), 'resource_type', eb.cast<string>('record_id', 'text').as('record_id'), 'version', 'status', 'attempts'] as const;

/** The stored words are the ones this module writes. */
const outboxRowOf = (r: Selection<DB, 'sync_outbox', ReturnType<typeof outboxColumns>[number]>): OutboxRow => ({
  ...r,
  resource_type: r.resource_type as SyncResourceType,
  status: r.status as OutboxRow['status'],
});

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
      const p = await first(
        db,
        qb
          .selectFrom('patients')
          .select((eb) => [
            'first_name',
            'last_name',
            eb.fn<string | null>('to_char', ['date_of_birth', sql.lit('YYYY-MM-DD')]).as('dob'),
            'gender',
            eb.cast<string | null>('email', 'text').as('email'),
            'phone_number',
            'ehr_id',
          ])
          .where('id', '=', id),
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
      const a = await first(
        db,
        qb
          .selectFrom('appointments as a')
          .select((eb) => [
            'a.status',
            ...appointmentTimes(),
            'a.appointment_mode',
            'a.provider_id',
            'a.practice_id',
            'a.cancel_note',
            'a.cancel_reason_id',
            eb
              .selectFrom('appointment_patients as ap')
              .select(sql<string[]>`array_agg(ap.patient_id::text ORDER BY ap.position)`.as('ids'))
              .whereRef('ap.appointment_id', '=', 'a.id')
              .as('patient_ids'),
          ])
          .where('a.id', '=', id),
      );
      if (!a) return undefined;
      const patientIds = a.patient_ids ?? [];
      return {
        resource: fhirAppointment(
          {
            id,
            status: a.status as 'booked' | 'cancelled',
            start: iso(a.start_at)!,
            end: iso(a.end_at)!,
            mode: a.appointment_mode as 'online' | 'in_person',
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
      const c = await first(
        db,
        qb.selectFrom('consents').select(['patient_id', 'consent_type', 'version', 'signed_at', 'created_at', 'appointment_id']).where('id', '=', id),
      );
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
      const p = await first(
        db,
        qb
          .selectFrom('payments')
          .select(['status', 'amount_cents', 'currency', 'created_at', 'appointment_id', 'transaction_id', 'patient_id'])
          .where('id', '=', id),
      );
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
  const newer = await first(
    db,
    qb
      .selectFrom('sync_outbox')
      .select('id')
      .where('resource_type', '=', row.resource_type)
      .where('record_id', '=', row.record_id)
      .where('version', '>', row.version)
      .where('status', '=', 'delivered')
      .limit(1),
  );
  const built = newer ? undefined : await buildResource(db, row);
  if (!built) {
    await run(db, qb.updateTable('sync_outbox').set({ status: 'superseded', claimed_until: null }).where('id', '=', row.id));
    return { outcome: 'superseded', answer: 'A newer version was delivered', failedForGood: false };
  }
  const result = await app.sync.adapter.deliver(built.resource, { resourceType: row.resource_type, recordId: row.record_id, version: row.version }, now);
  const attempts = row.attempts + 1;
  const next = result.ok
    ? null
    : nextAttemptAt(now, attempts, { attempts: app.sync.attempts, baseSeconds: app.sync.retryDelaySeconds, maxSeconds: constants.jobRetryDelayMaxSeconds });
  const failedForGood = !result.ok && next === null;
  await db.transaction(async (tx) => {
    await run(
      tx,
      qb.insertInto('sync_attempts').values({
        outbox_id: row.id,
        at: now,
        adapter: app.sync.adapter.name,
        outcome: result.ok ? 'delivered' : 'failed',
        answer: result.answer,
        requested_by: options.requestedBy ?? null,
      }),
    );
    const outbox = qb.updateTable('sync_outbox').where('id', '=', row.id);
    if (result.ok) {
      await run(tx, outbox.set({ status: 'delivered', attempts, delivered_at: now, last_error: null, claimed_until: null }));
    } else {
      await run(
        tx,
        outbox.set((eb) => ({
          status: failedForGood ? 'failed' : 'pending',
          attempts,
          last_error: result.answer,
          next_attempt_at: next ?? eb.ref('next_attempt_at'),
          claimed_until: null,
        })),
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
    all(
      tx,
      qb
        .updateTable('sync_outbox')
        .set({ claimed_until: new Date(now.getTime() + 60_000) })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('sync_outbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', now)
            .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(constants.syncBatchSize)
            .forUpdate()
            .skipLocked(),
        )
        .returning(outboxColumns),
    ).then((rows) => rows.map(outboxRowOf)),
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
  const next = await first(
    app.database,
    qb
      .selectFrom('sync_outbox')
      .select((eb) => eb.fn.min('next_attempt_at').as('at'))
      .where('status', '=', 'pending'),
  );
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
    const found = await first(
      tx,
      qb
        .selectFrom('sync_outbox')
        .select(outboxColumns)
        .where('resource_type', '=', resourceType)
        .where('record_id', '=', recordId)
        .orderBy('version', 'desc')
        .limit(1)
        .forUpdate(),
    );
    const latest = found && outboxRowOf(found);
    if (!latest) return undefined;
    if (latest.status === 'delivered') return latest;
    // A fresh round of tries from now on: this one, then the back-off if it fails again.
    await run(
      tx,
      qb
        .updateTable('sync_outbox')
        .set({ status: 'pending', attempts: 0, claimed_until: new Date(app.clock.now().getTime() + 60_000) })
        .where('id', '=', latest.id),
    );
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
