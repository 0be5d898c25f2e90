/**
 * Identity changes are verified: the account takeover through PATCH /users/{id}
 * is refused, and the honest paths work: a sign-in e-mail changes only after the holder confirms the
 * code mailed to the new address, and the old address hears of it.
 */
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { startTestApp, type TestApp } from '../support/app';
import { auditRows, callerFor, mailTo, type TestCaller } from '../support/sessions';

let t: TestApp;
let patient: TestCaller;
let member: TestCaller;
let support: TestCaller;
let agent: TestCaller;
let devops: TestCaller;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  patient = await callerFor(t.app, 'jordan.rivera@example.com');
  member = await callerFor(t.app, 'avery.johnson@example.com');
  support = await callerFor(t.app, 'sam.okafor@example.com');
  agent = await callerFor(t.app, 'taylor.brooks@example.com');
  devops = await callerFor(t.app, 'devon.park@example.com');
});

afterAll(async () => {
  await t.close();
});

afterEach(() => t.app.flags.force({}));

async function signInEmailOf(userId: string): Promise<string> {
  const [row] = await t.app.database.query<{ email: string }>('SELECT email::text AS email FROM users WHERE id = $1', [userId]);
  return row!.email;
}

async function codeMailedTo(email: string): Promise<string> {
  const [mail] = (await mailTo(t.app, email)).filter((m) => m.template === 'email-change-code');
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const patch = (caller: TestCaller, userId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${userId}`, headers: caller.headers, payload });
const confirm = (caller: TestCaller, userId: string, code: string) =>
  t.app.inject({ method: 'POST', url: `/api/users/${userId}/confirm-email`, headers: caller.headers, payload: { code } });

describe('the takeover is refused', () => {
  it("support cannot change a patient's sign-in e-mail: it waits for the patient to confirm the code", async () => {
    const attacker = 'support.owns.this@example.net';
    const res = await patch(support, member.id, { email: attacker });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: member.email, pendingEmail: attacker });
    expect(await signInEmailOf(member.id)).toBe(member.email);
    // Signing in with the new address finds no account: its code only offers to create a new one.
    const otp = await t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', remoteAddress: '10.14.0.1', payload: { email: attacker } });
    expect(otp.statusCode).toBe(200);
    const [codeMail] = (await mailTo(t.app, attacker)).filter((m) => m.template === 'sign-in-code');
    const attackerCode = /\b(\d{6})\b/.exec(codeMail!.text)![1];
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email-otp',
      remoteAddress: '10.14.0.1',
      payload: { email: attacker, otp: attackerCode },
    });
    expect(signIn.json().errorCode).toBe('SIGN_UP_DETAILS_REQUIRED');
    // The member hears of it at the address they sign in with.
    const [notice] = (await mailTo(t.app, member.email)).filter((m) => m.template === 'email-change-requested');
    expect(notice?.text).toContain(attacker);

    // Support holding the code still cannot confirm: only the account holder can.
    const code = await codeMailedTo(attacker);
    const bySupport = await confirm(support, member.id, code);
    expect(bySupport.statusCode).toBe(404);
    expect(await signInEmailOf(member.id)).toBe(member.email);
    const [denied] = await auditRows(t.app, "action = 'confirmEmailChange' AND actor_id = $1 AND record_id = $2", [support.id, member.id]);
    expect(denied).toMatchObject({ outcome: 'denied', record_type: 'user', details: { reason: 'not the account holder' } });
  });

  it("nobody but the holder changes a staff account's identity", async () => {
    for (const payload of [{ email: 'devops.takeover@example.net' }, { lastName: 'Mallory' }, { dateOfBirth: '1990-01-01' }]) {
      const res = await patch(support, devops.id, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: errorCatalogue.IDENTITY_CHANGE_FORBIDDEN.code });
    }
    expect(await signInEmailOf(devops.id)).toBe(devops.email);
    expect(await mailTo(t.app, 'devops.takeover@example.net')).toEqual([]);
    const rows = await auditRows(t.app, "action = 'updateUser' AND actor_id = $1 AND record_id = $2 AND status = 403", [support.id, devops.id]);
    expect(rows.map((r) => r.details.reason)).toEqual(['identity fields: email', 'identity fields: lastName', 'identity fields: dateOfBirth']);
  });

  it("a third-party agent changes only their member's contact details", async () => {
    const identity = await patch(agent, member.id, { email: 'agent.owns.this@example.net' });
    expect(identity.statusCode).toBe(403);
    expect((await patch(agent, member.id, { firstName: 'Mallory' })).statusCode).toBe(403);
    const contact = await patch(agent, member.id, { phoneNumber: '(614) 555-0199' });
    expect(contact.statusCode).toBe(200);
    expect(contact.json()).toMatchObject({ phoneNumber: '6145550199', firstName: 'Avery' });
    // Not their member: not found, as before.
    expect((await patch(agent, patient.id, { phoneNumber: '(614) 555-0199' })).statusCode).toBe(404);
  });

  it("support changes a patient's demographics only while supportDemographicsEdit is on (checked by the server)", async () => {
    t.app.flags.force({ supportDemographicsEdit: 'disable' });
    expect((await patch(support, patient.id, { lastName: 'Changed' })).statusCode).toBe(403);
    const [self] = await t.app.database.query<{ id: string }>("SELECT id FROM patients WHERE user_id = $1 AND relationship = 'Self'", [patient.id]);
    const viaSupport = await t.app.inject({
      method: 'PUT',
      url: `/api/support/patients/${self!.id}`,
      headers: support.headers,
      payload: { firstName: 'Changed' },
    });
    expect(viaSupport.statusCode).toBe(403);
    expect(viaSupport.json()).toMatchObject({ errorCode: errorCatalogue.IDENTITY_CHANGE_FORBIDDEN.code });
    const contact = await t.app.inject({
      method: 'PUT',
      url: `/api/support/patients/${self!.id}`,
      headers: support.headers,
      payload: { phoneNumber: '6145550123' },
    });
    expect(contact.statusCode).toBe(200);

    t.app.flags.force({ supportDemographicsEdit: 'enable' });
    const allowed = await t.app.inject({ method: 'PUT', url: `/api/support/patients/${self!.id}`, headers: support.headers, payload: { firstName: 'Jordy' } });
    expect(allowed.statusCode).toBe(200);
    expect((await patch(support, patient.id, { firstName: 'Jordan' })).statusCode).toBe(200);
  });
});

describe('the honest path', () => {
  it('the holder confirms the code sent to the new address; the old address is told', async () => {
    const newEmail = 'jordan.new@example.org';
    const asked = await patch(patient, patient.id, { email: newEmail, firstName: 'Jordan' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ email: patient.email, pendingEmail: newEmail });
    const details = await t.app.inject({ method: 'GET', url: `/api/users/${patient.id}/details`, headers: patient.headers });
    expect(details.json()).toMatchObject({ pendingEmail: newEmail });

    const code = await codeMailedTo(newEmail);
    const wrong = await confirm(patient, patient.id, code === '000000' ? '000001' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: errorCatalogue.EMAIL_CHANGE_CODE_INVALID.code });
    expect(await signInEmailOf(patient.id)).toBe(patient.email);

    const confirmed = await confirm(patient, patient.id, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: newEmail });
    expect(confirmed.json().pendingEmail).toBeUndefined();
    expect(await signInEmailOf(patient.id)).toBe(newEmail);
    const [told] = (await mailTo(t.app, patient.email)).filter((m) => m.template === 'email-changed');
    expect(told?.text).toContain(newEmail);
    // Single use.
    expect((await confirm(patient, patient.id, code)).statusCode).toBe(400);
    // Back to the seeded address for the other tests, the same way.
    await patch(patient, patient.id, { email: patient.email });
    expect((await confirm(patient, patient.id, await codeMailedTo(patient.email))).statusCode).toBe(200);
  });

  it(`a code stops working after ${constants.otpMaxWrongTries} wrong tries, and asking again retires the old code`, async () => {
    const newEmail = 'avery.new@example.org';
    await patch(member, member.id, { email: newEmail });
    const code = await codeMailedTo(newEmail);
    const wrongCode = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < constants.otpMaxWrongTries; i++) expect((await confirm(member, member.id, wrongCode)).statusCode).toBe(400);
    expect((await confirm(member, member.id, code)).statusCode).toBe(400);
    expect(await signInEmailOf(member.id)).toBe(member.email);

    await patch(member, member.id, { email: newEmail });
    const second = await codeMailedTo(newEmail);
    await patch(member, member.id, { email: 'avery.other@example.org' });
    expect((await confirm(member, member.id, second)).statusCode).toBe(400);
    expect((await confirm(member, member.id, await codeMailedTo('avery.other@example.org'))).statusCode).toBe(200);
    expect(await signInEmailOf(member.id)).toBe('avery.other@example.org');
  });

  it('refuses an address another account signs in with, before sending anything', async () => {
    const res = await patch(patient, patient.id, { email: support.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: errorCatalogue.EMAIL_IN_USE.code, errors: [{ field: 'email' }] });
    expect((await mailTo(t.app, support.email)).filter((m) => m.template === 'email-change-code')).toEqual([]);
  });
});
