/**
 * Every endpoint that is not open to anyone, called by every role on someone else's record: the
 * answer follows the endpoint's access list (401 signed out, 403 wrong role) and record ownership
 * (404 for a record the caller may not reach, exactly as for one that does not exist), and every
 * refusal leaves an audit row. Then each role's own records.
 */
import type { InjectOptions } from 'fastify';
import { endpoints, type EndpointId } from '../../src/generated/api';
import { mayAccess, reachesEveryAccount } from '../../src/domain/permissions';
import { demoAccounts } from '../../src/server/db/seed/demo-accounts';
import { startTestApp, type TestApp } from '../support/app';
import { auditRows, callerFor, type TestCaller } from '../support/sessions';

interface Target {
  userId: string;
  email: string;
  partnerId: string;
}

/** A valid request of each endpoint against a target; every endpoint behind a sign-in needs one here. */
const requestOf: Partial<Record<EndpointId, (t: Target) => InjectOptions>> = {
  getUserDetails: (t) => ({ method: 'GET', url: `/api/users/${t.userId}/details` }),
  getUserBilling: (t) => ({ method: 'GET', url: `/api/users/billing?userId=${t.userId}` }),
  getUserPatients: (t) => ({ method: 'GET', url: `/api/users/patients?userId=${t.userId}` }),
  updateUser: (t) => ({ method: 'PATCH', url: `/api/users/${t.userId}`, payload: { lastName: 'Changed' } }),
  getSupportUser: (t) => ({ method: 'GET', url: `/api/support/users/${t.userId}` }),
  allowBookingFlow: (t) => ({ method: 'GET', url: `/api/support/users/${t.userId}/allow-booking-flow?email=${encodeURIComponent(t.email)}` }),
  searchReferringProviders: (t) => ({ method: 'GET', url: `/api/providers/referring/search/${t.partnerId}` }),
};

const guarded = (Object.values(endpoints) as (typeof endpoints)[EndpointId][]).filter((e) => !e.access.includes('anyone'));

let t: TestApp;
let callers: Map<string, TestCaller>;
let stranger: Target;
let partners: Map<string, string>;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  callers = new Map();
  for (const a of demoAccounts) callers.set(a.role, await callerFor(t.app, a.email));
  partners = new Map((await t.db.database.query<{ id: string; partnership_code: string }>('SELECT id, partnership_code::text FROM business_partners')).map((p) => [p.partnership_code, p.id]));
  const [user] = await t.db.database.query<{ id: string }>(
    "INSERT INTO users (email, first_name, last_name, user_type, groups) VALUES ('someone.else@example.com', 'Someone', 'Else', 'patient', '{patient}') RETURNING id",
  );
  // A partner no demo agent works for.
  stranger = { userId: user!.id, email: 'someone.else@example.com', partnerId: partners.get('HARBOR-HEALTH')! };
}, 90_000); // a fresh database and the demo seed take a while on a busy machine

afterAll(async () => t.close());

async function deniedRows(): Promise<number> {
  return (await auditRows(t.app, "outcome = 'denied'")).length;
}

it('has a request for every endpoint behind a sign-in', () => {
  expect(guarded.map((e) => e.id).filter((id) => !requestOf[id as EndpointId])).toEqual([]);
});

describe.each(guarded.map((e) => [e.id, e] as const))('%s', (id, endpoint) => {
  const build = () => requestOf[id as EndpointId]!(stranger);

  it('answers 401 to a caller who is not signed in, and audits it', async () => {
    const before = await deniedRows();
    const res = await t.app.inject(build());
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('UNAUTHENTICATED');
    expect(await deniedRows()).toBe(before + 1);
  });

  it.each(demoAccounts.map((a) => [a.role]))('as %s on someone else\'s record', async (role) => {
    const caller = callers.get(role)!;
    const before = await deniedRows();
    const res = await t.app.inject({ ...build(), headers: caller.headers });
    const expected = !mayAccess(endpoint.access, caller.groups) ? 403 : reachesEveryAccount(caller.groups) ? (endpoint.method === 'POST' ? 201 : 200) : 404;
    expect(res.statusCode).toBe(expected);
    if (expected >= 400) {
      expect(res.json().errorCode).toBe(expected === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
      expect(await deniedRows()).toBe(before + 1);
    }
  });
});

describe('own records', () => {
  it('a patient reaches their own account and patients (themselves and dependants)', async () => {
    const patient = callers.get('Patient')!;
    const own: Target = { userId: patient.id, email: patient.email, partnerId: stranger.partnerId };
    for (const id of ['getUserDetails', 'getUserBilling', 'getUserPatients', 'updateUser'] as const) {
      const res = await t.app.inject({ ...requestOf[id]!(own), headers: patient.headers });
      expect(res.statusCode).toBe(200);
    }
    const patients = await t.app.inject({ method: 'GET', url: '/api/users/patients', headers: patient.headers });
    expect(patients.json().items.map((p: { relationship: string }) => p.relationship)).toEqual(['Self', 'Child']);
  });

  it('a third-party agent reaches their partner\'s members and referring providers, nobody else\'s', async () => {
    const agent = callers.get('Third-party agent')!;
    const member = callers.get('Partner member')!;
    const own: Target = { userId: member.id, email: member.email, partnerId: agent.businessPartnerId! };
    for (const id of ['getUserDetails', 'getSupportUser', 'allowBookingFlow', 'searchReferringProviders', 'getUserPatients'] as const) {
      const res = await t.app.inject({ ...requestOf[id]!(own), headers: agent.headers });
      expect(res.statusCode).toBe(200);
    }
    const referring = await t.app.inject({ method: 'GET', url: `/api/providers/referring/search/${agent.businessPartnerId}?userId=${stranger.userId}`, headers: agent.headers });
    expect(referring.statusCode).toBe(404);
  });

  it('answers an unknown record exactly like a forbidden one', async () => {
    const agent = callers.get('Third-party agent')!;
    const unknown = await t.app.inject({ method: 'GET', url: '/api/users/00000000-0000-4000-8000-000000000000/details', headers: agent.headers });
    const forbidden = await t.app.inject({ method: 'GET', url: `/api/users/${stranger.userId}/details`, headers: agent.headers });
    expect(unknown.statusCode).toBe(forbidden.statusCode);
    expect(unknown.body).toBe(forbidden.body);
  });

  it('audits each read of an account with who, what, which record and from where', async () => {
    const support = callers.get('Support agent')!;
    await t.app.inject({ method: 'GET', url: `/api/users/${stranger.userId}/details`, headers: support.headers, remoteAddress: '10.9.8.7' });
    const rows = await auditRows(t.app, 'actor_id = $1 AND record_id = $2', [support.id, stranger.userId]);
    expect(rows.at(-1)).toMatchObject({ action: 'getUserDetails', record_type: 'user', record_id: stranger.userId, outcome: 'success', status: 200, ip: '10.9.8.7' });
  });

  it('honours impersonation headers only for roles allowed to impersonate', async () => {
    const headers = { provider_id: 'prov-123', ehr_profile_code: 'EHR-9' };
    for (const [role, impersonating] of [['DevOps admin', 'prov-123'], ['Support agent', undefined]] as const) {
      const caller = callers.get(role)!;
      await t.app.inject({ method: 'GET', url: `/api/support/users/${stranger.userId}`, headers: { ...caller.headers, ...headers } });
      const [row] = (await auditRows(t.app, 'actor_id = $1', [caller.id])).slice(-1);
      expect(row!.details.impersonating).toBe(impersonating);
    }
  });
});
