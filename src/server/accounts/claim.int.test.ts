/**
 * Claiming an account someone else started (POST /auth/claim-account): the invitation staff or the
 * scheduling-system path mails, the record check with its limit, one claim per account, and links that
 * are not this person's.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { demoAccounts } from '@/server/db/seed/demo-accounts';

let t: TestApp;
let support: TestCaller;
let patient: TestCaller;

let ipCounter = 0;
/** Each try from its own address, so one test's per-IP counts never reach another's. */
const freshIp = () => `10.47.0.${(ipCounter += 1)}`;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  support = await callerFor(t.app, demoAccounts.find((a) => a.role === 'Support agent')!.email);
  patient = await callerFor(t.app, demoAccounts.find((a) => a.role === 'Patient')!.email);
}, 90_000); // a fresh database and the demo seed take a while on a busy machine
afterAll(async () => t.close());

const address = { line1: '5 Oak Ave', city: 'Columbus', state: 'OH', zipcode: '43215' };

/** Support starts an account for a caller; answers its id and the invitation's token. */
async function startedForCaller(email: string, dateOfBirth = '1984-06-15'): Promise<{ id: string; token: string; link: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/create',
    headers: support.headers,
    payload: { email, firstName: 'Jamie', lastName: 'Lee', dateOfBirth },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, ...invitationOf((await mailTo(t.app, email)).find((m) => m.template === 'account-invitation')?.text) };
}

function invitationOf(text: string | undefined): { token: string; link: string } {
  const link = /https?:\/\/\S+\?claimToken=[A-Za-z0-9_-]+/.exec(text ?? '')?.[0];
  if (!link) throw new Error('no invitation link in the mail');
  return { link, token: new URL(link).searchParams.get('claimToken')! };
}

function claim(payload: Record<string, unknown>, headers: Record<string, string> = {}, ip = freshIp()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/claim-account', remoteAddress: ip, headers, payload });
}

async function accountRow(id: string) {
  const [row] = await t.app.database.query<{ language: string | null; time_zone: string | null; claimed: boolean; started_by: string | null }>(
    'SELECT language, time_zone, claimed_at IS NOT NULL AS claimed, started_by FROM users WHERE id = $1',
    [id],
  );
  return row!;
}

describe('claiming an account support started for a caller', () => {
  it('refuses a wrong date of birth, changing nothing; the right one keeps the language and zone and signs in', async () => {
    const { id, token, link } = await startedForCaller('jamie.claims@example.com');
    expect(new URL(link).pathname).toBe('/app/first-time-user');
    expect(await accountRow(id)).toEqual({ language: null, time_zone: null, claimed: false, started_by: 'staff' });

    const wrong = await claim({ claimToken: token, dateOfBirth: '1984-06-16', language: 'es', timeZone: 'America/Chicago' });
    expect(wrong.statusCode).toBe(errorCatalogue.DOB_MISMATCH.status);
    expect(wrong.json().errorCode).toBe('DOB_MISMATCH');
    expect(await accountRow(id)).toEqual({ language: null, time_zone: null, claimed: false, started_by: 'staff' });

    const right = await claim({ claimToken: token, dateOfBirth: '1984-06-15', language: 'es', timeZone: 'America/Chicago' });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ user: { id, firstName: 'Jamie' }, redirectTo: '/app/first-time-user', language: 'es' });
    expect(await accountRow(id)).toEqual({ language: 'es', time_zone: 'America/Chicago', claimed: true, started_by: 'staff' });
    // The new session reads the account.
    const details = await t.app.inject({ method: 'GET', url: `/api/users/${id}/details`, headers: { authorization: `Bearer ${right.json().accessToken}` } });
    expect(details.json()).toMatchObject({ language: 'es', timeZone: 'America/Chicago' });

    const audit = await auditRows(t.app, "action = 'claimAccount' AND record_id = $1", [id]);
    expect(audit.map((a) => [a.outcome, a.status])).toEqual([
      ['failure', 422],
      ['success', 200],
    ]);
  });

  it(`locks the invitation after ${constants.otpMaxWrongTries} wrong dates, even for the right one`, async () => {
    const { id, token } = await startedForCaller('jamie.guesses@example.com', '1990-01-02');
    for (let i = 1; i <= constants.otpMaxWrongTries; i += 1) {
      const res = await claim({ claimToken: token, dateOfBirth: `1990-02-${String(i).padStart(2, '0')}`, language: 'en-US', timeZone: 'America/New_York' });
      expect(res.json().errorCode).toBe('DOB_MISMATCH');
    }
    const locked = await claim({ claimToken: token, dateOfBirth: '1990-01-02', language: 'en-US', timeZone: 'America/New_York' });
    expect(locked.statusCode).toBe(errorCatalogue.DOB_CHECK_LOCKED.status);
    expect(locked.json().errorCode).toBe('DOB_CHECK_LOCKED');
    expect((await accountRow(id)).claimed).toBe(false);
  });

  it('claims an account once: the same link again answers ACCOUNT_ALREADY_CLAIMED', async () => {
    const { id, token } = await startedForCaller('jamie.twice@example.com');
    const payload = { claimToken: token, dateOfBirth: '1984-06-15', language: 'en-US', timeZone: 'America/Denver' };
    expect((await claim(payload)).statusCode).toBe(200);
    const again = await claim({ ...payload, language: 'es', timeZone: 'America/Chicago' });
    expect(again.statusCode).toBe(errorCatalogue.ACCOUNT_ALREADY_CLAIMED.status);
    expect(again.json().errorCode).toBe('ACCOUNT_ALREADY_CLAIMED');
    expect(await accountRow(id)).toMatchObject({ language: 'en-US', time_zone: 'America/Denver' });
  });

  it("refuses someone else's link: a browser signed in to another account, and tokens of the other kind", async () => {
    const { id, token } = await startedForCaller('jamie.other@example.com');
    const payload = { claimToken: token, dateOfBirth: '1984-06-15', language: 'en-US', timeZone: 'America/New_York' };
    const other = await claim(payload, patient.headers);
    expect(other.statusCode).toBe(errorCatalogue.CLAIM_FOR_ANOTHER_ACCOUNT.status);
    expect(other.json().errorCode).toBe('CLAIM_FOR_ANOTHER_ACCOUNT');
    expect((await accountRow(id)).claimed).toBe(false);

    // An invitation does not sign in by itself, and a sign-in link does not claim.
    const asSignIn = await t.app.inject({ method: 'GET', url: `/api/auth/login/${token}?dob=1984-06-15`, remoteAddress: freshIp() });
    expect(asSignIn.json().errorCode).toBe('LOGIN_LINK_INVALID');
    await t.app.inject({ method: 'POST', url: '/api/auth/send-magic-link', remoteAddress: freshIp(), payload: { email: patient.email } });
    const signInToken = /loginToken=([A-Za-z0-9_-]+)/.exec((await mailTo(t.app, patient.email)).find((m) => m.template === 'sign-in-link')?.text ?? '')![1]!;
    const asClaim = await claim({ ...payload, claimToken: signInToken });
    expect(asClaim.statusCode).toBe(errorCatalogue.LOGIN_LINK_INVALID.status);
    expect(asClaim.json().errorCode).toBe('LOGIN_LINK_INVALID');

    // The person's own browser claims it.
    expect((await claim(payload)).statusCode).toBe(200);
  });

  it('refuses a time zone or language the platform does not know, before anything is counted', async () => {
    const { token } = await startedForCaller('jamie.zone@example.com');
    const zone = await claim({ claimToken: token, dateOfBirth: '1984-06-15', language: 'en-US', timeZone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().errors[0]).toMatchObject({ field: 'timeZone' });
    const language = await claim({ claimToken: token, dateOfBirth: '1984-06-15', language: 'fr', timeZone: 'America/New_York' });
    expect(language.json().errors[0]).toMatchObject({ field: 'language' });
  });
});

