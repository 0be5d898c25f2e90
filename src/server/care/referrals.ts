/**
 * Referrals of a client to another provider (/care/v1/referrals): referral tasks of
 * the one task model (migration 0016; src/server/tasks/). A referral is an open task owned by the
 * receiving provider's queue (provider_id) until they accept (completed) or decline it (declined, with
 * the reason as its resolution note); its subject is the authorization kept with the client
 * (patient_authorizations), its details name the referring provider. States and moves:
 * src/domain/referrals.ts.
 *
 * Who reaches what: a clinician refers only their own clients (reachClient audits a refusal); the
 * receiving provider alone answers, and each provider lists only referrals they made or received.
 * The mails to the receiving provider and the client's account holder carry no health information.
 */
import type { FastifyRequest } from 'fastify';
import type { Referral, ReferralForm } from '@/generated/entities';
import type { ReferralDecision, TaskStatus } from '@/generated/enums';
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import { messageTemplate } from '@/domain/messages';
import { answerReferral, mayReferTo, referralStateOf, taskStatusOfReferral } from '@/domain/referrals';
import { isUuid } from '@/domain/ids';
import type { Queryable } from '../db/connection';
import { all, appointmentStart, first, isoDay, qb, sql, type RowOf } from '../db/typed';
import { AppError } from '../errors';
import { writeAudit } from '../audit';
import { findTask } from '../tasks/repository';
import { createTask, resolveTask } from '../tasks/service';
import { reachClient } from './clients';
import { siteUrl } from '../site-url';
import { fullName } from '@/domain/names';
import { taskResolutionNote, taskText } from '@/domain/task-text';

const KIND = 'referral';
const SUBJECT = 'patient_authorization';

/** Referral tasks with the receiving (to) and referring (from) providers, the client and the authorization kept with them. */
const referralSelect = () =>
  qb
    .selectFrom('tasks as t')
    .innerJoin('providers as tp', 'tp.id', 't.provider_id')
    .innerJoin('providers as fp', (join) => join.on('fp.id', '=', sql<string>`(t.details ->> 'fromProviderId')::uuid`))
    .innerJoin('patients as p', 'p.id', 't.patient_id')
    .innerJoin('patient_authorizations as pa', (join) => join.on('pa.id', '=', sql<string>`t.subject_id::uuid`))
    .select((eb) => [
      't.id',
      't.version',
      eb.ref('t.status').$castTo<TaskStatus>().as('status'),
      't.created_at',
      't.resolved_at',
      't.resolution_note',
      't.resolution_note_key',
      't.resolution_note_params',
      'tp.id as to_id',
      'tp.first_name as to_first',
      'tp.last_name as to_last',
      'tp.title as to_title',
      'fp.id as from_id',
      'fp.first_name as from_first',
      'fp.last_name as from_last',
      'fp.title as from_title',
      'p.id as client_id',
      'p.first_name as client_first',
      'p.last_name as client_last',
      sql<string>`pa.form #>> '{referralInformation,referralReason}'`.as('reason'),
      sql<string>`pa.form #>> '{authorizationInformation,authorizationNumber}'`.as('number'),
      isoDay(eb.ref('pa.effective_date')).$castTo<string>().as('effective'),
      isoDay(eb.ref('pa.expiration_date')).$castTo<string>().as('expiration'),
    ])
    .where('t.kind', '=', sql.lit(KIND));

type Row = RowOf<ReturnType<typeof referralSelect>>;

/** Tasks whose details name this provider as the referring one. */
const referredBy = (providerId: string) => sql<boolean>`t.details ->> 'fromProviderId' = ${providerId}::text`;

