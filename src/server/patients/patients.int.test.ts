/**
 * Patient records on the database: the account's patients, one patient, changes with the §5 rules,
 * care status, associated providers, notes, authorizations, documents (limits, types, reach) and the
 * support patient calls. Reach: a patient only their own account's patients, a third-party agent only
 * their partner's members', staff any; anything else 404 and audited.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import { constants } from '@/generated/constants';
import { enums } from '@/generated/enums';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { addDaysIso, todayIso } from '@/domain/dates';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { DEMO_PATIENT_EMAIL } from '@/server/db/seed/patients-insurance';

let t: TestApp;
let jordan: TestCaller;
let avery: TestCaller;
let support: TestCaller;
let agent: TestCaller;
let clinician: TestCaller;
let jordanSelf: string;
let mia: string;
let averySelf: string;

const email = (role: string) => demoAccounts.find((a) => a.role === role)!.email;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A multipart body with the given fields and one file part. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
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

async function upload(caller: TestCaller, patientId: string, fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const body = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: `/api/patients/${patientId}/documents`, payload: body.payload, headers: { ...caller.headers, ...body.headers } });
}

async function documentCount(): Promise<number> {
  const [row] = await t.db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM patient_documents');
  return row!.n;
}

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, DEMO_PATIENT_EMAIL);
  avery = await callerFor(t.app, email('Partner member'));
  support = await callerFor(t.app, email('Support agent'));
  agent = await callerFor(t.app, email('Third-party agent'));
  clinician = await callerFor(t.app, email('Clinician'));
  const patients = await t.db.database.query<{ id: string; relationship: string; email: string; first_name: string }>(
    'SELECT p.id, p.relationship, p.first_name, u.email::text AS email FROM patients p JOIN users u ON u.id = p.user_id',
  );
  jordanSelf = patients.find((p) => p.email === DEMO_PATIENT_EMAIL && p.relationship === 'Self')!.id;
  // The demo account has two children (Mia and Leo); a query without ORDER BY returns them in any order.
  mia = patients.find((p) => p.email === DEMO_PATIENT_EMAIL && p.relationship === 'Child' && p.first_name === 'Mia')!.id;
  averySelf = patients.find((p) => p.email === avery.email)!.id;
}, 90_000);
afterAll(async () => t.close());

describe('GET /api/patients', () => {
  it("lists the caller's own patients, Self first, with scheduling-system ids", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/patients', headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    // Jordan's two children (Mia and Leo) come after Self.
    expect(items.map((p: { relationship: string }) => p.relationship)).toEqual(['Self', 'Child', 'Child']);
    expect(items[0]).toMatchObject({
      id: jordanSelf,
      firstName: 'Jordan',
      isMinor: false,
      licenseKey: constants.schedulingLicenseKey,
      ehrId: expect.stringMatching(/^P\d+$/),
    });
    expect(items.find((p: { id: string }) => p.id === mia)).toMatchObject({ id: mia, isMinor: true });
  });

  it("answers another account's patients to staff, and 404 to another patient", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/patients?userId=${jordan.id}`, headers: support.headers })).json().items).toHaveLength(3);
    const res = await t.app.inject({ method: 'GET', url: `/api/patients?userId=${jordan.id}`, headers: avery.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('NOT_FOUND');
  });
});

describe('GET and PUT /api/patients/{id}', () => {
  it('reads a dependant, and audits the read', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${mia}?userId=${jordan.id}`, headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: mia, firstName: 'Mia', relationship: 'Child', userId: jordan.id });
    const rows = await auditRows(t.app, "action = 'getPatient' AND record_id = $1", [mia]);
    expect(rows.at(-1)).toMatchObject({ actor_id: jordan.id, outcome: 'success', record_type: 'patient' });
  });

  it('answers 404, the same as for no patient, to a caller who may not reach it, and to a wrong userId', async () => {
    for (const [caller, url] of [
      [avery, `/api/patients/${mia}`],
      [agent, `/api/patients/${mia}`],
      [jordan, `/api/patients/${averySelf}`],
      [jordan, `/api/patients/${mia}?userId=${avery.id}`],
      [jordan, '/api/patients/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: caller.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().description).toBe(errorCatalogue.NOT_FOUND.message);
    }
    expect((await auditRows(t.app, "action = 'getPatient' AND outcome = 'denied'")).length).toBeGreaterThanOrEqual(5);
  });

  it("lets a third-party agent reach their partner's members only", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${averySelf}`, headers: agent.headers })).statusCode).toBe(200);
  });

  it('changes details, and forgets the phone check when the number changes', async () => {
    await t.db.database.query('UPDATE patients SET phone_number_valid = true WHERE id = $1', [mia]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/patients/${mia}`,
      headers: jordan.headers,
      payload: { lastName: 'Rivera-Cruz', phoneNumber: '(512) 555-0143', gender: 'Female' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Rivera-Cruz', phoneNumber: '(512) 555-0143', phoneNumberValid: null, firstName: 'Mia' });
  });

  it('validates with the §5 messages of the Patient entity', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/patients/${mia}`,
      headers: jordan.headers,
      payload: { firstName: 'M1a', dateOfBirth: addDaysIso(todayIso(), 1) },
    });
    expect(res.statusCode).toBe(400);
    const reasons = Object.fromEntries(res.json().errors.map((e: { field: string; reason: string }) => [e.field, e.reason]));
    expect(reasons.firstName).toBe(messages['validation.firstName.invalid']);
    expect(reasons.dateOfBirth).toBe(messages['validation.date.notInPast']);
    const phone = await t.app.inject({ method: 'PUT', url: `/api/patients/${mia}`, headers: jordan.headers, payload: { phoneNumber: '123' } });
    expect(phone.json().errors[0]).toMatchObject({ field: 'phoneNumber', reason: messages['validation.phone.invalid'] });
    const empty = await t.app.inject({ method: 'PUT', url: `/api/patients/${mia}`, headers: jordan.headers, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps one Self per account', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/patients/${mia}`, headers: jordan.headers, payload: { relationship: 'Self' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'relationship', reason: messages['validation.relationship.selfTaken'] });
  });

  it('needs a date of birth unless the relationship is a child kind', async () => {
    await t.db.database.query('UPDATE patients SET date_of_birth = NULL WHERE id = $1', [mia]);
    const res = await t.app.inject({ method: 'PUT', url: `/api/patients/${mia}`, headers: jordan.headers, payload: { relationship: 'Spouse' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'dateOfBirth', reason: messages['validation.dateOfBirth.required'] });
    const ok = await t.app.inject({ method: 'PUT', url: `/api/patients/${mia}`, headers: jordan.headers, payload: { relationship: 'Stepchild' } });
    expect(ok.statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: `/api/patients/${mia}`, headers: jordan.headers, payload: { relationship: 'Child', dateOfBirth: '2015-03-02' } });
  });

  it("refuses a change to someone else's patient without changing it", async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/patients/${averySelf}`, headers: jordan.headers, payload: { lastName: 'Taken' } });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.database.query<{ last_name: string }>('SELECT last_name FROM patients WHERE id = $1', [averySelf]);
    expect(row!.last_name).toBe('Johnson');
  });
});

describe('GET /api/patients/care-status and associated-providers', () => {
  it('reads patientIds in bracket format', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/care-status?patientIds[]=${jordanSelf}&patientIds[]=${mia}`, headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { patientId: string }) => i.patientId)).toEqual([jordanSelf, mia]);
    for (const item of res.json().items) expect(enums.careStatus.values).toContain(item.careStatus);
    const one = await t.app.inject({ method: 'GET', url: `/api/patients/care-status?patientIds[]=${mia}`, headers: jordan.headers });
    expect(one.json().items).toHaveLength(1);
  });

  it('answers 404 when any patient is out of reach', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/patients/care-status?patientIds[]=${jordanSelf}&patientIds[]=${averySelf}`,
      headers: jordan.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it("follows the patient's appointments: in care with one to come, the providers most recent first", async () => {
    const db = t.db.database;
    // Two new dependants of Jordan's: one booked below, one never booked.
    const [noah, ava] = (await db.query<{ id: string }>(
      "INSERT INTO patients (user_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, 'Noah', 'Rivera', '2017-05-05', 'Child'), ($1, 'Ava', 'Rivera', '2019-06-06', 'Child') RETURNING id",
      [jordan.id],
    )) as [{ id: string }, { id: string }];
    const providers = await db.query<{ id: string; practice_id: string; last_name: string }>(
      'SELECT id, practice_id, last_name FROM providers WHERE removed_at IS NULL ORDER BY id LIMIT 2',
    );
    const book = async (providerIndex: number, startSql: string, status = 'booked') => {
      const p = providers[providerIndex]!;
      const [a] = await db.query<{ id: string }>(
        `INSERT INTO appointments (user_id, provider_id, practice_id, during, status, cancelled_at, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by)
         VALUES ($1, $2, $3, tstzrange(${startSql}, ${startSql} + interval '50 minutes'), $4, CASE WHEN $4 = 'cancelled' THEN now() END, 'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1)
         RETURNING id`,
        [jordan.id, p.id, p.practice_id, status],
      );
      await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [a!.id, noah.id]);
    };
    await book(0, "now() - interval '30 days'");
    await book(1, "now() + interval '7 days'");
    await book(1, "now() + interval '9 days'", 'cancelled');
    const status = (
      await t.app.inject({ method: 'GET', url: `/api/patients/care-status?patientIds[]=${noah.id}&patientIds[]=${ava.id}`, headers: jordan.headers })
    ).json().items;
    expect(status[0]).toMatchObject({
      patientId: noah.id,
      careStatus: 'in_care',
      bookedCount: 2,
      nextAppointmentAt: expect.any(String),
      lastAppointmentAt: expect.any(String),
    });
    expect(status[1]).toMatchObject({ patientId: ava.id, careStatus: 'new', bookedCount: 0 });
    const associated = (await t.app.inject({ method: 'GET', url: `/api/patients/associated-providers?patientId=${noah.id}`, headers: support.headers })).json()
      .items;
    expect(associated.map((a: { providerId: string }) => a.providerId)).toEqual([providers[1]!.id, providers[0]!.id]);
    expect(associated[0]).toMatchObject({ lastName: providers[1]!.last_name, appointmentCount: 2, nextAppointmentAt: expect.any(String) });
  });

  it('lists associated providers of a reachable patient only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/associated-providers?patientId=${jordanSelf}`, headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().items)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/associated-providers?patientId=${jordanSelf}`, headers: avery.headers })).statusCode).toBe(
      404,
    );
  });
});

describe('notes', () => {
  it('lists the note types of the spec', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/patients/note-types', headers: support.headers });
    expect(res.json().items).toEqual(enums.patientNoteType.values.map((value) => ({ value, label: enums.patientNoteType.labels[value] })));
    expect((await t.app.inject({ method: 'GET', url: '/api/patients/note-types', headers: jordan.headers })).statusCode).toBe(403);
  });

  it('saves a note with its author, newest first', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/save-note',
      headers: support.headers,
      payload: { patientId: jordanSelf, noteType: 'scheduling', text: 'Prefers evenings.' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ patientId: jordanSelf, noteType: 'scheduling', authorId: support.id, authorName: 'Sam Okafor' });
    const list = await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf}/notes`, headers: support.headers });
    expect(list.json().items[0]).toMatchObject({ id: res.json().id, text: 'Prefers evenings.' });
  });

  it("refuses blank notes and patients; a clinician reaches only their own clients, an agent only their partner's members", async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/patients/save-note',
          headers: support.headers,
          payload: { patientId: jordanSelf, noteType: 'general', text: '   ' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/patients/save-note',
          headers: jordan.headers,
          payload: { patientId: jordanSelf, noteType: 'general', text: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    // Jordan has no session with the clinician's provider here: not their client.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/patients/save-note',
          headers: clinician.headers,
          payload: { patientId: jordanSelf, noteType: 'general', text: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/patients/save-note',
          headers: agent.headers,
          payload: { patientId: jordanSelf, noteType: 'general', text: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('authorizations', () => {
  const form = (referringProviderEhrId: string, over: Record<string, string> = {}) => ({
    personalInformation: { gender: 'Female', memberId: '1234' },
    referralInformation: { referringProviderEhrId, referralReason: 'Anxiety', effectiveDate: todayIso(), expirationDate: addDaysIso(todayIso(), 90), ...over },
    authorizationInformation: { authorizationNumber: 'AUTH-1', authorizationDescription: 'Twelve sessions' },
  });

  it("saves an authorization with a referring provider of the member's partner, and lists it as active", async () => {
    const [referrer] = await t.db.database.query<{ ehr_id: string }>(
      'SELECT r.ehr_id FROM referring_providers r JOIN users u ON u.business_partner_id = r.business_partner_id WHERE u.id = $1 LIMIT 1',
      [avery.id],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${averySelf}/authorizations`,
      headers: avery.headers,
      payload: form(referrer!.ehr_id),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ patientId: averySelf, isActive: true, form: { authorizationInformation: { authorizationNumber: 'AUTH-1' } } });
    const list = await t.app.inject({ method: 'GET', url: `/api/patients/${averySelf}/authorizations`, headers: agent.headers });
    expect(list.json().items[0].id).toBe(res.json().id);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${averySelf}/authorizations`, headers: jordan.headers })).statusCode).toBe(404);
  });

  it('refuses an unknown referring provider and an expiration before the effective date, with the §5 messages', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: `/api/patients/${averySelf}/authorizations`, headers: avery.headers, payload: form('NO-SUCH') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].reason).toBe(messages['validation.authorization.referringProvider.required']);
    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${averySelf}/authorizations`,
      headers: avery.headers,
      payload: form('NO-SUCH', { effectiveDate: addDaysIso(todayIso(), 30), expirationDate: addDaysIso(todayIso(), 10) }),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.map((e: { reason: string }) => e.reason)).toContain(messages['validation.authorization.expirationDate.beforeEffective']);
  });
});

describe('documents', () => {
  it('stores an insurance card image for the owner, lists it and downloads it as an attachment', async () => {
    const res = await upload(jordan, mia, { kind: 'insurance_card_front' }, { name: '../../etc/c<a>rd;.png', type: 'image/png', bytes: PNG });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({ patientId: mia, kind: 'insurance_card_front', contentType: 'image/png', sizeBytes: PNG.length, fileName: 'card.png' });
    const list = await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/documents?kind=insurance_card_front`, headers: jordan.headers });
    expect(list.json().items[0].id).toBe(doc.id);
    const file = await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/documents/${doc.id}/download`, headers: jordan.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('attachment; filename="card.png"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('recognises a PDF from its content, whatever its name says', async () => {
    const res = await upload(support, jordanSelf, { kind: 'referral' }, { name: 'referral.txt', type: 'text/plain', bytes: PDF });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ contentType: 'application/pdf', fileName: 'referral.pdf' });
  });

  it('names a stored file by the type its bytes are, never by the extension the client gave (issue 35)', async () => {
    // Starts as a PNG, carries a page with a script: kept as card.html, opening the download would run it.
    const disguised = Buffer.concat([PNG, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await upload(jordan, mia, { kind: 'insurance_card_back' }, { name: 'card.html', type: 'text/html', bytes: disguised });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({ contentType: 'image/png', fileName: 'card.png' });
    const file = await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/documents/${doc.id}/download`, headers: jordan.headers });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('attachment; filename="card.png"');
    for (const [name, bytes, expected] of [
      ['scan.PDF', PDF, 'scan.pdf'],
      ['photo.jpeg.exe', PNG, 'photo.jpeg.png'],
      ['.html', PNG, 'html.png'],
      ['no extension', PDF, 'no extension.pdf'],
    ] as const) {
      const stored = await upload(jordan, mia, { kind: 'other' }, { name, type: 'application/octet-stream', bytes });
      expect(stored.json().fileName).toBe(expected);
    }
  });

  it("downloads a document stored under the client's extension (before names followed the type) under the type's", async () => {
    const doc = (await upload(jordan, mia, { kind: 'other' }, { name: 'old.png', type: 'image/png', bytes: PNG })).json();
    await t.db.database.query("UPDATE patient_documents SET file_name = 'old.html' WHERE id = $1", [doc.id]);
    const file = await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/documents/${doc.id}/download`, headers: jordan.headers });
    expect(file.headers['content-disposition']).toBe('attachment; filename="old.png"');
  });

  it('never serves a document to another account, nor through another patient', async () => {
    const doc = (await upload(jordan, jordanSelf, { kind: 'photo_id' }, { name: 'id.png', type: 'image/png', bytes: PNG })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf}/documents/${doc.id}/download`, headers: avery.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/documents/${doc.id}/download`, headers: jordan.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf}/documents`, headers: agent.headers })).statusCode).toBe(404);
    expect((await upload(avery, jordanSelf, { kind: 'photo_id' }, { name: 'id.png', type: 'image/png', bytes: PNG })).statusCode).toBe(404);
  });

  it('refuses a file too large, storing nothing', async () => {
    const before = await documentCount();
    const big = Buffer.concat([PNG, Buffer.alloc(constants.documentMaxBytes)]);
    const res = await upload(jordan, mia, { kind: 'other' }, { name: 'big.png', type: 'image/png', bytes: big });
    expect(res.statusCode).toBe(errorCatalogue.DOCUMENT_TOO_LARGE.status);
    expect(res.json()).toMatchObject({ errorCode: 'DOCUMENT_TOO_LARGE', description: errorCatalogue.DOCUMENT_TOO_LARGE.message });
    expect(await documentCount()).toBe(before);
  });

  it('refuses a type not allowed (even named .png), storing nothing', async () => {
    const before = await documentCount();
    const res = await upload(jordan, mia, { kind: 'other' }, { name: 'virus.png', type: 'image/png', bytes: Buffer.from('MZ\x90\x00 not an image') });
    expect(res.statusCode).toBe(errorCatalogue.DOCUMENT_TYPE_NOT_ALLOWED.status);
    expect(res.json()).toMatchObject({ errorCode: 'DOCUMENT_TYPE_NOT_ALLOWED', description: errorCatalogue.DOCUMENT_TYPE_NOT_ALLOWED.message });
    expect(await documentCount()).toBe(before);
  });

  it('refuses a missing file, a missing or unknown kind, and a body that is not multipart', async () => {
    expect((await upload(jordan, mia, { kind: 'other' })).json().errorCode).toBe('DOCUMENT_MISSING');
    const noKind = await upload(jordan, mia, {}, { name: 'a.png', type: 'image/png', bytes: PNG });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().errors[0]).toMatchObject({ field: 'kind', reason: messages['validation.default.required'] });
    expect((await upload(jordan, mia, { kind: 'selfie' }, { name: 'a.png', type: 'image/png', bytes: PNG })).json().errors[0].field).toBe('kind');
    const json = await t.app.inject({ method: 'POST', url: `/api/patients/${mia}/documents`, headers: jordan.headers, payload: { kind: 'other' } });
    expect(json.statusCode).toBe(errorCatalogue.UNSUPPORTED_MEDIA_TYPE.status);
  });
});

describe('support patient calls', () => {
  it('show the patient with account, insurances and notes, and change demographics with the same rules', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/support/patients/${jordanSelf}`, headers: support.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ patient: { id: jordanSelf }, account: { id: jordan.id, email: DEMO_PATIENT_EMAIL } });
    expect(res.json().insurances.length).toBeGreaterThanOrEqual(2);
    expect(res.json().notes.length).toBeGreaterThanOrEqual(1);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/support/patients/${jordanSelf}`,
      headers: support.headers,
      payload: { phoneNumber: '(512) 555-0100', phoneNumberValid: true },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().patient).toMatchObject({ phoneNumber: '(512) 555-0100', phoneNumberValid: true });
    const bad = await t.app.inject({ method: 'PUT', url: `/api/support/patients/${jordanSelf}`, headers: support.headers, payload: { relationship: 'Child' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'relationship', reason: messages['validation.relationship.holderIsSelf'] });
  });

  it("are for staff only, and an agent reaches only their partner's members", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/support/patients/${jordanSelf}`, headers: jordan.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/support/patients/${jordanSelf}`, headers: agent.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/support/patients/${averySelf}`, headers: agent.headers })).statusCode).toBe(200);
  });
});
