/**
 * Referrals: a clinician refers their own client to a colleague found by name, with
 * the authorization form and its §5 rules; the colleague and the client are told without health
 * information; only the colleague answers; nobody else sees the referral; every read and change is audited.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { addDaysIso, formatUsDate, todayIso } from '@/domain/dates';

let t: TestApp;
let referrer: TestCaller;
let colleague: TestCaller;
let rcd: TestCaller;
let clientId: string;
let colleagueProviderId: string;
let today: string;
let holderEmail: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  referrer = await callerFor(t.app, 'morgan.lee@example.com');
  colleague = await callerFor(t.app, 'drew.patel@example.com');
  rcd = await callerFor(t.app, 'riley.chen@example.com');
  // Jordan becomes one of the demo clinician's clients: a past session with them.
  const db = t.app.database;
  const [provider] = await db.query<{ id: string; practice_id: string }>(
    'SELECT p.id, p.practice_id FROM providers p JOIN users u ON u.provider_id = p.id WHERE u.id = $1',
    [referrer.id],
  );
  const [client] = await db.query<{ id: string; user_id: string }>(
    "SELECT p.id, p.user_id FROM patients p JOIN users u ON u.id = p.user_id WHERE u.email = 'jordan.rivera@example.com' AND p.relationship = 'Self'",
  );
  const [appointment] = await db.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
     VALUES ($1, $2, $3, tstzrange(now() - interval '9 days', now() - interval '9 days' + interval '50 minutes'), 'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 12000)
     RETURNING id`,
    [client!.user_id, provider!.id, provider!.practice_id],
  );
  await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [appointment!.id, client!.id]);
  clientId = client!.id;
  holderEmail = 'jordan.rivera@example.com';
  colleagueProviderId = (await t.app.database.query<{ provider_id: string }>('SELECT provider_id FROM users WHERE id = $1', [colleague.id]))[0]!.provider_id;
  today = todayIso(t.app.clock.now());
}, 180_000);
afterAll(async () => t?.close());

const validForm = () => ({
  personalInformation: { gender: 'Female', memberId: '1234' },
  referralInformation: { referralReason: 'Trauma-focused care', effectiveDate: today, expirationDate: addDaysIso(today, 90), insuranceCarrier: 'Aetna' },
  authorizationInformation: { authorizationNumber: 'AUTH-77', authorizationDescription: '12 sessions' },
});
const make = (payload: Record<string, unknown>, caller = referrer) =>
  t.app.inject({ method: 'POST', url: '/api/care/referrals', headers: caller.headers, payload });
const list = (caller: TestCaller) => t.app.inject({ method: 'GET', url: '/api/care/referrals', headers: caller.headers });
const decide = (id: string, payload: Record<string, unknown>, caller = colleague) =>
  t.app.inject({ method: 'POST', url: `/api/care/referrals/${id}/decision`, headers: caller.headers, payload });

it('finds colleagues by name for one of the clinician’s own clients only, never the clinician themself', async () => {
  const found = await t.app.inject({ method: 'GET', url: `/api/providers/referring/search/${clientId}?q=Patel`, headers: referrer.headers });
  expect(found.statusCode).toBe(200);
  expect(found.json().items.map((p: { id: string }) => p.id)).toContain(colleagueProviderId);
  const self = await t.app.inject({ method: 'GET', url: `/api/providers/referring/search/${clientId}?q=Lee`, headers: referrer.headers });
  expect(self.json().items.map((p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`)).not.toContain('Morgan Lee');
  // The colleague has never seen this client: not theirs, not found, and the refusal is audited.
  const stranger = await t.app.inject({ method: 'GET', url: `/api/providers/referring/search/${clientId}`, headers: colleague.headers });
  expect(stranger.statusCode).toBe(404);
  expect((await auditRows(t.app, 'actor_id = $1', [colleague.id])).some((r) => r.action === 'searchReferringProviders' && r.outcome === 'denied')).toBe(true);
});

it('refuses each broken rule of the authorization form with its §5 message', async () => {
  const bad = validForm();
  bad.referralInformation.effectiveDate = '2026-02-30';
  bad.referralInformation.expirationDate = addDaysIso(today, -2);
  bad.authorizationInformation.authorizationDescription = 'x'.repeat(51);
  const res = await make({ patientId: clientId, toProviderId: colleagueProviderId, form: bad });
  expect(res.statusCode).toBe(400);
  const reasons = res.json().errors.map((e: { reason: string }) => e.reason);
  expect(reasons).toEqual(
    expect.arrayContaining([
      messages['validation.date.invalid'],
      message('validation.authorization.expirationDate.notBeforeYesterday', { yesterday: formatUsDate(addDaysIso(today, -1)) }),
      messages['validation.authorization.description.maxLength'],
    ]),
  );
  const before = validForm();
  before.referralInformation.effectiveDate = addDaysIso(today, 10);
  before.referralInformation.expirationDate = addDaysIso(today, 5);
  const order = await make({ patientId: clientId, toProviderId: colleagueProviderId, form: before });
  expect(order.json().errors.map((e: { reason: string }) => e.reason)).toEqual([messages['validation.authorization.expirationDate.beforeEffective']]);
  const noCarrier = validForm() as { referralInformation: Partial<ReturnType<typeof validForm>['referralInformation']> };
  delete noCarrier.referralInformation.insuranceCarrier;
  expect((await make({ patientId: clientId, toProviderId: colleagueProviderId, form: noCarrier })).statusCode).toBe(400);
});

it('refers only the clinician’s own client, to someone else', async () => {
  expect((await make({ patientId: clientId, toProviderId: colleagueProviderId, form: validForm() }, colleague)).statusCode).toBe(404);
  const me = (await t.app.database.query<{ provider_id: string }>('SELECT provider_id FROM users WHERE id = $1', [referrer.id]))[0]!.provider_id;
  const self = await make({ patientId: clientId, toProviderId: me, form: validForm() });
  expect(self.statusCode).toBe(400);
  expect(self.json().errors[0].reason).toBe(messages['referral.providerRequired']);
  expect((await make({ patientId: clientId, toProviderId: colleagueProviderId, form: validForm() }, rcd)).statusCode).toBe(403);
});

it('a referral waits for the colleague, who alone accepts or declines it; both see where it stands', async () => {
  const res = await make({ patientId: clientId, toProviderId: colleagueProviderId, form: validForm() });
  expect(res.statusCode).toBe(201);
  const referral = res.json();
  expect(referral).toMatchObject({ state: 'pending', direction: 'sent', toProvider: { id: colleagueProviderId }, client: { id: clientId } });

  // Told by mail, with a link and no health information.
  const [toColleague] = await mailTo(t.app, 'drew.patel@example.com');
  expect(toColleague?.template).toBe('referral-received');
  const [toClient] = await mailTo(t.app, holderEmail);
  expect(toClient?.template).toBe('referral-made');
  expect(toColleague?.text).toContain(`${t.app.publicUrl}${routeById.careReferrals.path}`);
  expect(toClient?.text).toContain(`${t.app.publicUrl}${routeById.patientHome.path}`);
  const [who] = await t.app.database.query<{ first_name: string; last_name: string }>('SELECT first_name, last_name FROM patients WHERE id = $1', [clientId]);
  for (const mail of [toColleague, toClient]) {
    for (const phi of [who!.first_name, who!.last_name, 'Trauma', 'AUTH-77', 'Aetna', '1234']) expect(JSON.stringify(mail)).not.toContain(phi);
  }

  const received = (await list(colleague)).json();
  expect(received.received.map((r: { id: string }) => r.id)).toContain(referral.id);
  expect((await list(referrer)).json().sent.map((r: { id: string }) => r.id)).toContain(referral.id);
  expect((await list(referrer)).json().received.map((r: { id: string }) => r.id)).not.toContain(referral.id);

  // A referral not yet answered does not make the client the colleague's.
  const colleagueClients = async () => (await t.app.inject({ method: 'GET', url: '/api/care/clients', headers: colleague.headers })).json().items;
  expect((await colleagueClients()).map((c: { id: string }) => c.id)).not.toContain(clientId);
  expect((await t.app.inject({ method: 'GET', url: `/api/care/clients/${clientId}`, headers: colleague.headers })).statusCode).toBe(404);

  // Only the colleague answers; a decline needs a reason; an answer is final.
  expect((await decide(referral.id, { decision: 'accept', version: referral.version }, referrer)).statusCode).toBe(404);
  expect((await decide(referral.id, { decision: 'decline', reason: '  ', version: referral.version })).json().errorCode).toBe('TASK_NOTE_REQUIRED');
  expect((await decide(referral.id, { decision: 'accept', version: referral.version + 1 })).statusCode).toBe(409);
  const accepted = await decide(referral.id, { decision: 'accept', version: referral.version });
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json()).toMatchObject({ state: 'accepted', direction: 'received', declineReason: null });
  expect((await decide(referral.id, { decision: 'decline', reason: 'Too late', version: accepted.json().version })).json().errorCode).toBe('TASK_NOT_ALLOWED');
  const sent = (await list(referrer)).json().sent.find((r: { id: string }) => r.id === referral.id);
  expect(sent.state).toBe('accepted');
  // Accepted: the client is the colleague's new client (no session yet), in their Clients list and on their client page.
  expect((await colleagueClients()).find((c: { id: string }) => c.id === clientId)).toMatchObject({ careStatus: 'new', nextSession: null, lastSession: null });
  expect((await t.app.inject({ method: 'GET', url: `/api/care/clients/${clientId}`, headers: colleague.headers })).statusCode).toBe(200);

  const declined = (await make({ patientId: clientId, toProviderId: colleagueProviderId, form: validForm() })).json();
  const no = await decide(declined.id, { decision: 'decline', reason: 'My caseload is full', version: declined.version });
  expect(no.json()).toMatchObject({ state: 'declined', declineReason: 'My caseload is full' });

  const rows = await auditRows(t.app, 'actor_id = $1', [referrer.id]);
  for (const action of ['makeReferral', 'listReferrals', 'task.create']) expect(rows.some((r) => r.action === action)).toBe(true);
  expect((await auditRows(t.app, 'actor_id = $1', [colleague.id])).some((r) => r.action === 'task.complete')).toBe(true);
});