function out(r: Row, viewerProviderId: string): Referral {
  const state = referralStateOf(r.status);
  return {
    id: r.id,
    version: r.version,
    state,
    direction: r.to_id === viewerProviderId ? 'received' : 'sent',
    client: { id: r.client_id, firstName: r.client_first, lastName: r.client_last },
    fromProvider: { id: r.from_id, firstName: r.from_first, lastName: r.from_last, title: r.from_title },
    toProvider: { id: r.to_id, firstName: r.to_first, lastName: r.to_last, title: r.to_title },
    referralReason: r.reason,
    authorization: { authorizationNumber: r.number, effectiveDate: r.effective, expirationDate: r.expiration },
    createdAt: new Date(r.created_at).toISOString(),
    decidedAt: r.resolved_at ? new Date(r.resolved_at).toISOString() : null,
    declineReason:
      state === 'declined'
        ? taskResolutionNote({ resolutionNote: r.resolution_note, resolutionNoteKey: r.resolution_note_key, resolutionNoteParams: r.resolution_note_params })
        : null,
  };
}

/** A referral as the provider sees it, when they made it or receive it; otherwise none. */
async function referralFor(db: Queryable, id: string, providerId: string): Promise<Referral | undefined> {
  const row = await first(
    db,
    referralSelect()
      .where('t.id', '=', id)
      .where((eb) => eb.or([eb('t.provider_id', '=', providerId), referredBy(providerId)])),
  );
  return row ? out(row, providerId) : undefined;
}

/** The referrals a provider made and those made to them, newest first. */
export async function referralsOf(db: Queryable, providerId: string, limit = 100): Promise<{ sent: Referral[]; received: Referral[] }> {
  const newestFirst = (query: ReturnType<typeof referralSelect>) => query.orderBy('t.created_at', 'desc').orderBy('t.id').limit(Math.trunc(limit));
  const sent = await all(db, newestFirst(referralSelect().where(referredBy(providerId))));
  const received = await all(db, newestFirst(referralSelect().where('t.provider_id', '=', providerId)));
  return { sent: sent.map((r) => out(r, providerId)), received: received.map((r) => out(r, providerId)) };
}

/**
 * The marketplace's other providers a clinician may refer client `patientId` to, by name: those
 * licensed in the client's state first (the state of the client's latest session's practice).
 */
export async function providersToReferTo(request: FastifyRequest, providerId: string, patientId: string, q: string | undefined, limit: number) {
  const db = request.server.database;
  await reachClient(request, providerId, patientId, 'searchReferringProviders');
  const named = q?.trim() || null;
  const rows = await all(
    db,
    qb
      .with('client_state', (w) =>
        w
          .selectFrom('appointments as a')
          .innerJoin('appointment_patients as ap', 'ap.appointment_id', 'a.id')
          .innerJoin('practices as pr', 'pr.id', 'a.practice_id')
          .select('pr.state')
          .where('ap.patient_id', '=', patientId)
          .where('a.provider_id', '=', providerId)
          .orderBy(appointmentStart(), 'desc')
          .limit(1),
      )
      .selectFrom('providers as v')
      .select(['v.id', 'v.first_name', 'v.last_name', 'v.title'])
      .where('v.removed_at', 'is', null)
      .where('v.id', '<>', providerId)
      .$if(named !== null, (query) => query.where(sql<string>`(v.first_name || ' ' || v.last_name)`, 'ilike', sql<string>`'%' || ${named}::text || '%'`))
      .orderBy(sql`(SELECT state FROM client_state) = ANY (v.licensed_states)`, (order) => order.desc().nullsLast())
      .orderBy('v.last_name')
      .orderBy('v.first_name')
      .orderBy('v.id')
      .limit(Math.trunc(limit)),
  );
  return rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, credential: r.title, ehrId: '', npi: '' }));
}

/**
 * Refers the caller's client to another provider: the authorization is kept with the client (the
 * referring provider named by our own provider id), the receiving provider gets an open referral
 * task, and both the receiving provider and the client's account holder get a mail with only a link.
 */
