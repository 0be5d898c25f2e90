import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, makeSlots, selfPatientOf } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { errorCatalogue } from '@/generated/errors';
import { demoAccounts } from '@/server/db/seed/demo-accounts';

let t: TestApp;
let clinician: TestCaller;
let jordan: TestCaller;
let providerId: string;
let bookedId: string;
let jordanPatientId: string;
/** What Jordan wrote under "What would you like help with?" when booking. */
const REASON = 'Sleep and worry since the move.\nMornings are hardest.';

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  clinician = await callerFor(t.app, 'morgan.lee@example.com');
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  [{ provider_id: providerId }] = (await t.app.database.query<{ provider_id: string }>('SELECT provider_id FROM users WHERE id = $1', [clinician.id])) as [
    { provider_id: string },
  ];
  const self = await selfPatientOf(t.app.database, jordan.id);
  jordanPatientId = self.id;
  const [slot] = await makeSlots(t.app.database, 1, { providerId });
  const { booked } = await bookSlot(t.app, jordan, slot!, [{ id: self.id, consents: consentGiven() }], {
    insuranceId: await insurePatient(t.app.database, self.id, { acceptedAt: slot!.practiceId }),
    reason: REASON,
  });
  expect(booked?.statusCode).toBe(201);
  bookedId = booked!.json().id;
}, 180_000);
afterAll(async () => t?.close());

const schedule = (caller: TestCaller, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/care/schedule${query}`, headers: { ...caller.headers, ...headers } });

describe('GET /api/care/schedule', () => {
  it("answers a clinician their own provider's sessions, with the clients and none of the billing", async () => {
    const res = await schedule(clinician);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.provider.id).toBe(providerId);
    // The demo clinician is the provider of the demo marketplace it is linked to, under its own name.
    const account = demoAccounts.find((a) => a.role === 'Clinician')!;
    expect(body.provider).toMatchObject({ firstName: account.firstName, lastName: account.lastName });
    const session = body.items.find((s: { id: string }) => s.id === bookedId);
    expect(session).toMatchObject({
      status: 'booked',
      appointmentMode: 'online',
      patients: [{ firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' }],
    });
    expect(session.joinUrl).toBe(`/app/visit/${bookedId}`);
    expect(Object.keys(session)).not.toContain('payment');
    expect(Object.keys(session)).not.toContain('insuranceId');
    expect((await auditRows(t.app, "action = 'getCareSchedule' AND actor_id = $1", [clinician.id])).at(-1)).toMatchObject({
      record_type: 'provider',
      record_id: providerId,
      outcome: 'success',
    });
  });

  it('shows the clinician what the client wrote as the booking reason, on the schedule, the calendar and the client page, each read audited', async () => {
    const session = (await schedule(clinician)).json().items.find((s: { id: string }) => s.id === bookedId);
    expect(session.reason).toBe(REASON);
    expect((await auditRows(t.app, "action = 'getCareSchedule' AND actor_id = $1", [clinician.id])).at(-1)).toMatchObject({
      record_type: 'provider',
      record_id: providerId,
      outcome: 'success',
    });

    const from = session.start.slice(0, 10);
    const calendar = await t.app.inject({ method: 'GET', url: `/api/care/calendar?from=${from}&days=2`, headers: clinician.headers });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.json().sessions.find((s: { id: string }) => s.id === bookedId)?.reason).toBe(REASON);

    const client = await t.app.inject({ method: 'GET', url: `/api/care/clients/${jordanPatientId}`, headers: clinician.headers });
    expect(client.statusCode).toBe(200);
    expect(client.json().sessions.find((s: { id: string }) => s.id === bookedId)?.reason).toBe(REASON);
    expect((await auditRows(t.app, "action = 'getCareClient' AND actor_id = $1", [clinician.id])).at(-1)).toMatchObject({
      record_type: 'patient',
      record_id: jordanPatientId,
      outcome: 'success',
    });
  });

  it('answers no reason for a session booked without one', async () => {
    const [slot] = await makeSlots(t.app.database, 1, { providerId });
    const self = await selfPatientOf(t.app.database, jordan.id);
    const { booked } = await bookSlot(t.app, jordan, slot!, [{ id: self.id, consents: consentGiven() }], {
      insuranceId: await insurePatient(t.app.database, self.id, { acceptedAt: slot!.practiceId }),
      reason: '   ',
    });
    expect(booked?.statusCode).toBe(201);
    const session = (await schedule(clinician)).json().items.find((s: { id: string }) => s.id === booked!.json().id);
    expect(session.reason).toBeNull();
  });

  it('lists past sessions latest first, and validates the query', async () => {
    const past = await schedule(clinician, '?when=past');
    expect(past.statusCode).toBe(200);
    expect(past.json().items.map((s: { id: string }) => s.id)).not.toContain(bookedId);
    expect((await schedule(clinician, '?when=tomorrow')).statusCode).toBe(400);
  });

  it('refuses patients and support staff', async () => {
    for (const email of ['jordan.rivera@example.com', 'sam.okafor@example.com', 'casey.nguyen@example.com']) {
      const res = await schedule(await callerFor(t.app, email));
      expect(res.statusCode).toBe(403);
      expect(res.json().description).toBe(errorCatalogue.FORBIDDEN.message);
    }
  });

  it('shows a super-admin the schedule of the provider they impersonate, and nothing without one', async () => {
    const devops = await callerFor(t.app, 'devon.park@example.com');
    expect((await schedule(devops)).statusCode).toBe(404);
    expect((await schedule(devops, '', { provider_id: 'not-a-provider' })).statusCode).toBe(404);
    const res = await schedule(devops, '', { provider_id: providerId });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((s: { id: string }) => s.id)).toContain(bookedId);
    // A clinician's own record wins over a header they may not send.
    expect((await schedule(clinician, '', { provider_id: '00000000-0000-4000-8000-000000000000' })).json().provider.id).toBe(providerId);
  });
});
