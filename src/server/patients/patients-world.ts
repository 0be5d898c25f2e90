/**
 * What the patient-record integration tests share: one seeded app per file, the demo callers (Jordan with Self and
 * Mia, Avery, support, a third-party agent, a clinician), and multipart uploads of documents.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { DEMO_PATIENT_EMAIL } from '@/server/db/seed/patients-insurance';
import { all, first, qb, sql } from '@/server/db/typed';

export let t: TestApp;
export let jordan: TestCaller;
export let avery: TestCaller;
export let support: TestCaller;
export let agent: TestCaller;
export let clinician: TestCaller;
export let jordanSelf: string;
export let mia: string;
export let averySelf: string;

export const email = (role: string) => demoAccounts.find((a) => a.role === role)!.email;
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A multipart body with the given fields and one file part. */
export function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----test-boundary-7d1f';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(caller: TestCaller, patientId: string, fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const body = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: `/api/patients/${patientId}/documents`, payload: body.payload, headers: { ...caller.headers, ...body.headers } });
}

export async function documentCount(): Promise<number> {
  const row = await first(t.db.database, qb.selectFrom('patient_documents').select(sql<number>`count(*)::int`.as('n')));
  return row!.n;
}

/** Starts what these test files share, once per test file. */
export function startPatientsApp(): void {
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    jordan = await callerFor(t.app, DEMO_PATIENT_EMAIL);
    avery = await callerFor(t.app, email('Partner member'));
    support = await callerFor(t.app, email('Support agent'));
    agent = await callerFor(t.app, email('Third-party agent'));
    clinician = await callerFor(t.app, email('Clinician'));
    const patients = await all(
      t.db.database,
      qb
        .selectFrom('patients as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.id', 'p.relationship', 'p.first_name', sql<string>`u.email::text`.as('email')]),
    );
    jordanSelf = patients.find((p) => p.email === DEMO_PATIENT_EMAIL && p.relationship === 'Self')!.id;
    // The demo account has two children (Mia and Leo); a query without ORDER BY returns them in any order.
    mia = patients.find((p) => p.email === DEMO_PATIENT_EMAIL && p.relationship === 'Child' && p.first_name === 'Mia')!.id;
    averySelf = patients.find((p) => p.email === avery.email)!.id;
  }, 90_000);
  afterAll(async () => t.close());
}
