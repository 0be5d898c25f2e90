/** Secure messages: participants only, unread counts, PHI-free mail, the unanswered-message task, audit, limits. */
import { constants } from '@/generated/constants';
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, mailTo, type TestCaller } from '@tests/support/sessions';

let t: TestApp;
let clinician: TestCaller;
let providerId: string;
let practiceId: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  clinician = await callerFor(t.app, 'morgan.lee@example.com');
  [{ provider_id: providerId, practice_id: practiceId }] = (await t.app.database.query<{ provider_id: string; practice_id: string }>(
    'SELECT u.provider_id, p.practice_id FROM users u JOIN providers p ON p.id = u.provider_id WHERE u.id = $1',
    [clinician.id],
  )) as [{ provider_id: string; practice_id: string }];
}, 180_000);
afterAll(async () => t?.close());

/** A new account whose patient (themselves, or a child) has a session with `provider`; answers the account's address and the patient. */
let sessions = 0;
async function client(name: string, provider: string, relationship: 'Self' | 'Child' = 'Self'): Promise<{ email: string; patientId: string }> {
  const db = t.app.database;
  const email = `${name.toLowerCase()}.messages@example.com`;
  const [user] = await db.query<{ id: string }>(
    "INSERT INTO users (email, first_name, last_name, user_type, groups) VALUES ($1, $2, 'Messages', 'patient', '{patient}') RETURNING id",
    [email, name],
  );
  const [patient] = await db.query<{ id: string }>(
    "INSERT INTO patients (user_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, $2, 'Messages', '2012-01-01', $3) RETURNING id",
    [user!.id, name, relationship],
  );
  const [practice] = await db.query<{ practice_id: string }>('SELECT practice_id FROM providers WHERE id = $1', [provider]);
  const [a] = await db.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
     VALUES ($1, $2, $3, tstzrange(now() + make_interval(days => 5 + $4::int), now() + make_interval(days => 5 + $4::int) + interval '50 minutes'), 'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 12000) RETURNING id`,
    [user!.id, provider, practice!.practice_id ?? practiceId, (sessions += 1)],
  );
  await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [a!.id, patient!.id]);
  return { email, patientId: patient!.id };
}

const openTasks = async (threadId: string) =>
  t.app.database.query<{ status: string; provider_id: string; reason: string }>(
    "SELECT status, provider_id, reason FROM tasks WHERE kind = 'unanswered_message' AND subject_type = 'message_thread' AND subject_id = $1 ORDER BY created_at",
    [threadId],
  );

