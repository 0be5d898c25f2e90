import { decodeJwt } from 'jose';
import { signUp } from '@tests/support/sign-up';
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';

let t: TestApp;
let support: TestCaller;
let agent: TestCaller;
let patient: TestCaller;

const body = (email: string, extra: Record<string, unknown> = {}) => ({ email, firstName: 'Robin', lastName: "O'Neil-Hart", ...extra });

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  support = await callerFor(t.app, demoAccounts.find((a) => a.role === 'Support agent')!.email);
  agent = await callerFor(t.app, demoAccounts.find((a) => a.role === 'Third-party agent')!.email);
  patient = await callerFor(t.app, demoAccounts.find((a) => a.role === 'Patient')!.email);
}, 90_000); // a fresh database and the demo seed take a while on a busy machine
afterAll(async () => t.close());

/** GET /users/exists as staff: the only callers it answers. */
async function exists(email: string): Promise<{ exists: boolean; userId?: string }> {
  return (await t.app.inject({ method: 'GET', url: `/api/users/exists?email=${encodeURIComponent(email)}`, headers: support.headers })).json();
}

describe('POST /api/users/create', () => {
  it('creates a patient account (by staff) with itself as first patient, and mails its person an invitation to claim it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/create',
      headers: support.headers,
      payload: body('robin.new@example.com', { dateOfBirth: '1985-03-04', address: { line1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701' } }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'robin.new@example.com', userType: 'patient', businessPartnerId: null, address: { city: 'Austin' } });
    const [invitation] = await mailTo(t.app, 'robin.new@example.com');
    expect(invitation?.template).toBe('account-invitation');
    expect(invitation?.text).toContain(`${t.app.publicUrl}/app/first-time-user?claimToken=`);
    const caller = await callerFor(t.app, 'robin.new@example.com');
    const patients = await t.app.inject({ method: 'GET', url: '/api/users/patients', headers: caller.headers });
    expect(patients.json().items).toEqual([expect.objectContaining({ firstName: 'Robin', relationship: 'Self' })]);
    expect((await exists('ROBIN.NEW@example.com')).exists).toBe(true);
    expect(await exists('nobody.else@example.com')).toEqual({ exists: false });
    // Nobody anonymous learns it.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/exists?email=robin.new@example.com' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/create', payload: body('anon.made@example.com') })).statusCode).toBe(401);
  });

  it('refuses an address that already has an account, changing nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/create',
      headers: support.headers,
      payload: body(patient.email, { dateOfBirth: '1985-03-04' }),
    });
    expect(res.statusCode).toBe(errorCatalogue.USER_ALREADY_EXISTS.status);
    expect(res.json().errorCode).toBe('USER_ALREADY_EXISTS');
    const [row] = await t.db.database.query<{ first_name: string }>('SELECT first_name FROM users WHERE email = $1', [patient.email]);
    expect(row!.first_name).not.toBe('Robin');
  });

  it('makes a partner member from a partnership code when a visitor signs up, and refuses an unknown code', async () => {
    const ok = await signUp(t.app, body('member.two@example.com', { partnershipCode: 'northstar-u' }));
    expect(ok.statusCode).toBe(200);
    const member = await callerFor(t.app, 'member.two@example.com');
    const details = await t.app.inject({ method: 'GET', url: `/api/users/${member.id}/details`, headers: member.headers });
    expect(details.json()).toMatchObject({ isPartnerAssociationActive: true, businessPartner: { partnershipCode: 'NORTHSTAR-U' } });
    const bad = await signUp(t.app, body('member.three@example.com', { partnershipCode: 'NOPE-123' }));
    expect(bad.json().errorCode).toBe('PARTNERSHIP_CODE_INVALID');
    expect((await exists('member.three@example.com')).exists).toBe(false);
  });

  it('from a third-party agent, creates a member of their partner whose links ask for the date of birth', async () => {
    const missingDob = await t.app.inject({ method: 'POST', url: '/api/users/create', headers: agent.headers, payload: body('agent.made@example.com') });
    expect(missingDob.statusCode).toBe(400);
    expect(missingDob.json().errors[0]).toMatchObject({ field: 'dateOfBirth', reason: messages['validation.default.required'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/create',
      headers: agent.headers,
      payload: body('agent.made@example.com', { dateOfBirth: '1980-02-03' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().businessPartnerId).toBe(agent.businessPartnerId);
    const [row] = await t.db.database.query<{ dob_check_required: boolean }>('SELECT dob_check_required FROM users WHERE email = $1', [
      'agent.made@example.com',
    ]);
    expect(row!.dob_check_required).toBe(true);
  });

  it('validates names, e-mail and unknown fields with the spec messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [body('x@example.com', { firstName: '   ' }), 'firstName', 'x-notBlank'],
      [body('x@example.com', { lastName: 'a'.repeat(constants.nameMaxGeneral + 1) }), 'lastName', 'maxLength'],
      [body('x@example.com', { firstName: '<script>alert(1)</script>' }), 'firstName', 'pattern'],
      [body("x@example.com'; DROP TABLE users; --"), 'email', 'format'],
      [body('x@example.com', { role: 'support' }), 'role', 'additionalProperties'],
      [body('x@example.com', { dateOfBirth: '2999-01-01' }), 'dateOfBirth', 'x-pastDate'],
    ];
    for (const [payload, field, keyword] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/create', headers: support.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, keyword })]));
    }
    expect((await exists('x@example.com')).exists).toBe(false);
    const [{ n }] = (await t.db.database.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email LIKE 'x@%'")) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('bad requests change nothing', () => {
  it('answers an oversized body with 413 and malformed JSON with 400', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/users/create',
      headers: support.headers,
      payload: body('big.body@example.com', { firstName: 'A'.repeat(t.config.bodyLimitBytes) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().errorCode).toBe('PAYLOAD_TOO_LARGE');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/users/create',
      headers: { ...support.headers, 'content-type': 'application/json' },
      payload: '{"email": "broken@example.com",',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errorCode).toBe('MALFORMED_REQUEST');
    expect((await exists('big.body@example.com')).exists).toBe(false);
    expect((await exists('broken@example.com')).exists).toBe(false);
  });
});

describe('POST /api/users/create-skip-email-verification', () => {
  it('creates the account and answers a booking-only session, while the skipEmailVerification flag says skip', async () => {
    t.app.flags.force({ skipEmailVerification: 'skip' });
    const res = await t.app.inject({ method: 'POST', url: '/api/users/create-skip-email-verification', payload: body('skip.email@example.com') });
    t.app.flags.force({});
    expect(res.statusCode).toBe(201);
    const session = res.json();
    expect(session).toMatchObject({ tokenType: 'Bearer', user: { email: 'skip.email@example.com', userType: 'patient' }, groups: ['patient'] });
    expect(decodeJwt(session.accessToken).sub).toBe(session.user.id);
    // The token works for the booking it was given for, and nothing else (tests/integration/session-cookie.test.ts).
    const who = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(who.json()).toMatchObject({ signedIn: true, bookingOnly: true });
    const billing = await t.app.inject({
      method: 'GET',
      url: `/api/users/billing?userId=${session.user.id}`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(billing.statusCode).toBe(403);
    expect(billing.json().errorCode).toBe('SESSION_SCOPE_LIMITED');
  });
});

describe('PATCH /api/users/{id}', () => {
  it('changes only what is sent, and refuses an empty or unknown change', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/users/${patient.id}`, headers: patient.headers, payload: { firstName: 'Jordy' } });
    expect(res.json()).toMatchObject({ firstName: 'Jordy', lastName: 'Rivera' });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/users/${patient.id}`, headers: patient.headers, payload: {} })).statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${patient.id}`,
      headers: patient.headers,
      payload: { address: { line1: 'x', city: 'y', state: 'Texas', zipcode: '7870' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['address.state', 'address.zipcode']));
    const rows = await auditRows(t.app, "action = 'updateUser' AND record_id = $1", [patient.id]);
    expect(rows.map((r) => r.outcome)).toEqual(['success', 'failure', 'failure']);
  });
});

describe('PATCH /api/users/{id}: account settings', () => {
  it('keeps the phone and e-mail on the account holder, and refuses an address another account uses', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/users/${patient.id}`, headers: patient.headers, payload: { phoneNumber: '(614) 555-0142' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phoneNumber: '6145550142' });
    const details = await t.app.inject({ method: 'GET', url: `/api/users/${patient.id}/details`, headers: patient.headers });
    expect(details.json()).toMatchObject({ phoneNumber: '6145550142' });
    const [self] = await t.db.database.query<{ phone_number: string }>(`SELECT phone_number FROM patients WHERE user_id = $1 AND relationship = 'Self'`, [
      patient.id,
    ]);
    expect(self?.phone_number).toBe('6145550142');

    const badPhone = await t.app.inject({ method: 'PATCH', url: `/api/users/${patient.id}`, headers: patient.headers, payload: { phoneNumber: '555-01' } });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errors[0]).toMatchObject({ field: 'phoneNumber', reason: messages['validation.phone.invalid'] });

    const taken = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${patient.id}`,
      headers: patient.headers,
      payload: { email: support.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(errorCatalogue.EMAIL_IN_USE.status);
    expect(taken.json()).toMatchObject({ description: errorCatalogue.EMAIL_IN_USE.message, errors: [{ field: 'email' }] });

    const same = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${patient.id}`,
      headers: patient.headers,
      payload: { email: patient.email.toUpperCase() },
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers the zone an address lies in, by its zip code where the state keeps two clocks', async () => {
    const moveTo = async (address: Record<string, string>) =>
      (
        await t.app.inject({ method: 'PATCH', url: `/api/users/${patient.id}`, headers: patient.headers, payload: { address, timeZone: 'America/Chicago' } })
      ).json();
    // El Paso is in Mountain time though Texas is mostly Central: the account (in Central time) is offered Mountain.
    const elPaso = await moveTo({ line1: '1 Mesa St', city: 'El Paso', state: 'TX', zipcode: '79901' });
    expect(elPaso).toMatchObject({ timeZone: 'America/Chicago', addressTimeZone: 'America/Denver' });
    const details = await t.app.inject({ method: 'GET', url: `/api/users/${patient.id}/details`, headers: patient.headers });
    expect(details.json().addressTimeZone).toBe('America/Denver');
    expect(await moveTo({ line1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701' })).toMatchObject({ addressTimeZone: 'America/Chicago' });
  });
});

describe('support calls', () => {
  it('shows an account with its groups and patients', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/support/users/${patient.id}`, headers: support.headers });
    expect(res.json()).toMatchObject({
      id: patient.id,
      groups: ['patient'],
      disabled: false,
      patients: [{ relationship: 'Self' }, { relationship: 'Child' }, { relationship: 'Child' }],
    });
  });

  it('allows the booking flow only for an active patient account with its own e-mail', async () => {
    const ask = (id: string, email: string) =>
      t.app.inject({ method: 'GET', url: `/api/support/users/${id}/allow-booking-flow?email=${encodeURIComponent(email)}`, headers: support.headers });
    expect((await ask(patient.id, patient.email.toUpperCase())).json()).toEqual({ allowed: true });
    expect((await ask(patient.id, 'other@example.com')).json()).toEqual({ allowed: false, reason: 'EMAIL_MISMATCH' });
    expect((await ask(agent.id, agent.email)).json()).toEqual({ allowed: false, reason: 'NOT_A_PATIENT' });
    await t.db.database.query('UPDATE users SET disabled_at = now() WHERE email = $1', ['robin.new@example.com']);
    const robin = await t.db.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', ['robin.new@example.com']);
    expect((await ask(robin[0]!.id, 'robin.new@example.com')).json()).toEqual({ allowed: false, reason: 'ACCOUNT_DISABLED' });
  });

  it('answers billing details from the account', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/billing?userId=${patient.id}`, headers: support.headers });
    expect(res.json()).toMatchObject({ userId: patient.id, firstName: 'Jordy', lastName: 'Rivera', totalPaid: 0, recentPayments: [] });
  });
});

describe('GET /api/users/exists for the support booking e-mail step', () => {
  it('tells staff who may reach the account its id, and nobody else', async () => {
    const member = demoAccounts.find((a) => a.role === 'Partner member')!.email;
    const url = (email: string) => `/api/users/exists?email=${encodeURIComponent(email)}`;
    const forSupport = (await t.app.inject({ method: 'GET', url: url(patient.email), headers: support.headers })).json();
    expect(forSupport).toEqual({ exists: true, userId: patient.id });
    // Anonymous callers and patients learn nothing about an address.
    expect((await t.app.inject({ method: 'GET', url: url(patient.email) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url(support.email), headers: patient.headers })).statusCode).toBe(403);
    // A third-party agent reaches only its partner's members.
    expect((await t.app.inject({ method: 'GET', url: url(patient.email), headers: agent.headers })).json()).toEqual({ exists: true });
    expect((await t.app.inject({ method: 'GET', url: url(member), headers: agent.headers })).json()).toMatchObject({
      exists: true,
      userId: expect.any(String),
    });
    expect((await t.app.inject({ method: 'GET', url: url('nobody.here@example.com'), headers: support.headers })).json()).toEqual({ exists: false });
  });
});
