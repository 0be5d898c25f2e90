/**
 * Secure messages (migration 0021): one thread between a provider and one of their
 * clients. The clinician side is the provider's clinician account; the patient side is the account
 * holder of the client (the client, or the responsible party of a minor or other dependant).
 *
 * Message text is kept only in the messages table: audit rows, task reasons, logs and mail carry ids
 * and the fact that a message waits, never what it says. A client's message not yet answered is an
 * open unanswered_message task of the one task model; the clinician's answer completes it.
 */
import type { FastifyRequest } from 'fastify';
import type { MessageContact, MessageThreadSummary, SecureMessage } from '@/generated/entities';
import { constants } from '@/generated/constants';
import { routeById } from '@/generated/routes';
import { isUuid } from '@/domain/ids';
import { writeAudit } from '../audit';
import { clientLinks } from '../care/clients';
import type { Queryable } from '../db/connection';
import { all, first, qb, run, sql, type RowOf } from '../db/typed';
import type { NotNull } from 'kysely';
import { AppError } from '../errors';
import { takeOrRefuse } from '../limits/counters';
import { callerOf } from '../plugins/auth';
import { createTask, resolveTask } from '../tasks/service';
import { siteUrl } from '../site-url';
import { messageTemplate } from '@/domain/messages';
import { taskText } from '@/domain/task-text';

export type Side = 'clinician' | 'patient';

const other: Record<Side, Side> = { clinician: 'patient', patient: 'clinician' };
/** The column that keeps the last message id a side has read. */
const readColumn = { clinician: 'provider_read_id', patient: 'patient_read_id' } as const satisfies Record<Side, string>;

/** Threads as `side` sees them (filtered by the caller), with the count of the other side's messages `side` has not read. */
const threadSelect = (side: Side) =>
  qb
    .selectFrom('message_threads as t')
    .innerJoin('patients as p', 'p.id', 't.patient_id')
    .innerJoin('providers as pr', 'pr.id', 't.provider_id')
    .select((eb) => [
      't.id',
      't.provider_id',
      't.patient_id',
      'p.user_id as account_id',
      'p.first_name as client_first',
      'p.last_name as client_last',
      'pr.first_name as pr_first',
      'pr.last_name as pr_last',
      'pr.title as pr_title',
      't.last_message_at',
      eb
        .selectFrom('messages as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('m.thread_id', '=', 't.id')
        .where('m.author_side', '=', other[side])
        .whereRef('m.id', '>', `t.${readColumn[side]}`)
        .as('unread'),
    ])
    // A count always answers a number.
    .$narrowType<{ unread: NotNull }>();

type ThreadRow = RowOf<ReturnType<typeof threadSelect>>;

/** Latest message first (threads without one last), then the newest thread. */
const inThreadOrder = (query: ReturnType<typeof threadSelect>) =>
  query
    .orderBy('t.last_message_at', (o) => o.desc().nullsLast())
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id');

function summaryOut(r: ThreadRow): MessageThreadSummary {
  return {
    id: r.id,
    client: { id: r.patient_id, firstName: r.client_first, lastName: r.client_last },
    clinician: { id: r.provider_id, firstName: r.pr_first, lastName: r.pr_last, title: r.pr_title },
    lastMessageAt: r.last_message_at ? new Date(r.last_message_at).toISOString() : null,
    unread: r.unread,
  };
}

function listAnswer(rows: ThreadRow[]): { items: MessageThreadSummary[]; unread: number } {
  const items = rows.map(summaryOut);
  return { items, unread: items.reduce((sum, t) => sum + t.unread, 0) };
}

/** The provider's threads, latest message first. */
export async function providerThreads(db: Queryable, providerId: string): Promise<{ items: MessageThreadSummary[]; unread: number }> {
  return listAnswer(await all(db, inThreadOrder(threadSelect('clinician').where('t.provider_id', '=', providerId))));
}

/** The threads of every patient of an account that have a message, latest first. */
export async function accountThreads(db: Queryable, accountId: string): Promise<{ items: MessageThreadSummary[]; unread: number }> {
  return listAnswer(await all(db, inThreadOrder(threadSelect('patient').where('p.user_id', '=', accountId).where('t.last_message_at', 'is not', null))));
}

/**
 * The thread of a provider and client as `side` sees it, created when there is none. The caller has
 * checked the client is the provider's (and, for the patient side, that the client is of their account).
 */
export async function openThread(request: FastifyRequest, side: Side, providerId: string, patientId: string): Promise<MessageThreadSummary> {
  const db = request.server.database;
  await run(
    db,
    qb
      .insertInto('message_threads')
      .values({ provider_id: providerId, patient_id: patientId, created_by: callerOf(request).userId, created_at: request.server.clock.now().toISOString() })
      .onConflict((oc) => oc.columns(['provider_id', 'patient_id']).doNothing()),
  );
  const row = await first(db, threadSelect(side).where('t.provider_id', '=', providerId).where('t.patient_id', '=', patientId));
  request.auditTarget = { type: 'message_thread', id: row!.id };
  return summaryOut(row!);
}

/**
 * The clinicians the patients of an account may write to: the providers whose client each patient is
 * (clientLinks), still listed and with a clinician account to read and answer, by patient then name.
 */
export async function accountContacts(db: Queryable, accountId: string): Promise<MessageContact[]> {
  const rows = await all(
    db,
    qb
      .selectFrom(clientLinks().as('link'))
      .innerJoin('patients as p', 'p.id', 'link.patient_id')
      .innerJoin('providers as pr', 'pr.id', 'link.provider_id')
      .select([
        'p.id as patient_id',
        'p.first_name as client_first',
        'p.last_name as client_last',
        'pr.id as provider_id',
        'pr.first_name as pr_first',
        'pr.last_name as pr_last',
        'pr.title as pr_title',
      ])
      .distinct()
      .where('p.user_id', '=', accountId)
      .where('pr.removed_at', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('users as u')
            .select(sql`1`.as('one'))
            .whereRef('u.provider_id', '=', 'pr.id')
            .where('u.user_type', '=', 'clinician'),
        ),
      )
      .orderBy('p.last_name')
      .orderBy('p.first_name')
      .orderBy('p.id')
      .orderBy('pr.last_name')
      .orderBy('pr.first_name')
      .orderBy('pr.id'),
  );
  return rows.map((r) => ({
    client: { id: r.patient_id, firstName: r.client_first, lastName: r.client_last },
    clinician: { id: r.provider_id, firstName: r.pr_first, lastName: r.pr_last, title: r.pr_title },
  }));
}