it('round-trips a message: PHI-free mail, unread counts, the task opened by the client and closed by the answer, audited by ids only', async () => {
  const kid = await client('Robin', providerId, 'Child');
  const holder = await callerFor(t.app, kid.email);
  const started = await t.app.inject({ method: 'POST', url: '/api/care/messages', headers: clinician.headers, payload: { patientId: kid.patientId } });
  expect(started.statusCode).toBe(200);
  const threadId = started.json().id as string;
  // Starting again opens the same thread.
  expect((await t.app.inject({ method: 'POST', url: '/api/care/messages', headers: clinician.headers, payload: { patientId: kid.patientId } })).json().id).toBe(
    threadId,
  );

  const secret = 'Your sleep diary shows improvement';
  const sent = await t.app.inject({ method: 'POST', url: `/api/care/messages/${threadId}`, headers: clinician.headers, payload: { text: secret } });
  expect(sent.statusCode).toBe(201);
  expect(sent.json().messages).toEqual([expect.objectContaining({ side: 'clinician', mine: true, text: secret })]);

  const mails = await mailTo(t.app, kid.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe('You have a new secure message');
  expect(mails[0]!.text).toContain(`${t.app.publicUrl}/app/patient/dashboard/messages/${threadId}`);
  for (const m of mails) for (const leak of [secret, 'Robin', 'Morgan', 'Lee']) expect(`${m.subject} ${m.text}`).not.toContain(leak);

  // The responsible party (the account holder of a child) reads it; the unread count goes to 0.
  const list = await t.app.inject({ method: 'GET', url: '/api/patients/messages', headers: holder.headers });
  expect(list.json()).toMatchObject({ unread: 1, items: [{ id: threadId, unread: 1, client: { id: kid.patientId } }] });
  const read = await t.app.inject({ method: 'GET', url: `/api/patients/messages/${threadId}`, headers: holder.headers });
  expect(read.json().messages).toEqual([expect.objectContaining({ side: 'clinician', mine: false, text: secret })]);
  expect((await t.app.inject({ method: 'GET', url: '/api/patients/messages', headers: holder.headers })).json().unread).toBe(0);

  const answer = await t.app.inject({ method: 'POST', url: `/api/patients/messages/${threadId}`, headers: holder.headers, payload: { text: 'Thank you' } });
  expect(answer.statusCode).toBe(201);
  expect(await openTasks(threadId)).toEqual([{ status: 'open', provider_id: providerId, reason: "A client's message waits for an answer." }]);
  // A second message before any answer keeps one task.
  await t.app.inject({ method: 'POST', url: `/api/patients/messages/${threadId}`, headers: holder.headers, payload: { text: 'And one more thing' } });
  expect(await openTasks(threadId)).toHaveLength(1);

  const care = await t.app.inject({ method: 'GET', url: '/api/care/messages', headers: clinician.headers });
  expect(care.json().items.find((i: { id: string }) => i.id === threadId)).toMatchObject({ unread: 2 });
  await t.app.inject({ method: 'POST', url: `/api/care/messages/${threadId}`, headers: clinician.headers, payload: { text: 'See you Tuesday' } });
  expect((await openTasks(threadId)).map((x) => x.status)).toEqual(['completed']);

  const rows = await auditRows(t.app, "record_type = 'message_thread' AND record_id = $1", [threadId]);
  expect(new Set(rows.map((r) => r.action))).toEqual(new Set(['startCareThread', 'sendCareMessage', 'getPatientThread', 'sendPatientMessage']));
  const everything = JSON.stringify(await auditRows(t.app));
  for (const text of [secret, 'Thank you', 'See you Tuesday']) expect(everything).not.toContain(text);
});

it('a patient writes first to their clinician: the clinician is among their contacts, the thread opens, the clinician is mailed and sees it unread', async () => {
  const kid = await client('Avery', providerId, 'Child');
  const holder = await callerFor(t.app, kid.email);
  const contacts = await t.app.inject({ method: 'GET', url: '/api/patients/messages/contacts', headers: holder.headers });
  expect(contacts.statusCode).toBe(200);
  expect(contacts.json().items).toEqual([
    { client: { id: kid.patientId, firstName: 'Avery', lastName: 'Messages' }, clinician: expect.objectContaining({ id: providerId, lastName: 'Lee' }) },
  ]);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/patients/messages',
    headers: holder.headers,
    payload: { patientId: kid.patientId, providerId },
  });
  expect(opened.statusCode).toBe(200);
  const threadId = opened.json().id as string;
  expect(opened.json()).toMatchObject({ client: { id: kid.patientId }, clinician: { id: providerId }, lastMessageAt: null, unread: 0 });
  // Opening again is the same thread, and the clinician's own start reaches it too.
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/patients/messages', headers: holder.headers, payload: { patientId: kid.patientId, providerId } })).json()
      .id,
  ).toBe(threadId);
  expect((await t.app.inject({ method: 'POST', url: '/api/care/messages', headers: clinician.headers, payload: { patientId: kid.patientId } })).json().id).toBe(
    threadId,
  );

  const question = 'Can we talk about the new medication?';
  expect(
    (await t.app.inject({ method: 'POST', url: `/api/patients/messages/${threadId}`, headers: holder.headers, payload: { text: question } })).statusCode,
  ).toBe(201);
  const toClinician = await mailTo(t.app, 'morgan.lee@example.com');
  const notice = toClinician.find((m) => m.text.includes(`thread=${threadId}`));
  expect(notice?.template).toBe('secure-message');
  for (const leak of [question, 'Avery', 'Messages', 'medication']) expect(`${notice!.subject} ${notice!.text}`).not.toContain(leak);
  expect(
    (await t.app.inject({ method: 'GET', url: '/api/care/messages', headers: clinician.headers })).json().items.find((i: { id: string }) => i.id === threadId),
  ).toMatchObject({
    unread: 1,
  });
  expect(await openTasks(threadId)).toEqual([expect.objectContaining({ status: 'open', provider_id: providerId })]);
  expect((await auditRows(t.app, "record_type = 'message_thread' AND record_id = $1 AND action = 'startPatientThread'", [threadId])).length).toBeGreaterThan(0);
});

