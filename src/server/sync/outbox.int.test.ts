/**
 * The sync outbox end to end on a test database: a change writes its outbox row in its own
 * transaction (a rolled-back change writes none); the job delivers it through the local adapter
 * (once per version) or a FHIR server (a local HTTP server here); a server answering 500 is tried
 * again with back-off until the tries are spent, which raises one red alert; support retries once
 * the server recovers, the red alert is resolved, and the sync audit lists every attempt.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { TestClock } from '@tests/support/clock';
import { FhirSyncAdapter, LocalSyncAdapter } from './adapters';
import { runOutbox } from './outbox';
import { raiseConsentAlerts } from './consent-alerts';

let t: TestApp;
const clock = new TestClock('2026-11-24T15:00:00Z');
let support: TestCaller;
let agent: TestCaller;
let patientId: string;
let fhir: Server;
let fhirUrl: string;
let answer = 500;
const received: { method: string; url: string; body: { resourceType: string; meta: { versionId: string } } }[] = [];

beforeAll(async () => {
  fhir = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, body: JSON.parse(body || '{}') });
      res.writeHead(answer, { 'content-type': 'application/fhir+json' });
      res.end(answer >= 400 ? JSON.stringify({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'exception' }] }) : body);
    });
  });
  await new Promise<void>((r) => fhir.listen(0, '127.0.0.1', r));
  fhirUrl = `http://127.0.0.1:${(fhir.address() as AddressInfo).port}/fhir`;
  t = await startTestApp({ seed: true, clock, env: { SYNC_DELIVERY_ATTEMPTS: '3', SYNC_RETRY_DELAY_SECONDS: '30' } });
  support = await callerFor(t.app, 'sam.okafor@example.com');
  agent = await callerFor(t.app, 'taylor.brooks@example.com');
  [{ id: patientId }] = (await t.app.database.query<{ id: string }>(
    "SELECT p.id FROM patients p JOIN users u ON u.id = p.user_id WHERE u.email = 'jordan.rivera@example.com' LIMIT 1",
  )) as [{ id: string }];
  // What the seed wrote is delivered locally first.
  await runOutbox(t.app);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => fhir?.close(r));
});

const outboxOf = (id: string) =>
  t.app.database.query<{ version: number; status: string; attempts: number }>(
    'SELECT version, status, attempts FROM sync_outbox WHERE record_id = $1 ORDER BY version',
    [id],
  );

describe('the sync outbox', () => {
  it('writes the outbox row in the change’s transaction, numbers versions, and a rollback writes none', async () => {
    const before = await outboxOf(patientId);
    await t.app.database.query("UPDATE patients SET phone_number = '6145550101' WHERE id = $1", [patientId]);
    await expect(
      t.app.database.transaction(async (tx) => {
        await tx.query("UPDATE patients SET phone_number = '6145550199' WHERE id = $1", [patientId]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await outboxOf(patientId);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ version: (before.at(-1)?.version ?? 0) + 1, status: 'pending', attempts: 0 });
    // An update that changes nothing publishes nothing.
    await t.app.database.query("UPDATE patients SET phone_number = '6145550101' WHERE id = $1", [patientId]);
    expect(await outboxOf(patientId)).toHaveLength(after.length);
  });

  it('delivers through the local adapter once per version', async () => {
    t.app.sync.adapter = new LocalSyncAdapter(t.app.database);
    await runOutbox(t.app);
    const rows = await outboxOf(patientId);
    expect(rows.at(-1)).toMatchObject({ status: 'delivered', attempts: 1 });
    const [delivered] = await t.app.database.query<{ resource: { resourceType: string; telecom: { value: string }[]; meta: { versionId: string } } }>(
      'SELECT resource FROM sync_local_deliveries WHERE record_id = $1 AND version = $2',
      [patientId, rows.at(-1)!.version],
    );
    expect(delivered!.resource).toMatchObject({ resourceType: 'Patient', meta: { versionId: String(rows.at(-1)!.version) } });
    expect(delivered!.resource.telecom).toContainEqual({ system: 'phone', value: '6145550101' });
    const again = await new LocalSyncAdapter(t.app.database).deliver(
      delivered!.resource as never,
      { resourceType: 'Patient', recordId: patientId, version: rows.at(-1)!.version },
      clock.now(),
    );
    expect(again.answer).toMatch(/Already recorded/);
  });

  it('a FHIR server answering 500 is tried again with back-off, then raises one red alert; a retry after it recovers clears it', async () => {
    t.app.sync.adapter = new FhirSyncAdapter(fhirUrl, undefined);
    answer = 500;
    await t.app.database.query("UPDATE patients SET phone_number = '6145550102' WHERE id = $1", [patientId]);
    await runOutbox(t.app);
    expect((await outboxOf(patientId)).at(-1)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(received.at(-1)).toMatchObject({ method: 'PUT', url: `/fhir/Patient/${patientId}` });
    // Not due yet: nothing is tried before the back-off.
    await runOutbox(t.app);
    expect((await outboxOf(patientId)).at(-1)).toMatchObject({ attempts: 1 });
    clock.advance(31_000);
    await runOutbox(t.app);
    expect((await outboxOf(patientId)).at(-1)).toMatchObject({ status: 'pending', attempts: 2 });
    clock.advance(61_000);
    await runOutbox(t.app);
    expect((await outboxOf(patientId)).at(-1)).toMatchObject({ status: 'failed', attempts: 3 });

    const list = await t.app.inject({ method: 'GET', url: '/api/support/red-alerts', headers: support.headers });
    expect(list.statusCode).toBe(200);
    const alerts = (
      list.json() as {
        items: {
          taskId: string;
          version: number;
          subject: { id: string };
          reason: string;
          sync: { attempts: number; lastError: string } | null;
          patient: { id: string } | null;
        }[];
      }
    ).items;
    const alert = alerts.find((a) => a.subject.id === patientId)!;
    expect(alert.reason).toBe(
      "The patient's details could not be delivered to the practice's system: HTTP 500 Internal Server Error (server error): exception",
    );
    expect(alert.sync).toMatchObject({ attempts: 3 });
    expect(alert.patient?.id).toBe(patientId);

    // Still down: the retry says so and the red alert stays.
    const stillDown = await t.app.inject({
      method: 'POST',
      url: `/api/support/red-alerts/${alert.taskId}/retry`,
      headers: support.headers,
      payload: { version: alert.version },
    });
    expect(stillDown.json()).toMatchObject({ outcome: 'failed', resolved: false });

    answer = 200;
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/support/red-alerts/${alert.taskId}/retry`,
      headers: support.headers,
      payload: { version: alert.version },
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ outcome: 'delivered', resolved: true });
    const after = (await t.app.inject({ method: 'GET', url: '/api/support/red-alerts', headers: support.headers })).json() as {
      items: { subject: { id: string } }[];
    };
    expect(after.items.some((a) => a.subject.id === patientId)).toBe(false);

    const audit = await t.app.inject({ method: 'GET', url: `/api/support/sync-audit?recordId=${patientId}&resourceType=Patient`, headers: support.headers });
    expect(audit.statusCode).toBe(200);
    const attempts = audit.json() as { items: { outcome: string; adapter: string; requestedBy: string | null }[]; total: number };
    expect(attempts.items.slice(0, 5).map((a) => `${a.adapter} ${a.outcome} ${a.requestedBy ? 'staff' : 'worker'}`)).toEqual([
      'fhir delivered staff',
      'fhir failed staff',
      'fhir failed worker',
      'fhir failed worker',
      'fhir failed worker',
    ]);
    const failedOnly = (
      await t.app.inject({ method: 'GET', url: `/api/support/sync-audit?recordId=${patientId}&outcome=failed`, headers: support.headers })
    ).json() as { total: number };
    expect(failedOnly.total).toBe(4);
  });

  it('third-party agents see no red alerts and no sync audit', async () => {
    for (const url of ['/api/support/red-alerts', '/api/support/sync-audit']) {
      expect((await t.app.inject({ method: 'GET', url, headers: agent.headers })).statusCode).toBe(403);
    }
  });

  it('a session within 48 hours without the signed consent raises one red alert for the session', async () => {
    const db = t.app.database;
    const [user] = await db.query<{ id: string }>(
      "INSERT INTO users (email, first_name, last_name, user_type, groups) VALUES ('no.consent@example.com', 'Nora', 'Consent', 'patient', '{patient}') RETURNING id",
    );
    const [patient] = await db.query<{ id: string }>(
      "INSERT INTO patients (user_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, 'Nora', 'Consent', '1985-02-03', 'Self') RETURNING id",
      [user!.id],
    );
    const [provider] = await db.query<{ id: string; practice_id: string }>(
      'SELECT id, practice_id FROM providers WHERE removed_at IS NULL ORDER BY id DESC LIMIT 1',
    );
    const start = new Date(clock.now().getTime() + 40 * 3_600_000 + 7 * 60_000);
    const [appointment] = await db.query<{ id: string }>(
      `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
       VALUES ($1, $2, $3, tstzrange($4, $4::timestamptz + interval '50 minutes'), 'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 12000) RETURNING id`,
      [user!.id, provider!.id, provider!.practice_id, start],
    );
    await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [appointment!.id, patient!.id]);
    expect(await raiseConsentAlerts(t.app)).toBeGreaterThanOrEqual(1);
    expect(await raiseConsentAlerts(t.app)).toBe(0);
    const items = (
      (await t.app.inject({ method: 'GET', url: '/api/support/red-alerts', headers: support.headers })).json() as {
        items: { appointmentId: string | null; reason: string; sync: unknown; patient: { name: string } | null }[];
      }
    ).items;
    const alert = items.find((a) => a.appointmentId === appointment!.id);
    expect(alert).toMatchObject({ sync: null, patient: { name: 'Nora Consent' } });
    expect(alert!.reason).toMatch(/starts within 48 hours and the booking consent is not signed\.$/);
  });
});
