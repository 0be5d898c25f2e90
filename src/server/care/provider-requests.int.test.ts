/** Providers' requests to their RCD: a clinician asks, an RCD approves or declines with a reason. */
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import { messages } from '@/generated/messages';

let t: TestApp;
let clinician: TestCaller;
let rcd: TestCaller;
let providerId: string;
let states: string[];

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  clinician = await callerFor(t.app, 'morgan.lee@example.com');
  rcd = await callerFor(t.app, 'riley.chen@example.com');
  const [row] = await t.app.database.query<{ provider_id: string; licensed_states: string[] }>(
    'SELECT u.provider_id, p.licensed_states FROM users u JOIN providers p ON p.id = u.provider_id WHERE u.id = $1',
    [clinician.id],
  );
  providerId = row!.provider_id;
  states = row!.licensed_states;
}, 180_000);
afterAll(async () => t?.close());

const ask = (body: Record<string, unknown>, caller = clinician) =>
  t.app.inject({ method: 'POST', url: '/api/care/provider-requests', headers: caller.headers, payload: body });
const decide = (id: string, body: Record<string, unknown>, caller = rcd) =>
  t.app.inject({ method: 'POST', url: `/api/rcd/provider-requests/${id}/decision`, headers: caller.headers, payload: body });
const queue = (state: 'open' | 'decided') => t.app.inject({ method: 'GET', url: `/api/rcd/provider-requests?state=${state}`, headers: rcd.headers });

it('refuses a licence without its state and number, or in a state already held, with the field messages', async () => {
  const missing = await ask({ kind: 'licence_added', description: 'New licence' });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().errors.map((e: { reason: string }) => e.reason)).toEqual([
    messages['providerRequest.stateRequired'],
    messages['providerRequest.licenseNumberRequired'],
  ]);
  const held = await ask({ kind: 'licence_added', description: 'x', stateCode: states[0], licenseNumber: 'L-1' });
  expect(held.json().errors[0].reason).toBe(messages['providerRequest.alreadyLicensed']);
  const pay = await ask({ kind: 'pay_rate_change', description: 'x' });
  expect(pay.json().errors[0].reason).toBe(messages['providerRequest.payRequired']);
});

it('a licence approved by the RCD adds the state to the provider and to search; the clinician sees the reason', async () => {
  const state = ['VT', 'WY', 'AK', 'ND'].find((s) => !states.includes(s))!;
  const created = await ask({ kind: 'licence_added', description: 'Licensed in a new state', stateCode: state, licenseNumber: 'LIC-42', payIndividual: 1 });
  expect(created.statusCode).toBe(201);
  const request = created.json();
  expect(request).toMatchObject({
    status: 'open',
    provider: { id: providerId },
    request: { kind: 'licence_added', stateCode: state, licenseNumber: 'LIC-42' },
    decidedAt: null,
  });
  expect(request.request.payIndividual).toBeUndefined();
  expect((await queue('open')).json().items.map((r: { id: string }) => r.id)).toContain(request.id);

  expect((await decide(request.id, { decision: 'approve', reason: ' ', version: request.version })).json().errorCode).toBe('TASK_NOTE_REQUIRED');
  expect((await decide(request.id, { decision: 'approve', reason: 'Checked', version: request.version + 1 })).statusCode).toBe(409);
  const approved = await decide(request.id, { decision: 'approve', reason: 'Licence checked with the board', version: request.version });
  expect(approved.statusCode).toBe(200);
  expect(approved.json()).toMatchObject({ status: 'completed', reason: 'Licence checked with the board', decidedBy: 'Riley Chen' });
  expect(approved.json().provider.licensedStates).toContain(state);
  const search = await t.app.database.query('SELECT 1 FROM provider_search WHERE provider_id = $1 AND state_code = $2', [providerId, state]);
  expect(search).toHaveLength(1);
  // Decided once: a second decision is refused.
  expect((await decide(request.id, { decision: 'decline', reason: 'Again', version: approved.json().version })).statusCode).toBe(409);

  const mine = await t.app.inject({ method: 'GET', url: '/api/care/provider-requests', headers: clinician.headers });
  expect(mine.json().items.find((r: { id: string }) => r.id === request.id)).toMatchObject({ status: 'completed', reason: 'Licence checked with the board' });
  expect((await queue('decided')).json().items[0].id).toBe(request.id);
  expect((await auditRows(t.app, "action = 'decideProviderRequest' AND outcome = 'success' AND actor_id = $1", [rcd.id])).at(-1)).toMatchObject({
    record_type: 'task',
    record_id: request.id,
    outcome: 'success',
  });
});

it('a declined pay-rate change leaves the rates alone; approved rates are set', async () => {
  const [before] = await t.app.database.query<{ pay: string }>('SELECT pay_individual::text AS pay FROM providers WHERE id = $1', [providerId]);
  const declined = (await ask({ kind: 'pay_rate_change', description: 'Raise', payIndividual: 999 })).json();
  expect((await decide(declined.id, { decision: 'decline', reason: 'Above the band', version: declined.version })).json()).toMatchObject({
    status: 'declined',
    reason: 'Above the band',
  });
  const [after] = await t.app.database.query<{ pay: string }>('SELECT pay_individual::text AS pay FROM providers WHERE id = $1', [providerId]);
  expect(after!.pay).toBe(before!.pay);
  const approved = (await ask({ kind: 'pay_rate_change', description: 'Raise', payIndividual: 175, payFollowUp: 95 })).json();
  await decide(approved.id, { decision: 'approve', reason: 'Within the band', version: approved.version });
  const [rates] = await t.app.database.query<{ pay: string; follow: string }>(
    'SELECT pay_individual::text AS pay, pay_follow_up::text AS follow FROM providers WHERE id = $1',
    [providerId],
  );
  expect(rates).toEqual({ pay: '175.00', follow: '95.00' });
});

it('answers another kind of task as not found, and refuses clinicians the RCD queue', async () => {
  const [other] = await t.app.database.query<{ id: string }>("SELECT id FROM tasks WHERE kind <> 'rcd_provider_request' LIMIT 1");
  if (other) expect((await decide(other.id, { decision: 'approve', reason: 'x', version: 1 })).statusCode).toBe(404);
  expect((await decide('00000000-0000-4000-8000-000000000000', { decision: 'approve', reason: 'x', version: 1 })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/api/rcd/provider-requests', headers: clinician.headers })).statusCode).toBe(403);
  expect((await ask({ kind: 'profile_change', description: 'x' }, rcd)).statusCode).toBe(403);
});
