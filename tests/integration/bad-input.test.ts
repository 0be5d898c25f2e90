/**
 * No 5xx from input and an audit row for every refused attempt on a patient
 * record (item 7), case by case: the property test (no-5xx.test.ts) covers every endpoint at random.
 */
import { startTestApp, type TestApp } from '../support/app';
import { auditRows, callerFor, type TestCaller } from '../support/sessions';

let t: TestApp;
let support: TestCaller;
let patient: TestCaller;
let strangerPatientId: string;
let ownPatientId: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  support = await callerFor(t.app, 'sam.okafor@example.com');
  patient = await callerFor(t.app, 'jordan.rivera@example.com');
  const [own] = await t.app.database.query<{ id: string }>("SELECT id FROM patients WHERE user_id = $1 AND relationship = 'Self'", [patient.id]);
  const [other] = await t.app.database.query<{ id: string }>(
    'SELECT p.id FROM patients p JOIN users u ON u.id = p.user_id WHERE u.id <> $1 AND u.user_type = $2 LIMIT 1',
    [patient.id, 'patient'],
  );
  ownPatientId = own!.id;
  strangerPatientId = other!.id;
});

afterAll(async () => {
  await t.close();
});

async function notesOf(patientId: string): Promise<number> {
  const [row] = await t.app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM patient_notes WHERE patient_id = $1', [patientId]);
  return row!.n;
}

describe('malformed input is a 400 with a clear message', () => {
  it.each([
    ['a NUL byte', 'Called\u0000back'],
    ['an escape sequence', 'Called \u001b[31mback'],
    ['a lone surrogate', 'Called \ud800back'],
  ])('refuses free text with %s and stores nothing', async (_label, text) => {
    const before = await notesOf(ownPatientId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/save-note',
      headers: support.headers,
      payload: { patientId: ownPatientId, noteType: 'general', text },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      errors: [
        { field: 'text', keyword: 'x-plainText', reason: 'text contains characters that are not allowed (control characters or broken Unicode)', in: 'body' },
      ],
    });
    expect(await notesOf(ownPatientId)).toBe(before);
  });

  it('keeps line breaks and tabs in free text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/save-note',
      headers: support.headers,
      payload: { patientId: ownPatientId, noteType: 'general', text: 'Called back.\n\tLeft a message.' },
    });
    expect(res.statusCode).toBe(201);
  });

  it.each(['Infinity', '-Infinity', '1e400', 'NaN'])('refuses limit=%s in a query', async (limit) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/appointments?limit=${limit}`, headers: patient.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'limit', in: 'querystring' });
  });

  it('refuses a non-finite number in a JSON body (1e400)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/holds',
      headers: { ...patient.headers, 'content-type': 'application/json' },
      payload: '{"slotId":"00000000-0000-4000-8000-000000000000","providerId":"00000000-0000-4000-8000-000000000000","x":1e400}',
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['5,000 nested arrays', '['.repeat(5000) + ']'.repeat(5000)],
    ['2,000 nested objects', '{"a":'.repeat(2000) + '1' + '}'.repeat(2000)],
  ])("refuses a body of %s with a 400 in the reader's language, before walking it", async (_label, payload) => {
    for (const [language, description] of [
      ['en', 'The request is nested too deeply to be read.'],
      ['es', 'La solicitud tiene demasiados niveles anidados para poder leerse.'],
    ]) {
      const before = await notesOf(ownPatientId);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/patients/save-note',
        headers: { ...support.headers, 'content-type': 'application/json', 'accept-language': language! },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'BODY_TOO_DEEP', description });
      expect(await notesOf(ownPatientId)).toBe(before);
    }
  });

  it('still reads a body nested as deep as the limit allows (and then checks it against its schema)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/save-note',
      headers: { ...support.headers, 'content-type': 'application/json' },
      payload: `{"patientId":"${ownPatientId}","noteType":"general","text":"ok","extra":${'['.repeat(31)}${']'.repeat(31)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
  });

  it('refuses broken percent-encoding and lone surrogates in paths', async () => {
    for (const url of [`/api/patients/%ED%A0%80/notes`, `/api/patients/%FF/notes`, '/api/patients/%/notes']) {
      const res = await t.app.inject({ method: 'GET', url, headers: support.headers });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('refuses a multipart upload without a boundary, and one cut short', async () => {
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${ownPatientId}/documents`,
      headers: { ...support.headers, 'content-type': 'multipart/form-data' },
      payload: '--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\nother\r\n--x--\r\n',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toMatchObject({ errorCode: 'MALFORMED_REQUEST' });
    const cut = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${ownPatientId}/documents`,
      headers: { ...support.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\nother\r\n--x\r\nContent-Disposition: form-da',
    });
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(cut.statusCode).toBeLessThan(500);
  });

  it('refuses an upload field with a NUL byte', async () => {
    const b = 'nul-boundary';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${ownPatientId}/documents`,
      headers: { ...support.headers, 'content-type': `multipart/form-data; boundary=${b}` },
      payload: `--${b}\r\nContent-Disposition: form-data; name="kind"\r\n\r\not\u0000her\r\n--${b}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'kind', keyword: 'x-plainText' });
  });
});

