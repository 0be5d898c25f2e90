/**
 * The insurance-verification queue on the one task model: an eligibility answer
 * that needs a person (anything but ELIGIBLE) opens an insurance_verification task for the insurance
 * unless one is open already; support's decision on the inquiry (POST /insurance-inquiry/{id}/choose-decision)
 * resolves it with the agent's note in the same transaction.
 */
import type { FastifyRequest } from 'fastify';
import type { InsuranceDecision, InsuranceOutcome } from '@/generated/enums';
import type { EndpointTypes } from '@/generated/entities';
import { reachesEveryAccount } from '@/domain/permissions';
import type { Queryable } from '../db/connection';
import { all, isoDay, qb, run, sql } from '../db/typed';
import { AppError } from '../errors';
import { INQUIRY_SELECT, inquiryOut, type InquiryRow } from '../insurance/repository';
import type { Caller } from '../plugins/auth';
import { listTasks } from '../tasks/repository';
import { createTask, resolveTask } from '../tasks/service';
import { taskText } from '@/domain/task-text';

const SUBJECT = 'patientInsurance';
const LIVE = ['open', 'in_progress', 'on_hold'] as const;

/** Puts the insurance in the queue when the inquiry's answer needs a person, once per insurance. */
export async function queueIfNeeded(
  request: FastifyRequest,
  inquiry: { id: string; insuranceId: string; patientId: string; providerId: string; outcome: InsuranceOutcome },
): Promise<void> {
  if (inquiry.outcome === 'ELIGIBLE') return;
  await request.server.database.transaction(async (tx) => {
    // One open task per insurance: the lock makes two inquiries at once queue it once.
    await run(tx, qb.selectFrom('patient_insurances').select('id').where('id', '=', inquiry.insuranceId).forUpdate());
    const open = await listTasks(tx, { kinds: ['insurance_verification'], statuses: LIVE, subject: { type: SUBJECT, id: inquiry.insuranceId }, limit: 1 });
    if (open.length) return;
    await createTask(
      request,
      {
        kind: 'insurance_verification',
        subject: { type: SUBJECT, id: inquiry.insuranceId },
        patientId: inquiry.patientId,
        providerId: inquiry.providerId,
        reason: taskText('task.insuranceVerification.reason', { outcome: { enum: 'insuranceOutcome', value: inquiry.outcome } }),
        details: { inquiryId: inquiry.id },
      },
      tx,
    );
  });
}

/**
 * Staff decided for the patient: the insurance's live verification tasks are resolved with the note
 * (required when there is one). Runs inside the decision's transaction.
 */
export async function resolveVerification(
  request: FastifyRequest,
  tx: Queryable,
  insuranceId: string,
  decision: InsuranceDecision,
  note: string | undefined,
): Promise<void> {
  const open = await listTasks(tx, { kinds: ['insurance_verification'], statuses: LIVE, subject: { type: SUBJECT, id: insuranceId } });
  for (const task of open) {
    await resolveTask(
      request,
      task.id,
      task.version,
      'completed',
      note?.trim() ? taskText('task.insuranceVerification.decided', { decision: { enum: 'insuranceDecision', value: decision }, note: note.trim() }) : null,
      tx,
    );
  }
}

type QueueItem = EndpointTypes['listInsuranceVerifications']['response']['items'][number];

/** The queue, oldest first; a third-party agent's only their partner's members. */
export async function verificationQueue(db: Queryable, caller: Caller, limit: number): Promise<QueueItem[]> {
  const partnerOnly = !reachesEveryAccount(caller.groups);
  if (partnerOnly && !caller.businessPartnerId) return [];
  const rows = await all(
    db,
    qb
      .with('queue', (w) =>
        w
          .selectFrom('tasks as t')
          .leftJoin('users as o', 'o.id', 't.owner_id')
          .select([
            't.id as task_id',
            't.version',
            't.status',
            't.created_at as queued_at',
            sql<string>`t.subject_id::uuid`.as('insurance_id'),
            sql<string | null>`nullif(trim(o.first_name || ' ' || o.last_name), '')`.as('owner'),
          ])
          .where('t.kind', '=', 'insurance_verification')
          .where('t.subject_type', '=', SUBJECT)
          .where('t.status', 'in', LIVE),
      )
      .selectFrom('queue as q')
      .innerJoin('patient_insurances as i', 'i.id', 'q.insurance_id')
      .innerJoin('patients as p', 'p.id', 'i.patient_id')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .innerJoinLateral(
        () => sql<InquiryRow>`(${sql.raw(INQUIRY_SELECT)} WHERE a.patient_insurance_id = q.insurance_id ORDER BY a.created_at DESC, a.id LIMIT 1)`.as('latest'),
        (join) => join.onTrue(),
      )
      .innerJoin('providers as pv', 'pv.id', 'latest.provider_id')
      .innerJoin('practices as pr', 'pr.id', 'latest.practice_id')
      .select((eb) => [
        'q.task_id',
        'q.version',
        'q.status',
        'q.queued_at',
        'q.owner',
        'p.first_name as p_first',
        'p.last_name as p_last',
        isoDay(eb.ref('p.date_of_birth')).as('p_dob'),
        'u.id as account_id',
        sql<string>`u.email::text`.as('email'),
        'i.member_id',
        sql<string>`trim(pv.first_name || ' ' || pv.last_name)`.as('provider_name'),
        'pr.name as practice_name',
      ])
      .selectAll('latest')
      .$narrowType<{ status: QueueItem['status'] }>()
      .$if(partnerOnly, (b) => b.where('u.business_partner_id', '=', caller.businessPartnerId!))
      .orderBy('q.queued_at')
      .orderBy('q.task_id')
      .limit(Math.trunc(limit)),
  );
  return rows.map((r) => ({
    taskId: r.task_id,
    version: r.version,
    status: r.status,
    owner: r.owner,
    queuedAt: new Date(r.queued_at).toISOString(),
    patient: { id: r.patient_id, firstName: r.p_first, lastName: r.p_last, dateOfBirth: r.p_dob },
    account: { id: r.account_id, email: r.email },
    insurance: { id: r.patient_insurance_id, carrierName: r.carrier_name, planName: r.plan_name, memberId: r.member_id },
    inquiry: inquiryOut(r),
    providerName: r.provider_name,
    practiceName: r.practice_name,
  }));
}

/** A decision only staff may record. */
export function assertDecisionAllowed(decision: InsuranceDecision, outcome: InsuranceOutcome, staff: boolean): void {
  if (decision === 'useInsurance' && outcome !== 'ELIGIBLE') throw new AppError('INSURANCE_DECISION_NOT_ALLOWED');
  if (decision === 'askPatient' && !staff) throw new AppError('INSURANCE_DECISION_NOT_ALLOWED');
}
