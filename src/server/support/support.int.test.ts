import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { raiseChargeNotVoidedAlert } from '@/server/money/move';
import { drainJobs, startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, makeSlots, selfPatientOf } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';

let t: TestApp;
let support: TestCaller;
let agent: TestCaller;
let jordan: TestCaller;
let bookedId: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  support = await callerFor(t.app, 'sam.okafor@example.com');
  agent = await callerFor(t.app, 'taylor.brooks@example.com');
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  const self = await selfPatientOf(t.app.database, jordan.id);
  const [slot] = await makeSlots(t.app.database, 1);
  const insuranceId = await insurePatient(t.app.database, self.id, { acceptedAt: slot!.practiceId });
  const { booked } = await bookSlot(t.app, jordan, slot!, [{ id: self.id, consents: consentGiven() }], { insuranceId });
  expect(booked?.statusCode).toBe(201);
  bookedId = booked!.json().id;
}, 180_000);
afterAll(async () => t?.close());

const story = (caller: TestCaller, id = bookedId) => t.app.inject({ method: 'GET', url: `/api/support/sessions/${id}`, headers: caller.headers });

describe('GET /api/support/sessions/{id}', () => {
  it("tells support the session's whole story, and audits the read", async () => {
    const res = await story(support);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.appointment).toMatchObject({ id: bookedId, status: 'booked' });
    expect(body.account).toMatchObject({ id: jordan.id, email: 'jordan.rivera@example.com' });
    expect(body.timeline).toEqual([expect.objectContaining({ event: 'booked', by: { name: 'Jordan Rivera', staff: false } })]);
    expect(body.insurance).toMatchObject({ carrierName: expect.any(String), memberId: expect.any(String) });
    expect(body.consents.some((c: { signedAt: string | null }) => c.signedAt !== null)).toBe(true);
    expect(body.audit.map((a: { action: string }) => a.action)).toContain('createAppointment');
    expect((await auditRows(t.app, "action = 'getSupportSession' AND actor_id = $1", [support.id])).at(-1)).toMatchObject({
      record_type: 'appointment',
      record_id: bookedId,
      outcome: 'success',
    });
  });

  it("finds sessions by patient name, e-mail, day and provider; an agent only their members'", async () => {
    const find = async (caller: TestCaller, query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/support/sessions?${query}`, headers: caller.headers });
      expect(res.statusCode).toBe(200);
      return res.json().items.map((i: { id: string }) => i.id) as string[];
    };
    const { start, timeZone, provider } = (await story(support)).json().appointment;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(start));
    expect(await find(support, 'name=rivera')).toContain(bookedId);
    expect(await find(support, 'email=JORDAN.RIVERA@example.com')).toContain(bookedId);
    expect(await find(support, `date=${day}&provider=${encodeURIComponent(provider.lastName)}`)).toContain(bookedId);
    expect(await find(support, 'name=nobody-like-this')).toEqual([]);
    expect(await find(agent, 'name=rivera')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/support/sessions', headers: support.headers })).statusCode).toBe(400);
  });

  it('sends the confirmation again to the account, and says so in the audit history', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/support/sessions/${bookedId}/resend-confirmation`, headers: support.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sentTo: 'jordan.rivera@example.com' });
    expect((await story(support)).json().audit.map((a: { what: string }) => a.what)).toContain('Send the confirmation again');
  });

  it('shows a cancellation by staff with its reason and fee in the timeline', async () => {
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${bookedId}/cancel`,
      headers: support.headers,
      payload: { reasonId: 'schedule_conflict', note: 'Caller travels' },
    });
    expect(cancel.statusCode).toBe(200);
    const body = (await story(support)).json();
    expect(body.timeline.at(-1)).toMatchObject({ event: 'cancelled', by: { name: 'Sam Okafor', staff: true }, note: 'Caller travels' });
    expect(body.audit.map((a: { action: string }) => a.action)).toContain('cancelAppointment');
    const again = await t.app.inject({ method: 'POST', url: `/api/support/sessions/${bookedId}/resend-confirmation`, headers: support.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('SESSION_NOT_UPCOMING');
  });

  it("answers a third-party agent 404 for another partner's member, a patient 403, and audits the refusal", async () => {
    const res = await story(agent);
    expect(res.statusCode).toBe(404);
    expect((await auditRows(t.app, "action = 'getSupportSession' AND actor_id = $1", [agent.id])).at(-1)).toMatchObject({
      record_id: bookedId,
      outcome: 'denied',
    });
    expect((await story(jordan)).statusCode).toBe(403);
    expect((await story(support, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the e-mails sent about a session', () => {
  let sessionId: string;
  beforeAll(async () => {
    const self = await selfPatientOf(t.app.database, jordan.id);
    const [, slot] = await makeSlots(t.app.database, 2);
    const insuranceId = await insurePatient(t.app.database, self.id, { acceptedAt: slot!.practiceId });
    const { booked } = await bookSlot(t.app, jordan, slot!, [{ id: self.id, consents: consentGiven() }], { insuranceId });
    expect(booked?.json()).toMatchObject({ status: 'booked' });
    sessionId = booked!.json().id;
  });

  it('lists the confirmation, delivered once the mail job ran', async () => {
    await drainJobs(t.app);
    const mails = (await story(support, sessionId)).json().mails;
    expect(mails).toEqual([
      expect.objectContaining({ template: 'appointment-confirmation', recipient: 'jordan.rivera@example.com', status: 'delivered', tries: 1, lastError: null }),
    ]);
  });

  it('a confirmation that cannot be delivered reads failed once its tries are spent, and raises one red alert', async () => {
    await t.app.database.query("UPDATE users SET email = 'jordan@nowhere.invalid' WHERE id = $1", [jordan.id]);
    try {
      expect((await t.app.inject({ method: 'POST', url: `/api/support/sessions/${sessionId}/resend-confirmation`, headers: support.headers })).statusCode).toBe(
        200,
      );
      await drainJobs(t.app);
      const sending = (await story(support, sessionId)).json().mails.at(-1);
      expect(sending).toMatchObject({ recipient: 'jordan@nowhere.invalid', status: 'sending', tries: 1, lastError: expect.stringContaining('550') });
      await drainJobs(t.app, { includeRetries: true });
      const failed = (await story(support, sessionId)).json().mails.at(-1);
      expect(failed).toMatchObject({ status: 'failed', tries: constants.jobRetryLimit + 1, deliveredAt: null });
      const alerts = (await t.app.inject({ method: 'GET', url: '/api/support/red-alerts', headers: support.headers })).json().items;
      const mine = alerts.filter((a: { appointmentId: string | null }) => a.appointmentId === sessionId);
      expect(mine).toHaveLength(1);
      expect(mine[0].reason).toContain(messages['ui.support.mail.appointmentConfirmation']);
      expect(mine[0].mail).toEqual({
        template: 'appointment-confirmation',
        recipient: 'jordan@nowhere.invalid',
        tries: constants.jobRetryLimit + 1,
        delivered: false,
        lastError: expect.stringContaining('550'),
      });
    } finally {
      await t.app.database.query("UPDATE users SET email = 'jordan.rivera@example.com' WHERE id = $1", [jordan.id]);
    }
  });

  it("is sent again from its red alert: refused, the mail server's answer and the alert stays; delivered, the alert is resolved", async () => {
    const alertOf = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/support/red-alerts', headers: support.headers }))
        .json()
        .items.find((a: { appointmentId: string | null; mail: unknown }) => a.appointmentId === sessionId && a.mail);
    const retry = (alert: { taskId: string; version: number }) =>
      t.app.inject({ method: 'POST', url: `/api/support/red-alerts/${alert.taskId}/retry`, headers: support.headers, payload: { version: alert.version } });
    const before = await alertOf();
    const refused = await retry(before);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ outcome: 'failed', answer: expect.stringContaining('550'), resolved: false });
    expect((await alertOf()).mail.tries).toBe(constants.jobRetryLimit + 2);

    // The mail server takes the address now (it was down): the same mail, with its calendar file, arrives.
    const transport = t.app.mailTransport;
    const original = transport.deliver;
    const delivered: { to: string; attachments: number }[] = [];
    transport.deliver = async (template, to, params, attachments) => {
      delivered.push({ to, attachments: attachments?.length ?? 0 });
    };
    try {
      const sent = await retry(await alertOf());
      expect(sent.json()).toEqual({ outcome: 'delivered', answer: messages['task.redAlert.mailResent'], resolved: true });
    } finally {
      transport.deliver = original;
    }
    expect(delivered).toEqual([{ to: 'jordan@nowhere.invalid', attachments: 1 }]);
    expect(await alertOf()).toBeUndefined();
    expect((await story(support, sessionId)).json().mails.at(-1)).toMatchObject({ status: 'delivered' });
    expect((await t.app.jobs.deadLetters()).filter((d) => d.summary.to === 'jordan@nowhere.invalid')).toEqual([]);
  });
});

describe('a charge of failed work that could not be voided', () => {
  it('is a red alert naming the transaction and the gateway, for a refund by hand', async () => {
    await raiseChargeNotVoidedAlert(t.app, { transactionId: 'txn_local_99_x', gateway: 'local', what: 'booking' });
    const alerts = (await t.app.inject({ method: 'GET', url: '/api/support/red-alerts', headers: support.headers })).json().items;
    expect(alerts.find((a: { subject: { id: string } }) => a.subject.id === 'txn_local_99_x')).toMatchObject({
      priority: 'asap',
      subject: { type: 'payment_transaction' },
      reason: messages['task.redAlert.chargeNotVoided'].replace('{what}', 'booking').replace('{gateway}', 'local').replace('{transactionId}', 'txn_local_99_x'),
    });
  });
});
