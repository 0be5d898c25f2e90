/**
 * "Who looked at my record": the account holder sees a support agent's look at their
 * account by role and first name, another patient's refused attempt on their child's record without a
 * name, pages newest first; nobody else reads the list; an entry can be reported to support once (a task
 * in the queue) that support lists with the entry as recorded and closes with a note; and no route of the API
 * changes or deletes an audit row, whoever calls it.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { constants } from '@/generated/constants';
import { endpoints } from '@/generated/api';
import { accountRecords } from './record-access';

let t: TestApp;
let jordan: TestCaller;
let avery: TestCaller;
let sam: TestCaller;
let devon: TestCaller;
let miaId: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  avery = await callerFor(t.app, 'avery.johnson@example.com');
  sam = await callerFor(t.app, 'sam.okafor@example.com');
  devon = await callerFor(t.app, 'devon.park@example.com');
  const [mia] = await t.app.database.query<{ id: string }>("SELECT id FROM patients WHERE user_id = $1 AND first_name = 'Mia'", [jordan.id]);
  miaId = mia!.id;
}, 180_000);
afterAll(async () => t?.close());

interface Entry {
  id: string;
  at: string;
  actor: string;
  role: string | null;
  name: string | null;
  record: string;
  patient: string | null;
  act: string;
  outcome: string;
  reported: boolean;
}

async function listOf(caller: TestCaller, page = 1) {
  return t.app.inject({ method: 'GET', url: `/api/patients/record-access?page=${page}`, headers: caller.headers });
}

async function entries(): Promise<Entry[]> {
  const res = await listOf(jordan);
  expect(res.statusCode).toBe(200);
  return res.json().items as Entry[];
}

describe('who looked at my record', () => {
  it("shows a support agent's look at the account by role and first name, and another patient's refused attempt without a name", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/support/users/${jordan.id}`, headers: sam.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${miaId}`, headers: avery.headers })).statusCode).toBe(404);

    const list = await entries();
    const [refused, looked] = list;
    expect(refused).toMatchObject({
      actor: 'patient',
      role: null,
      name: null,
      record: 'patient',
      patient: 'Mia',
      act: 'viewed',
      outcome: 'denied',
      reported: false,
    });
    expect(looked).toMatchObject({ actor: 'staff', role: 'support', name: 'Sam', record: 'user', patient: null, act: 'viewed', outcome: 'success' });
    expect(Date.parse(looked!.at)).toBeLessThanOrEqual(Date.parse(refused!.at));
  });

  it("pages newest first, and leaves out the holder's own reads (this page's included) so others' stay in sight", async () => {
    const first = (await listOf(jordan)).json();
    expect(first.pageSize).toBe(constants.recordAccessPageSize);
    expect(first.items.length).toBeLessThanOrEqual(constants.recordAccessPageSize);
    const again = await entries();
    expect(again.filter((e) => e.actor === 'you' && e.act === 'viewed' && e.outcome === 'success')).toEqual([]);
    const ats = (await entries()).map((e) => Date.parse(e.at));
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);
    const beyond = (await listOf(jordan, 100000)).json();
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBeGreaterThan(0);
  });

  it("lists only the caller's own account: staff may not read it, and another account's entries never show", async () => {
    expect((await listOf(sam)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/patients/record-access' })).statusCode).toBe(401);
    expect((await listOf(jordan, 0)).statusCode).toBe(400);
    const ofAvery = (await listOf(avery)).json().items as Entry[];
    expect(ofAvery.some((e) => e.patient === 'Mia')).toBe(false);
  });

  it('reports an entry to support once, as a task in the queue; another account cannot report it', async () => {
    const looked = (await entries()).find((e) => e.name === 'Sam')!;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/patients/record-access/${looked.id}/report`, headers: avery.headers, payload: {} })).statusCode,
    ).toBe(404);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/patients/record-access/${looked.id}/report`,
      headers: jordan.headers,
      payload: { note: 'I never called support.' },
    });
    expect(sent.statusCode).toBe(201);
    const taskId = sent.json().taskId as string;
    const [task] = await t.app.database.query<{ kind: string; subject_type: string; subject_id: string; status: string; details: { note?: string } }>(
      'SELECT kind, subject_type, subject_id, status, details FROM tasks WHERE id = $1',
      [taskId],
    );
    expect(task).toMatchObject({
      kind: 'record_access_report',
      subject_type: 'audit_log',
      subject_id: looked.id,
      status: 'open',
      details: { note: 'I never called support.' },
    });
    const twice = await t.app.inject({ method: 'POST', url: `/api/patients/record-access/${looked.id}/report`, headers: jordan.headers, payload: {} });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().taskId).toBe(taskId);
    expect((await entries()).find((e) => e.id === looked.id)?.reported).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/patients/record-access/abc/report', headers: jordan.headers, payload: {} })).statusCode).toBe(400);
  });

  it("support sees the reported entry as recorded, with the patient's words, and closes it with a note; the audit row stays", async () => {
    const looked = (await entries()).find((e) => e.name === 'Sam')!;
    const [row] = await t.app.database.query<{ row: string }>('SELECT to_jsonb(l)::text AS row FROM audit_log l WHERE id = $1::bigint', [looked.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/support/record-access-reports', headers: jordan.headers })).statusCode).toBe(403);
    const listed = await t.app.inject({ method: 'GET', url: '/api/support/record-access-reports', headers: sam.headers });
    expect(listed.statusCode).toBe(200);
    const report = (
      listed.json().items as { taskId: string; version: number; note: string | null; accountId: string; patient: unknown; entry: Record<string, unknown> }[]
    ).find((r) => r.entry.id === looked.id)!;
    expect(report).toMatchObject({ note: 'I never called support.', accountId: jordan.id });
    expect(report.entry).toMatchObject({ at: looked.at, actor: 'Sam Okafor', actorEmail: 'sam.okafor@example.com', outcome: 'success', record: looked.record });
    expect(report.entry.actorGroups).toContain('support');

    const url = `/api/support/record-access-reports/${report.taskId}/resolve`;
    const noNote = await t.app.inject({ method: 'POST', url, headers: sam.headers, payload: { version: report.version, note: ' ' } });
    expect(noNote.json().errorCode).toBe('TASK_NOTE_REQUIRED');
    const closed = await t.app.inject({
      method: 'POST',
      url,
      headers: sam.headers,
      payload: { version: report.version, note: 'Sam opened it on a call Jordan made; told Jordan.' },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe('completed');
    const after = (await t.app.inject({ method: 'GET', url: '/api/support/record-access-reports', headers: sam.headers })).json().items as { taskId: string }[];
    expect(after.some((r) => r.taskId === report.taskId)).toBe(false);
    // An unknown report is not found.
    const unknown = `/api/support/record-access-reports/00000000-0000-4000-8000-000000000000/resolve`;
    expect((await t.app.inject({ method: 'POST', url: unknown, headers: sam.headers, payload: { version: 1, note: 'x' } })).statusCode).toBe(404);
    const [still] = await t.app.database.query<{ row: string }>('SELECT to_jsonb(l)::text AS row FROM audit_log l WHERE id = $1::bigint', [looked.id]);
    expect(still).toEqual(row);
  });
});

it('reads exactly the kinds of record the specs list', () => {
  const kinds = [
    ...accountRecords('00000000-0000-4000-8000-000000000000')
      .compile()
      .sql.matchAll(/select '(\w+)' as "record_type"/g),
  ].map((m) => m[1]);
  expect(kinds).toEqual(constants.recordAccessRecordTypes);
});

describe('the audit trail cannot be changed through the app', () => {
  it('keeps every row as written after every route that changes anything is called with an audit row id, by staff and by the patient', async () => {
    const snapshot = async () =>
      t.app.database.query<{ id: string; row: string }>('SELECT id::text AS id, to_jsonb(l)::text AS row FROM audit_log l ORDER BY id');
    const before = await snapshot();
    const auditId = before[before.length - 1]!.id;
    const changing = Object.values(endpoints).filter((e) => e.method !== 'GET');
    expect(changing.length).toBeGreaterThan(20);
    for (const caller of [devon, jordan]) {
      for (const endpoint of changing) {
        const url = '/api' + endpoint.path.replace(/\{[^}]+\}/g, auditId);
        const res = await t.app.inject({ method: endpoint.method, url, headers: caller.headers, payload: { id: auditId } });
        expect(res.statusCode).toBeLessThan(500);
      }
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url: `/api/patients/record-access/${auditId}`, headers: caller.headers });
        expect(res.statusCode).toBe(404);
      }
    }
    const after = new Map((await snapshot()).map((r) => [r.id, r.row]));
    for (const row of before) expect(after.get(row.id)).toBe(row.row);
    await expect(t.app.database.query('UPDATE audit_log SET outcome = $1 WHERE id = $2', ['success', auditId])).rejects.toThrow(/append-only/);
    await expect(t.app.database.query('DELETE FROM audit_log WHERE id = $1', [auditId])).rejects.toThrow(/append-only/);
  }, 120_000);
});
