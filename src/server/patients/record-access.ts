/**
 * "Who looked at my record": the audit rows of the caller's account and of its patients'
 * records, named for the account holder (src/domain/record-access.ts), and the report of one to support.
 * The audit trail is only read here; a report is a task that names the row, never a change of the row.
 */
import type { FastifyRequest } from 'fastify';
import { endpoints } from '@/generated/api';
import { constants } from '@/generated/constants';
import type { EndpointTypes } from '@/generated/entities';
import type { AuditOutcome, RecordKind } from '@/generated/enums';
import { actOf, whoActed } from '@/domain/record-access';
import { taskText } from '@/domain/task-text';
import type { ExpressionBuilder } from 'kysely';
import type { Queryable } from '../db/connection';
import { all, first, qb, sql, type DB } from '../db/typed';
import { AppError } from '../errors';
import { callerOf } from '../plugins/auth';
import { createTask } from '../tasks/service';
import { writeAudit } from '../audit';

export type RecordAccessPage = EndpointTypes['listRecordAccess']['response'];

/** A kind of record as a constant column of the union below. */
const kind = (name: string) => sql<string>`${sql.lit(name)}`.as('record_type');

/**
 * The records of an account, by audit record type and id, with the patient each is of when it is one
 * patient's. Every type here is one of recordAccessRecordTypes (record-access.int.test.ts keeps them the same).
 */
export const accountRecords = (accountId: string) => {
  const ofAccount = sql<string>`${accountId}::uuid`;
  return qb
    .selectNoFrom([kind('user'), sql<string>`${accountId}::uuid::text`.as('record_id'), sql<string | null>`NULL::uuid`.as('patient_id')])
    .unionAll(
      qb
        .selectFrom('patients as p')
        .select([kind('patient'), sql<string>`p.id::text`.as('record_id'), 'p.id as patient_id'])
        .where('p.user_id', '=', ofAccount),
    )
    .unionAll(
      qb
        .selectFrom('appointments as a')
        .select((eb) => [
          kind('appointment'),
          sql<string>`a.id::text`.as('record_id'),
          eb
            .selectFrom('appointment_patients as ap')
            .select('ap.patient_id')
            .whereRef('ap.appointment_id', '=', 'a.id')
            .orderBy('ap.patient_id')
            .limit(1)
            .as('patient_id'),
        ])
        .where('a.user_id', '=', ofAccount),
    )
    .unionAll(
      qb
        .selectFrom('consents as c')
        .innerJoin('patients as p', 'p.id', 'c.patient_id')
        .select([kind('consent'), sql<string>`c.id::text`.as('record_id'), 'c.patient_id'])
        .where('p.user_id', '=', ofAccount),
    )
    .unionAll(
      qb
        .selectFrom('patient_insurances as i')
        .innerJoin('patients as p', 'p.id', 'i.patient_id')
        .select([kind('insurance'), sql<string>`i.id::text`.as('record_id'), 'i.patient_id'])
        .where('p.user_id', '=', ofAccount),
    )
    .unionAll(
      qb
        .selectFrom('message_threads as t')
        .innerJoin('patients as p', 'p.id', 't.patient_id')
        .select([kind('message_thread'), sql<string>`t.id::text`.as('record_id'), 't.patient_id'])
        .where('p.user_id', '=', ofAccount),
    )
    .unionAll(
      qb
        .selectFrom('patient_documents as d')
        .innerJoin('patients as p', 'p.id', 'd.patient_id')
        .select([kind('document'), sql<string>`d.id::text`.as('record_id'), 'd.patient_id'])
        .where('p.user_id', '=', ofAccount),
    )
    .unionAll(
      qb
        .selectFrom('payments as y')
        .select([kind('payment'), sql<string>`y.id::text`.as('record_id'), 'y.patient_id'])
        .where('y.user_id', '=', ofAccount),
    );
};

/** The audit rows of the account's records (`records` joined to `audit_log l`), for the statements below. */
const accountAudit = (accountId: string) =>
  qb
    .with('records', () => accountRecords(accountId))
    .selectFrom('audit_log as l')
    .innerJoin('records as r', (j) => j.onRef('r.record_type', '=', 'l.record_type').onRef('r.record_id', '=', 'l.record_id'));

/**
 * The account holder's own reads are left out of the list: they know what they opened, and listing them would bury
 * what others did (each visit to this page is itself a read). Their own changes and refusals stay.
 */