it('a patient opens a thread only for a patient of their own account with a clinician whose client they are: audited 404s otherwise', async () => {
  const [other] = await t.app.database.query<{ id: string }>('SELECT id FROM providers WHERE removed_at IS NULL AND id <> $1 ORDER BY id LIMIT 1', [
    providerId,
  ]);
  const mine = await client('Casey', providerId);
  const someoneElse = await client('Devon', providerId);
  const holder = await callerFor(t.app, mine.email);
  const start = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/patients/messages', headers: holder.headers, payload });
  // Not a client of that provider.
  expect((await start({ patientId: mine.patientId, providerId: other!.id })).statusCode).toBe(404);
  // Not a patient of this account.
  expect((await start({ patientId: someoneElse.patientId, providerId })).statusCode).toBe(404);
  expect((await start({ patientId: mine.patientId })).statusCode).toBe(400);
  const denied = await auditRows(t.app, "outcome = 'denied' AND action = 'startPatientThread' AND actor_id = $1", [holder.id]);
  expect(denied.map((r) => r.record_id).sort()).toEqual([mine.patientId, someoneElse.patientId].sort());
  expect(
    (await t.app.database.query('SELECT 1 FROM message_threads WHERE patient_id = ANY($1::uuid[])', [[mine.patientId, someoneElse.patientId]])).length,
  ).toBe(0);
  // A clinician cannot use the patient's door.
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/patients/messages', headers: clinician.headers, payload: { patientId: mine.patientId, providerId } }))
      .statusCode,
  ).toBe(403);
});

it("refuses everyone but the thread's two sides, and a clinician with someone else's client, with audited 404s", async () => {
  const [other] = await t.app.database.query<{ id: string }>(
    'SELECT id FROM providers WHERE removed_at IS NULL AND id <> $1 AND id NOT IN (SELECT provider_id FROM users WHERE provider_id IS NOT NULL) ORDER BY id LIMIT 1',
    [providerId],
  );
  const stranger = await client('Sasha', other!.id);
  const refused = await t.app.inject({ method: 'POST', url: '/api/care/messages', headers: clinician.headers, payload: { patientId: stranger.patientId } });
  expect(refused.statusCode).toBe(404);
  const [thread] = await t.app.database.query<{ id: string }>(
    'INSERT INTO message_threads (provider_id, patient_id, created_at) VALUES ($1, $2, now()) RETURNING id',
    [other!.id, stranger.patientId],
  );
  const patient = await callerFor(t.app, 'jordan.rivera@example.com');
  for (const [caller, url] of [
    [clinician, `/api/care/messages/${thread!.id}`],
    [patient, `/api/patients/messages/${thread!.id}`],
  ] as const) {
    expect((await t.app.inject({ method: 'GET', url, headers: caller.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url, headers: caller.headers, payload: { text: 'Hi' } })).statusCode).toBe(404);
  }
  const denied = await auditRows(t.app, "outcome = 'denied' AND record_id = $1", [thread!.id]);
  expect(denied.map((r) => r.action).sort()).toEqual(['getCareThread', 'getPatientThread', 'sendCareMessage', 'sendPatientMessage']);
  expect((await t.app.database.query('SELECT 1 FROM messages WHERE thread_id = $1', [thread!.id])).length).toBe(0);
});

it('refuses blank and too long messages with 400 and more than messagesPerHour with 429', async () => {
  const someone = await client('Quinn', providerId);
  const thread = (
    await t.app.inject({ method: 'POST', url: '/api/care/messages', headers: clinician.headers, payload: { patientId: someone.patientId } })
  ).json().id as string;
  const url = `/api/care/messages/${thread}`;
  for (const text of ['', '   ', 'x'.repeat(constants.messageMaxLength + 1)]) {
    expect((await t.app.inject({ method: 'POST', url, headers: clinician.headers, payload: { text } })).statusCode).toBe(400);
  }
  const holder = await callerFor(t.app, someone.email);
  const own = `/api/patients/messages/${thread}`;
  await t.app.inject({ method: 'POST', url, headers: clinician.headers, payload: { text: 'Hello' } });
  expect((await t.app.inject({ method: 'POST', url: own, headers: holder.headers, payload: { text: 'One' } })).statusCode).toBe(201);
  // The hour's budget used up (counted in rate_counters, as many sends would): the next one is refused and nothing is kept.
  const max = constants.messagesPerHour * t.app.rateLimitFactor;
  await t.app.database.query("UPDATE rate_counters SET count = $2 WHERE scope = 'message-send:user' AND key = $1", [holder.id, max]);
  const over = await t.app.inject({ method: 'POST', url: own, headers: holder.headers, payload: { text: 'Two' } });
  expect(over.statusCode).toBe(429);
  expect((await t.app.database.query('SELECT 1 FROM messages WHERE thread_id = $1', [thread])).length).toBe(2);
});