/**
 * The thread `id` when the caller's side takes part in it: the clinician of its provider, or the
 * account holder of its client. Anyone else, and an unknown id, answers NOT_FOUND (audited).
 */
export async function reachThread(request: FastifyRequest, side: Side, id: string, action: string, providerId?: string): Promise<ThreadRow> {
  const caller = callerOf(request);
  const row = isUuid(id) ? await first(request.server.database, threadSelect(side).where('t.id', '=', id)) : undefined;
  const allowed = row !== undefined && (side === 'clinician' ? row.provider_id === providerId : row.account_id === caller.userId);
  if (!row || !allowed) {
    await writeAudit(request, {
      action,
      outcome: 'denied',
      status: 404,
      recordType: 'message_thread',
      recordId: id,
      details: { reason: row ? 'not a participant' : 'no such record' },
    });
    throw new AppError('NOT_FOUND');
  }
  request.auditTarget = { type: 'message_thread', id: row.id };
  return row;
}

/** The thread's latest messages, oldest first, as `side` reads them; reading marks the other side's messages read. */
export async function readThread(request: FastifyRequest, side: Side, thread: ThreadRow): Promise<{ thread: MessageThreadSummary; messages: SecureMessage[] }> {
  const db = request.server.database;
  const latest = qb
    .selectFrom('messages')
    .select(['id', 'author_side', 'body', 'sent_at'])
    .where('thread_id', '=', thread.id)
    .orderBy('id', 'desc')
    .limit(constants.messageThreadPageSize);
  const rows = await all(
    db,
    qb
      .selectFrom(latest.as('latest'))
      .select([sql<string>`id::text`.as('id'), 'author_side', 'body', 'sent_at'])
      .orderBy('latest.id'),
  );
  const lastId = rows.at(-1)?.id;
  if (lastId) {
    const column = readColumn[side];
    await run(
      db,
      qb
        .updateTable('message_threads')
        .set((eb) => ({ [column]: sql<string>`GREATEST(${eb.ref(column)}, ${lastId}::bigint)` }))
        .where('id', '=', thread.id),
    );
  }
  return {
    thread: summaryOut({ ...thread, unread: 0 }),
    messages: rows.map((m) => ({
      id: m.id,
      side: m.author_side as Side,
      mine: m.author_side === side,
      text: m.body,
      sentAt: new Date(m.sent_at).toISOString(),
    })),
  };
}

