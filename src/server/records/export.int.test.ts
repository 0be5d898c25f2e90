/** The record export end to end through the API: asked, built by its job, mailed, downloaded by the holder only, gone after its time. */
import { startTestApp, type TestApp } from '@tests/support/app';
import { TestClock } from '@tests/support/clock';
import { fhirSchemaErrors } from '@tests/support/fhir-schema';
import { pdfText } from '@tests/support/pdf';
import { auditRows, callerFor, mailTo } from '@tests/support/sessions';
import { constants } from '@/generated/constants';
import type { Bundle } from '@medplum/fhirtypes';
import { resourceCounts } from '@/domain/record-export';
import { readyExportPath, removeExpiredExports } from './export';

const HOUR = 3_600_000;
const clock = new TestClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true, clock });
}, 180_000);
afterAll(async () => t?.close());
// Compiling the whole FHIR R4 schema takes seconds on a busy machine.
jest.setTimeout(180_000);

const holderEmail = 'jordan.rivera@example.com';

it('builds the record in a job, mails the holder, and lets only the holder download it until it expires', async () => {
  const holder = await callerFor(t.app, holderEmail);
  const asked = await t.app.inject({ method: 'POST', url: '/api/record-exports', headers: holder.headers });
  expect(asked.statusCode).toBe(202);
  const { id, status } = asked.json() as { id: string; status: string };
  expect(status).toBe('pending');
  expect((await t.app.inject({ method: 'GET', url: `/api/record-exports/${id}/pdf`, headers: holder.headers })).statusCode).toBe(404);

  const mails = await mailTo(t.app, holderEmail);
  expect(mails.map((m) => m.template)).toEqual(['record-export-ready']);
  expect(JSON.stringify(mails[0])).toContain(`${constants.recordExportLinkHours}`);
  // The link opens the page that shows this export's downloads.
  expect(JSON.stringify(mails[0])).toContain(readyExportPath(id));
  const state = (await t.app.inject({ method: 'GET', url: `/api/record-exports/${id}`, headers: holder.headers })).json() as { status: string };
  expect(state.status).toBe('ready');

  const bundleAnswer = await t.app.inject({ method: 'GET', url: `/api/record-exports/${id}/bundle`, headers: holder.headers });
  expect(bundleAnswer.statusCode).toBe(200);
  expect(bundleAnswer.headers['content-type']).toContain('application/fhir+json');
  const bundle = bundleAnswer.json() as Bundle;
  expect(fhirSchemaErrors(bundle)).toEqual([]);
  const [account] = await t.app.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [holderEmail]);
  expect(resourceCounts(bundle).Patient).toBe((await t.app.database.query('SELECT id FROM patients WHERE user_id = $1', [account!.id])).length);

  const pdfAnswer = await t.app.inject({ method: 'GET', url: `/api/record-exports/${id}/pdf`, headers: holder.headers });
  expect(pdfAnswer.headers['content-type']).toBe('application/pdf');
  const { text } = await pdfText(pdfAnswer.rawPayload);
  expect(text).toContain('45 CFR 164.501');

  // Someone else (a patient of another account) finds nothing, and the attempt is audited as denied.
  const [other] = await t.app.database.query<{ email: string }>(
    "SELECT email::text AS email FROM users WHERE user_type = 'patient' AND email <> $1 AND email IS NOT NULL ORDER BY email LIMIT 1",
    [holderEmail],
  );
  const stranger = await callerFor(t.app, other!.email);
  expect((await t.app.inject({ method: 'GET', url: `/api/record-exports/${id}/bundle`, headers: stranger.headers })).statusCode).toBe(404);
  expect(await auditRows(t.app, "action = 'downloadRecordExportBundle' AND outcome = 'denied'")).toHaveLength(1);
  expect((await auditRows(t.app, "action = 'downloadRecordExportPdf' AND outcome <> 'denied'")).length).toBeGreaterThanOrEqual(1);

  clock.advance(constants.recordExportLinkHours * HOUR + 1);
  // The sign-in of three days ago has lapsed too: the holder signs in again and finds the download gone.
  const later = await callerFor(t.app, holderEmail);
  expect((await t.app.inject({ method: 'GET', url: `/api/record-exports/${id}/pdf`, headers: later.headers })).statusCode).toBe(410);
  expect(await removeExpiredExports(t.app)).toBe(1);
  const [row] = await t.app.database.query<{ pdf: unknown; bundle: unknown }>('SELECT pdf, bundle FROM record_exports WHERE id = $1', [id]);
  expect(row).toEqual({ pdf: null, bundle: null });
});