const READ_ACTIONS = Object.entries(endpoints as Record<string, { method: string }>)
  .filter(([, endpoint]) => endpoint.method === 'GET')
  .map(([id]) => id);
const notOwnRead = (accountId: string) => (eb: ExpressionBuilder<DB & { l: DB['audit_log'] }, 'l'>) =>
  eb.not(eb.and([eb('l.actor_id', '=', accountId), eb('l.outcome', '=', 'success'), eb('l.action', '=', sql<string>`ANY(${READ_ACTIONS}::text[])`)]));

/** The method of the endpoint an audit row's action names (undefined for the server's own changes, e.g. task.create). */
function methodOf(action: string): string | undefined {
  return (endpoints as Record<string, { method: string } | undefined>)[action]?.method;
}

export async function recordAccessPage(db: Queryable, accountId: string, page: number): Promise<RecordAccessPage> {
  const pageSize = constants.recordAccessPageSize;
  const rows = await all(
    db,
    accountAudit(accountId)
      .leftJoin('patients as pt', 'pt.id', 'r.patient_id')
      .leftJoin('users as u', 'u.id', 'l.actor_id')
      .select((eb) => [
        sql<string>`l.id::text`.as('id'),
        'l.at',
        'l.actor_id',
        'l.actor_groups',
        'l.action',
        eb.ref('l.record_type').$castTo<RecordKind>().as('record_type'),
        eb.ref('l.outcome').$castTo<AuditOutcome>().as('outcome'),
        'pt.first_name as patient_first_name',
        'u.user_type',
        'u.first_name',
        eb
          .exists(
            eb
              .selectFrom('tasks as t')
              .select(sql<number>`1`.as('one'))
              .where('t.kind', '=', 'record_access_report')
              .where('t.subject_type', '=', 'audit_log')
              .where('t.subject_id', '=', sql<string>`l.id::text`),
          )
          .$castTo<boolean>()
          .as('reported'),
        sql<number>`count(*) OVER ()::int`.as('total'),
      ])
      .where(notOwnRead(accountId))
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  );
  const total = rows[0]?.total ?? (page > 1 ? await countEntries(db, accountId) : 0);
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      ...whoActed({ actorId: row.actor_id, groups: row.actor_groups, userType: row.user_type, firstName: row.first_name }, accountId),
      record: row.record_type,
      patient: row.patient_first_name,
      act: actOf(methodOf(row.action)),
      outcome: row.outcome,
      reported: row.reported,
    })),
    page,
    pageSize,
    total,
  };
}

async function countEntries(db: Queryable, accountId: string): Promise<number> {
  const row = await first(
    db,
    accountAudit(accountId)
      .select(sql<number>`count(*)::int`.as('n'))
      .where(notOwnRead(accountId)),
  );
  return row?.n ?? 0;
}

/** Reports one entry of the caller's list to support: a task naming the audit row, or the one already open. */
export async function reportRecordAccess(request: FastifyRequest, entryId: string, note: string | undefined): Promise<{ taskId: string; created: boolean }> {
  const accountId = callerOf(request).userId;
  const db = request.server.database;
  const entry = await first(
    db,
    accountAudit(accountId)
      .select([sql<string>`l.id::text`.as('id'), 'r.patient_id'])
      .where('l.id', '=', sql<string>`${entryId}::bigint`),
  );
  if (!entry) {
    await writeAudit(request, {
      action: 'reportRecordAccess',
      outcome: 'denied',
      status: 404,
      recordType: 'audit_log',
      recordId: entryId,
      details: { reason: 'not reachable' },
    });
    throw new AppError('NOT_FOUND');
  }
  request.auditTarget = { type: 'user', id: accountId };
  const open = await first(
    db,
    qb
      .selectFrom('tasks')
      .select('id')
      .where('kind', '=', 'record_access_report')
      .where('subject_type', '=', 'audit_log')
      .where('subject_id', '=', entry.id)
      .where('status', 'in', ['open', 'in_progress', 'on_hold'])
      .limit(1),
  );
  if (open) return { taskId: open.id, created: false };
  const task = await createTask(request, {
    kind: 'record_access_report',
    subject: { type: 'audit_log', id: entry.id },
    patientId: entry.patient_id,
    reason: taskText('task.recordAccessReport.reason', { entry: entry.id }),
    priority: 'urgent',
    details: { accountId, ...(note?.trim() ? { note: note.trim() } : {}) },
  });
  return { taskId: task.id, created: true };
}