const openStatuses = ['open', 'in_progress', 'on_hold'];

/**
 * Adds a message from `side` in one transaction with its task change: a client's message opens an
 * unanswered_message task for the provider (unless one is open), the clinician's answer completes
 * the open ones (one claimed by someone else is theirs to close). Then, when this is the first
 * message the other side has not read, mails them a link to the thread (no health information).
 */
export async function sendMessage(request: FastifyRequest, side: Side, thread: ThreadRow, text: string): Promise<void> {
  const caller = callerOf(request);
  const body = text.trim();
  if (!body) throw new AppError('VALIDATION_FAILED', { errors: [{ field: 'text', keyword: 'pattern', message: messageTemplate('ui.messages.blank') }] });
  await takeOrRefuse(request, side === 'clinician' ? 'sendCareMessage' : 'sendPatientMessage', [
    { scope: 'message-send:user', key: caller.userId, max: constants.messagesPerHour, windowMinutes: 60 },
  ]);
  const now = request.server.clock.now();
  const recipientHadUnread = await request.server.database.transaction(async (tx) => {
    // One send at a time per thread: two client messages at once still open one task, and the unread check sees the other.
    await run(tx, qb.selectFrom('message_threads').select('id').where('id', '=', thread.id).forUpdate());
    const before = await first(
      tx,
      qb
        .selectFrom('messages as m')
        .innerJoin('message_threads as t', 't.id', 'm.thread_id')
        .select(sql<number>`count(*)::int`.as('unread'))
        .where('t.id', '=', thread.id)
        .where('m.author_side', '=', side)
        .whereRef('m.id', '>', `t.${readColumn[other[side]]}`),
    );
    const message = await first(
      tx,
      qb
        .insertInto('messages')
        .values({ thread_id: thread.id, author_side: side, author_id: caller.userId, body, sent_at: now.toISOString() })
        .returning(sql<string>`id::text`.as('id')),
    );
    // Writing answers everything before it: the writer's side has read the thread up to here.
    await run(
      tx,
      qb
        .updateTable('message_threads')
        .set({ last_message_at: now.toISOString(), [readColumn[side]]: sql<string>`${message!.id}::bigint` })
        .where('id', '=', thread.id),
    );
    const open = await all(
      tx,
      qb
        .selectFrom('tasks')
        .select(['id', 'version', 'owner_id'])
        .where('kind', '=', 'unanswered_message')
        .where('subject_type', '=', 'message_thread')
        .where('subject_id', '=', thread.id)
        .where('status', 'in', openStatuses),
    );
    if (side === 'patient' && !open.length) {
      await createTask(
        request,
        {
          kind: 'unanswered_message',
          subject: { type: 'message_thread', id: thread.id },
          patientId: thread.patient_id,
          providerId: thread.provider_id,
          reason: taskText('task.unansweredMessage.reason'),
        },
        tx,
      );
    }
    if (side === 'clinician') {
      for (const task of open.filter((t) => !t.owner_id || t.owner_id === caller.userId)) {
        await resolveTask(request, task.id, task.version, 'completed', taskText('task.unansweredMessage.answered'), tx);
      }
    }
    return (before?.unread ?? 0) > 0;
  });
  if (!recipientHadUnread) await notify(request, side, thread);
}

/** "You have a new message" and a link to the thread, to the other side's e-mail address(es). */
async function notify(request: FastifyRequest, from: Side, thread: ThreadRow): Promise<void> {
  const db = request.server.database;
  const app = request.server;
  const recipients = await all(
    db,
    qb
      .selectFrom('users as u')
      .select([sql<string>`u.email::text`.as('email'), 'u.language'])
      .$if(from === 'clinician', (q) => q.where('u.id', '=', thread.account_id))
      .$if(from !== 'clinician', (q) => q.where('u.provider_id', '=', thread.provider_id).orderBy('u.created_at').orderBy('u.id')),
  );
  const path = from === 'clinician' ? routeById.patientMessageThread.path.replace(':id', thread.id) : `${routeById.careMessage.path}?thread=${thread.id}`;
  for (const r of recipients) {
    await app.mailer.send('secure-message', r.email, (locale) => ({ params: { link: siteUrl(app, path, locale) } }), { language: r.language });
  }
}
