/**
 * Task texts are written once and read in each reader's language: a red alert an English request
 * raised reads in Spanish for a support agent who reads Spanish and in English for one who reads English, its
 * enumeration value and session time put in the reader's language and a person's note kept as typed; a row
 * written before texts had keys reads as stored.
 */
import { randomUUID } from 'node:crypto';
import { constants } from '@/generated/constants';
import { formatSessionTime } from '@/domain/date-format';
import { messageIn } from '@/domain/messages';
import { enumLabelOf } from '@/domain/translations';
import { taskResolutionNote, taskText } from '@/domain/task-text';
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { raiseChargeNotVoidedAlert } from '../money/move';
import { withLocale } from '../locale';
import { findTask } from './repository';
import { claimTask, createTask, requestActingAs, resolveTask, type ActingRequest } from './service';
import * as careEnums from '@/generated/enums/care';

let t: TestApp;
let support: TestCaller;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  support = await callerFor(t.app, 'sam.okafor@example.com');
}, 180_000);
afterAll(async () => t?.close());

/** An English request of the support agent (what the service reads of it). */
function englishRequest(): ActingRequest {
  return requestActingAs(t.app, { userId: support.id, groups: [] }, { ip: '127.0.0.1' });
}

async function redAlertReason(subjectId: string, language: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/support/red-alerts', headers: { ...support.headers, 'accept-language': language } });
  expect(res.statusCode).toBe(200);
  const alert = res.json<{ items: { subject: { id: string }; reason: string }[] }>().items.find((a) => a.subject.id === subjectId);
  expect(alert).toBeDefined();
  return alert!.reason;
}

describe('task texts in the reader language', () => {
  const start = '2031-03-14T15:00:00.000Z';
  const zone = 'America/Chicago';

  it('a red alert raised by an English request reads in Spanish for a Spanish reader and in English for an English one', async () => {
    const subjectId = randomUUID();
    await withLocale('en', () =>
      createTask(englishRequest(), {
        kind: 'red_alert',
        subject: { type: 'appointment', id: subjectId },
        priority: 'urgent',
        reason: taskText('task.redAlert.consentMissing', { hours: constants.consentAlertHours, when: { sessionTime: start, zone } }),
      }),
    );
    const inSpanish = messageIn('es', 'task.redAlert.consentMissing', { hours: constants.consentAlertHours, when: formatSessionTime(start, zone, 'es') });
    const inEnglish = messageIn('en', 'task.redAlert.consentMissing', { hours: constants.consentAlertHours, when: formatSessionTime(start, zone, 'en') });
    expect(inSpanish).not.toBe(inEnglish);
    expect(await redAlertReason(subjectId, 'es')).toBe(inSpanish);
    expect(await redAlertReason(subjectId, 'en')).toBe(inEnglish);
  });

  it("puts an enumeration value in the reader's language and keeps the admin's note as typed", async () => {
    const subjectId = randomUUID();
    const note = 'Left the practice in March';
    await withLocale('en', () =>
      createTask(englishRequest(), {
        kind: 'red_alert',
        subject: { type: 'appointment', id: subjectId },
        priority: 'urgent',
        reason: taskText('task.redAlert.providerRemovedNote', { reason: { enum: 'providerRemovalReason', value: 'Provider Deleted' }, note }),
      }),
    );
    const spanishLabel = enumLabelOf(careEnums.providerRemovalReason, 'Provider Deleted', 'es');
    expect(spanishLabel).not.toBe('Provider Deleted');
    expect(await redAlertReason(subjectId, 'es')).toBe(messageIn('es', 'task.redAlert.providerRemovedNote', { reason: spanishLabel, note }));
    expect(await redAlertReason(subjectId, 'en')).toBe(messageIn('en', 'task.redAlert.providerRemovedNote', { reason: 'Provider Deleted', note }));
  });

  it("names the work of a charge that could not be voided in the reader's language, its ids as they are", async () => {
    await raiseChargeNotVoidedAlert(t.app, { transactionId: 'txn_task_text_1', gateway: 'local', what: 'cancellation fee' });
    const values = { gateway: 'local', transactionId: 'txn_task_text_1' };
    expect(await redAlertReason('txn_task_text_1', 'es')).toBe(
      messageIn('es', 'task.redAlert.chargeNotVoided', { ...values, what: messageIn('es', 'task.redAlert.move.cancellationFee') }),
    );
    expect(await redAlertReason('txn_task_text_1', 'en')).toBe(messageIn('en', 'task.redAlert.chargeNotVoided', { ...values, what: 'cancellation fee' }));
  });

  it('keeps the default-language sentence beside the key, and a row written before keys reads as stored', async () => {
    const task = await withLocale('es', () =>
      createTask(englishRequest(), { kind: 'red_alert', subject: { type: 'appointment', id: randomUUID() }, reason: taskText('task.redAlert.intakeCrisis') }),
    );
    const [row] = await t.app.database.query<{ reason: string; reason_key: string }>('SELECT reason, reason_key FROM tasks WHERE id = $1', [task.id]);
    expect(row).toEqual({ reason: messageIn('en', 'task.redAlert.intakeCrisis'), reason_key: 'task.redAlert.intakeCrisis' });

    const old = randomUUID();
    await t.app.database.query(
      `INSERT INTO tasks (kind, subject_type, subject_id, status, stage, stage_since, priority, reason, created_at, updated_at)
       VALUES ('red_alert', 'appointment', $1, 'open', 'new', now(), 'urgent', 'Written before texts had keys', now(), now())`,
      [old],
    );
    expect(await redAlertReason(old, 'es')).toBe('Written before texts had keys');
    expect(await redAlertReason(old, 'en')).toBe('Written before texts had keys');
  });

  it("a note the server writes reads in the reader's language; a person's note as typed", async () => {
    const request = englishRequest();
    const make = (id: string) =>
      createTask(request, { kind: 'red_alert', subject: { type: 'appointment', id }, reason: taskText('task.redAlert.intakeCrisis') });
    const byServer = await make(randomUUID());
    await claimTask(request, byServer.id, 1);
    await withLocale('en', () => resolveTask(request, byServer.id, 2, 'completed', taskText('task.redAlert.retried', { answer: 'HTTP 200' })));
    const served = (await findTask(t.app.database, byServer.id))!;
    expect(served.resolutionNote).toBe(messageIn('en', 'task.redAlert.retried', { answer: 'HTTP 200' }));
    expect(taskResolutionNote(served, 'es')).toBe(messageIn('es', 'task.redAlert.retried', { answer: 'HTTP 200' }));
    expect(taskResolutionNote(served, 'es')).not.toBe(served.resolutionNote);

    const byPerson = await make(randomUUID());
    await claimTask(request, byPerson.id, 1);
    await resolveTask(request, byPerson.id, 2, 'completed', 'Called the patient');
    expect(taskResolutionNote((await findTask(t.app.database, byPerson.id))!, 'es')).toBe('Called the patient');
  });
});
