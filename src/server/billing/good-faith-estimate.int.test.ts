/**
 * Good Faith Estimates (issue 24, No Surprises Act): a self-pay booking is e-mailed its estimate as a
 * PDF, and the portal gives the same document for the session; an insured session has none.
 */
import { drainJobs, startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, makeSlots, selfPatientOf } from '@tests/support/booking';
import { pdfText } from '@tests/support/pdf';
import { constants } from '@/generated/constants';
import { formatCents } from '@/domain/money';
import { message } from '@/domain/messages';

let t: TestApp;
let jordan: TestCaller;
let self: { id: string };

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  self = await selfPatientOf(t.app.database, jordan.id);
}, 180_000);
afterAll(async () => t?.close());

it('a self-pay booking brings its estimate by e-mail (PDF attached) and in the portal, with sessions, total, dates and the right to dispute', async () => {
  const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 24 });
  const nonce = (
    await t.app.inject({
      method: 'POST',
      url: '/api/patient-cards/tokenize',
      headers: jordan.headers,
      payload: { number: constants.testCardNumbers.approved[0]!.number, expiration: '12/39', cvv: '123' },
    })
  ).json().nonce;
  const { booked } = await bookSlot(t.app, jordan, slot!, [{ id: self.id, consents: consentGiven() }], {
    selfPay: true,
    selfPayConsentCategory: 'selfPay',
    payment: { nonce },
  });
  expect(booked?.statusCode).toBe(201);
  const appointment = booked!.json();
  const sessions = constants.goodFaithEstimate.sessionsPerYear.therapy;
  const total = formatCents(sessions * appointment.priceCents);

  await drainJobs(t.app);
  const mail = (await mailTo(t.app, jordan.email)).find((m) => m.template === 'good-faith-estimate');
  expect(mail?.subject).toContain(total);
  const attached = mail!.attachments!.find((a) => a.contentType === 'application/pdf')!;
  const mailed = (await pdfText(Buffer.from(attached.content, 'base64'))).text;

  const res = await t.app.inject({ method: 'GET', url: `/api/appointments/${appointment.id}/good-faith-estimate`, headers: jordan.headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  const portal = (await pdfText(res.rawPayload)).text;
  for (const text of [mailed, portal]) {
    expect(text).toContain(message('document.gfe.title'));
    expect(text).toContain(String(sessions));
    expect(text).toContain(formatCents(sessions * appointment.priceCents));
    expect(text).toContain(formatCents(constants.goodFaithEstimate.disputeThresholdCents));
  }
});

it('a session that is not self-pay has no estimate', async () => {
  const [row] = await t.app.database.query<{ id: string }>(`SELECT a.id FROM appointments a WHERE a.user_id = $1 AND NOT a.self_pay LIMIT 1`, [jordan.id]);
  if (!row) return;
  const res = await t.app.inject({ method: 'GET', url: `/api/appointments/${row.id}/good-faith-estimate`, headers: jordan.headers });
  expect(res.statusCode).toBe(404);
});