describe('every refused attempt on a patient record is audited, naming the record and the reason', () => {
  it('names the record of a refused read by someone who may not reach it', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${strangerPatientId}`, headers: patient.headers });
    expect(res.statusCode).toBe(404);
    const rows = await auditRows(t.app, "action = 'getPatient' AND record_id = $1 AND actor_id = $2", [strangerPatientId, patient.id]);
    expect(rows.at(-1)).toMatchObject({ record_type: 'patient', outcome: 'denied', status: 404, details: { reason: 'not reachable' } });
  });

  it('names the record of a read refused before the handler: signed out, wrong role', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/patients/${strangerPatientId}/notes` });
    expect(signedOut.statusCode).toBe(401);
    const [noToken] = await auditRows(t.app, "action = 'listPatientNotes' AND record_id = $1 AND status = 401", [strangerPatientId]);
    expect(noToken).toMatchObject({ record_type: 'patient', outcome: 'denied', details: { reason: 'no token' } });

    const wrongRole = await t.app.inject({ method: 'GET', url: `/api/patients/${strangerPatientId}/notes`, headers: patient.headers });
    expect(wrongRole.statusCode).toBe(403);
    const [role] = await auditRows(t.app, "action = 'listPatientNotes' AND record_id = $1 AND status = 403", [strangerPatientId]);
    expect(role).toMatchObject({ record_type: 'patient', actor_id: patient.id, outcome: 'denied', details: { reason: 'role' } });
  });

  it('names the record and the catalogue error of a refused change', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/patients/${ownPatientId}`, headers: patient.headers, payload: { firstName: 'Jo\u0000rdan' } });
    expect(res.statusCode).toBe(400);
    const rows = await auditRows(t.app, "action = 'updatePatient' AND record_id = $1 AND status = 400", [ownPatientId]);
    expect(rows.at(-1)).toMatchObject({ record_type: 'patient', outcome: 'failure', details: { reason: 'VALIDATION_FAILED' } });
  });

  it('names the patient a body or query refers to', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/save-note',
      headers: patient.headers,
      payload: { patientId: strangerPatientId, noteType: 'general', text: 'x' },
    });
    expect(res.statusCode).toBe(403);
    const rows = await auditRows(t.app, "action = 'savePatientNote' AND status = 403 AND actor_id = $1", [patient.id]);
    expect(rows.at(-1)).toMatchObject({ record_type: 'patient', record_id: strangerPatientId, details: { reason: 'role' } });
  });

  it('keeps an id with control characters out of the audit trail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/patients/%00abc', headers: patient.headers });
    expect(res.statusCode).toBeLessThan(500);
    const rows = await auditRows(t.app, "action = 'getPatient' AND actor_id = $1 AND status = $2", [patient.id, res.statusCode]);
    expect(rows.at(-1)?.record_id ?? null).toBeNull();
  });
});