describe('claiming the account of a scheduling-system patient', () => {
  const record = { ehrId: 'AMD-77120', email: 'dana.record@example.com', firstName: 'Dana', lastName: 'Núñez-Ortiz', dateOfBirth: '1979-11-30', address };

  it('starts the account with the record, and claims it only with its date of birth, last name and zip code', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/create-from-scheduling-system', headers: patient.headers, payload: record })).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ method: 'POST', url: '/api/users/create-from-scheduling-system', headers: support.headers, payload: record });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const [self] = await t.app.database.query<{ ehr_id: string }>("SELECT ehr_id FROM patients WHERE user_id = $1 AND relationship = 'Self'", [id]);
    expect(self!.ehr_id).toBe('AMD-77120');
    const { token, link } = invitationOf((await mailTo(t.app, record.email)).find((m) => m.template === 'account-invitation')?.text);
    expect(new URL(link).pathname).toBe('/app/first-time-amd-user');

    const base = {
      claimToken: token,
      dateOfBirth: record.dateOfBirth,
      lastName: 'nunez ortiz',
      zipcode: '43215-0042',
      language: 'en-US',
      timeZone: 'America/New_York',
    };
    for (const wrong of [{ zipcode: '43216' }, { lastName: 'Ortiz' }, { dateOfBirth: '1979-11-29' }, { zipcode: undefined }]) {
      const refused = await claim({ ...base, ...wrong });
      expect(refused.statusCode).toBe(errorCatalogue.CLAIM_DETAILS_MISMATCH.status);
      expect(refused.json().errorCode).toBe('CLAIM_DETAILS_MISMATCH');
    }
    expect((await accountRow(id)).claimed).toBe(false);
    const right = await claim(base);
    expect(right.statusCode).toBe(200);
    expect(right.json().redirectTo).toBe('/app/first-time-amd-user');
    expect(await accountRow(id)).toEqual({ language: 'en-US', time_zone: 'America/New_York', claimed: true, started_by: 'scheduling_system' });

    // The same record again is refused and creates nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/create-from-scheduling-system',
      headers: support.headers,
      payload: { ...record, email: 'dana.again@example.com' },
    });
    expect(again.json().errorCode).toBe('USER_ALREADY_EXISTS');
    expect(await t.app.database.query('SELECT 1 FROM users WHERE email = $1', ['dana.again@example.com'])).toHaveLength(0);
  });
});
