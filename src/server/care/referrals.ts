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

interface Row {
  id: string;
  version: number;
  status: TaskStatus;
  created_at: Date | string;
  resolved_at: Date | string | null;
  resolution_note: string | null;
  resolution_note_key: string | null;
  resolution_note_params: unknown;
  to_id: string;
  to_first: string;
  to_last: string;
  to_title: string;
  from_id: string;
  from_first: string;
  from_last: string;
  from_title: string;
  client_id: string;
  client_first: string;
  client_last: string;
  reason: string;
  number: string;
  effective: string;
  expiration: string;
}

const SELECT = `SELECT t.id, t.version, t.status, t.created_at, t.resolved_at, t.resolution_note,
       t.resolution_note_key, t.resolution_note_params,
       tp.id AS to_id, tp.first_name AS to_first, tp.last_name AS to_last, tp.title AS to_title,
       fp.id AS from_id, fp.first_name AS from_first, fp.last_name AS from_last, fp.title AS from_title,
       p.id AS client_id, p.first_name AS client_first, p.last_name AS client_last,
       pa.form #>> '{referralInformation,referralReason}' AS reason,
       pa.form #>> '{authorizationInformation,authorizationNumber}' AS number,
       to_char(pa.effective_date, 'YYYY-MM-DD') AS effective, to_char(pa.expiration_date, 'YYYY-MM-DD') AS expiration
  FROM tasks t
  JOIN providers tp ON tp.id = t.provider_id
  JOIN providers fp ON fp.id = (t.details ->> 'fromProviderId')::uuid
  JOIN patients p ON p.id = t.patient_id
  JOIN patient_authorizations pa ON pa.id = t.subject_id::uuid
 WHERE t.kind = '${KIND}'`;

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
  const [row] = await db.query<Row>(`${SELECT} AND t.id = $1 AND (t.provider_id = $2 OR t.details ->> 'fromProviderId' = $2::text)`, [id, providerId]);
  return row ? out(row, providerId) : undefined;
}

/** The referrals a provider made and those made to them, newest first. */
export async function referralsOf(db: Queryable, providerId: string, limit = 100): Promise<{ sent: Referral[]; received: Referral[] }> {
  const order = `ORDER BY t.created_at DESC, t.id LIMIT ${Math.trunc(limit)}`;
  const sent = await db.query<Row>(`${SELECT} AND t.details ->> 'fromProviderId' = $1::text ${order}`, [providerId]);
  const received = await db.query<Row>(`${SELECT} AND t.provider_id = $1 ${order}`, [providerId]);
  return { sent: sent.map((r) => out(r, providerId)), received: received.map((r) => out(r, providerId)) };
}

/**
 * The marketplace's other providers a clinician may refer client `patientId` to, by name: those
 * licensed in the client's state first (the state of the client's latest session's practice).
 */
export async function providersToReferTo(request: FastifyRequest, providerId: string, patientId: string, q: string | undefined, limit: number) {
  const db = request.server.database;
  await reachClient(request, providerId, patientId, 'searchReferringProviders');
  const rows = await db.query<{ id: string; first_name: string; last_name: string; title: string }>(
    `WITH client_state AS (
       SELECT pr.state FROM appointments a JOIN appointment_patients ap ON ap.appointment_id = a.id JOIN practices pr ON pr.id = a.practice_id
        WHERE ap.patient_id = $2 AND a.provider_id = $1 ORDER BY lower(a.during) DESC LIMIT 1)
     SELECT v.id, v.first_name, v.last_name, v.title FROM providers v
      WHERE v.removed_at IS NULL AND v.id <> $1
        AND ($3::text IS NULL OR (v.first_name || ' ' || v.last_name) ILIKE '%' || $3::text || '%')
      ORDER BY (SELECT state FROM client_state) = ANY (v.licensed_states) DESC NULLS LAST, v.last_name, v.first_name, v.id
      LIMIT ${Math.trunc(limit)}`,
    [providerId, patientId, q?.trim() || null],
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
  const [receiver] = await db.query<{ id: string; removed: boolean }>('SELECT id, removed_at IS NOT NULL AS removed FROM providers WHERE id = $1', [
    body.toProviderId,
  ]);
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
    const [saved] = await tx.query<{ id: string }>(
      `INSERT INTO patient_authorizations (patient_id, form, effective_date, expiration_date, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [
        client.id,
        JSON.stringify(authorization),
        form.referralInformation.effectiveDate,
        form.referralInformation.expirationDate,
        request.caller?.userId ?? null,
      ],
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
  const receivers = await app.database.query<{ email: string; language: string | null }>(
    "SELECT email::text AS email, language FROM users WHERE provider_id = $1 AND user_type = 'clinician' ORDER BY email",
    [receiverId],
  );
  for (const r of receivers) {
    await app.mailer.send('referral-received', r.email, (locale) => ({ params: { link: siteUrl(app, routeById.careReferrals.path, locale) } }), {
      language: r.language,
    });
  }
  const [holder] = await app.database.query<{ email: string; language: string | null }>(
    'SELECT u.email::text AS email, u.language FROM patients p JOIN users u ON u.id = p.user_id WHERE p.id = $1',
    [patientId],
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
