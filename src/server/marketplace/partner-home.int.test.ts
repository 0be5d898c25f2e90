import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';

let t: TestApp;
let agent: TestCaller;
let avery: TestCaller;
let support: TestCaller;
let averySession: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  agent = await callerFor(t.app, 'taylor.brooks@example.com');
  avery = await callerFor(t.app, 'avery.johnson@example.com');
  support = await callerFor(t.app, 'sam.okafor@example.com');
  const db = t.app.database;
  const [provider] = await db.query<{ id: string; practice_id: string }>('SELECT id, practice_id FROM providers WHERE removed_at IS NULL ORDER BY id LIMIT 1');
  const [appointment] = await db.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
     VALUES ($1, $2, $3, tstzrange(now() + interval '5 days', now() + interval '5 days 50 minutes'), 'online', 'Individual Counseling', 'America/Chicago', true, 'patient_web', $1, 12000)
     RETURNING id`,
    [avery.id, provider!.id, provider!.practice_id],
  );
  await db.query(
    "INSERT INTO appointment_patients (appointment_id, patient_id, position) SELECT $1, id, 0 FROM patients WHERE user_id = $2 AND relationship = 'Self'",
    [appointment!.id, avery.id],
  );
  averySession = appointment!.id;
}, 120_000);
afterAll(async () => t?.close());

describe("a third-party agent's home (GET /business-partners/mine)", () => {
  it("answers the agent's partner, its members and their sessions, and audits the read", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/business-partners/mine', headers: agent.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.partner).toMatchObject({ partnershipCode: 'ACME-EAP' });
    expect(body.members).toContainEqual({ id: avery.id, firstName: 'Avery', lastName: 'Johnson', email: 'avery.johnson@example.com' });
    // Only the partner's members: no other patient, no staff.
    expect(body.members.map((m: { email: string }) => m.email)).not.toContain('jordan.rivera@example.com');
    expect(body.members.map((m: { email: string }) => m.email)).not.toContain('taylor.brooks@example.com');
    expect(body.sessions).toContainEqual(expect.objectContaining({ id: averySession, timeZone: 'America/Chicago', patients: ['Avery Johnson'] }));
    expect(body.sessions.every((s: { accountEmail: string }) => s.accountEmail === 'avery.johnson@example.com')).toBe(true);
    expect((await auditRows(t.app, "action = 'getPartnerAgentHome' AND actor_id = $1", [agent.id])).at(-1)).toMatchObject({
      outcome: 'success',
      record_type: 'businessPartner',
      record_id: body.partner.id,
    });
  });

  it('is the agent’s alone: a support agent or a patient is refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/business-partners/mine', headers: support.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/business-partners/mine', headers: avery.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/business-partners/mine' })).statusCode).toBe(401);
  });
});

describe('the account zone staff read times in', () => {
  it("is in the session answer once chosen, and support sees and sets a caller's", async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/support/users/${avery.id}`, headers: support.headers });
    expect(before.json().timeZone).toBeNull();
    const set = await t.app.inject({ method: 'PATCH', url: `/api/users/${avery.id}`, headers: support.headers, payload: { timeZone: 'America/Denver' } });
    expect(set.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/support/users/${avery.id}`, headers: support.headers })).json().timeZone).toBe('America/Denver');

    const self = await t.app.inject({ method: 'PATCH', url: `/api/users/${support.id}`, headers: support.headers, payload: { timeZone: 'Pacific/Honolulu' } });
    expect(self.statusCode).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: support.headers });
    expect(session.json().user).toMatchObject({ id: support.id, timeZone: 'Pacific/Honolulu' });
  });
});