export async function makeReferral(
  request: FastifyRequest,
  fromProviderId: string,
  body: { patientId: string; toProviderId: string; form: ReferralForm },
): Promise<Referral> {
  const db = request.server.database;
  const client = await reachClient(request, fromProviderId, body.patientId, 'makeReferral');
  const receiver = await first(
    db,
    qb
      .selectFrom('providers')
      .select((eb) => ['id', eb('removed_at', 'is not', null).$castTo<boolean>().as('removed')])
      .where('id', '=', body.toProviderId),
  );
  if (!mayReferTo(fromProviderId, receiver)) {
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ field: 'toProviderId', keyword: 'x-referTo', message: messageTemplate('referral.providerRequired') }],
    });
  }
  const form = body.form;
  const authorization = {
    personalInformation: form.personalInformation,
    referralInformation: { ...form.referralInformation, referringProviderEhrId: fromProviderId },
    authorizationInformation: form.authorizationInformation,
  };
  const taskId = await db.transaction(async (tx) => {
    const saved = await first(
      tx,
      qb
        .insertInto('patient_authorizations')
        .values({
          patient_id: client.id,
          form: JSON.stringify(authorization),
          effective_date: form.referralInformation.effectiveDate,
          expiration_date: form.referralInformation.expirationDate,
          created_by: request.caller?.userId ?? null,
        })
        .returning('id'),
    );
    const task = await createTask(
      request,
      {
        kind: KIND,
        subject: { type: SUBJECT, id: saved!.id },
        patientId: client.id,
        providerId: receiver!.id,
        reason: taskText('task.referral.reason', { client: fullName(client) }),
        details: { fromProviderId },
      },
      tx,
    );
    return task.id;
  });
  request.auditTarget = { type: 'task', id: taskId };
  await tellAboutReferral(request, receiver!.id, client.id);
  return (await referralFor(db, taskId, fromProviderId))!;
}

async function tellAboutReferral(request: FastifyRequest, receiverId: string, patientId: string): Promise<void> {
  const app = request.server;
  const receivers = await all(
    app.database,
    qb
      .selectFrom('users')
      .select([sql<string>`email::text`.as('email'), 'language'])
      .where('provider_id', '=', receiverId)
      .where('user_type', '=', 'clinician')
      .orderBy('email'),
  );
  for (const r of receivers) {
    await app.mailer.send('referral-received', r.email, (locale) => ({ params: { link: siteUrl(app, routeById.careReferrals.path, locale) } }), {
      language: r.language,
    });
  }
  const holder = await first(
    app.database,
    qb
      .selectFrom('patients as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select([sql<string>`u.email::text`.as('email'), 'u.language'])
      .where('p.id', '=', patientId),
  );
  if (holder) {
    await app.mailer.send('referral-made', holder.email, (locale) => ({ params: { link: siteUrl(app, routeById.patientHome.path, locale) } }), {
      language: holder.language,
    });
  }
}

/** The receiving provider accepts or declines (with a reason); anyone else is told it does not exist. */
export async function decideReferral(
  request: FastifyRequest,
  providerId: string,
  id: string,
  decision: ReferralDecision,
  reason: string | undefined,
  version: number,
): Promise<Referral> {
  const db = request.server.database;
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  request.auditTarget = { type: 'task', id };
  const task = await findTask(db, id);
  const refuse = async (refusal: 'NOT_FOUND' | 'TASK_NOT_ALLOWED' | 'TASK_NOTE_REQUIRED') => {
    await writeAudit(request, {
      action: 'decideReferral',
      outcome: 'denied',
      status: errorCatalogue[refusal].status,
      recordType: 'task',
      recordId: id,
      details: { refusal },
    });
    return new AppError(refusal);
  };
  if (!task || task.kind !== KIND || !task.providerId) throw await refuse('NOT_FOUND');
  const answer = answerReferral(
    { state: referralStateOf(task.status), toProviderId: task.providerId },
    providerId,
    decision,
    reason,
    messageTemplate('task.referral.accepted'),
  );
  if (!answer.ok) throw await refuse(answer.refusal);
  await resolveTask(request, id, version, taskStatusOfReferral[answer.to], answer.note);
  return (await referralFor(db, id, providerId))!;
}
