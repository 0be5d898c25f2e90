/**
 * Good Faith Estimates (issues 24 and 38, No Surprises Act; 45 CFR 149.610): a self-pay booking is e-mailed
 * its estimate as a PDF with every field the rule asks for; the estimate is stored as issued and the portal
 * gives that very document; an insured session has none.
 */
import { drainJobs, startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, makeSlots, selfPatientOf } from '@tests/support/booking';
import { pdfText } from '@tests/support/pdf';
import { constants } from '@/generated/constants';
import { formatCents } from '@/domain/money';
import { message } from '@/domain/messages';
import { isValidNpi } from '@/domain/npi';
import { formatCalendarDate } from '@/domain/date-format';

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
  // Stored as issued: one estimate, and the portal gives the bytes that were mailed.
  const issued = await t.app.database.query<{ number: string; pdf: Uint8Array; replaces_id: string | null; due_by: string }>(
    `SELECT number, pdf, replaces_id, to_char(due_by, 'YYYY-MM-DD') AS due_by FROM good_faith_estimates WHERE appointment_id = $1`,
    [appointment.id],
  );
  expect(issued).toHaveLength(1);
  expect(issued[0]!.replaces_id).toBeNull();
  expect(Buffer.from(res.rawPayload).equals(Buffer.from(issued[0]!.pdf))).toBe(true);
  expect(Buffer.from(attached.content, 'base64').equals(Buffer.from(issued[0]!.pdf))).toBe(true);

  const [facts] = await t.app.database.query<{ npi: string; tin: string; dob: string }>(
    `SELECT pr.npi, pr.tin, to_char(p.date_of_birth, 'YYYY-MM-DD') AS dob FROM appointments a JOIN providers pr ON pr.id = a.provider_id
       JOIN patients p ON p.id = $2 WHERE a.id = $1`,
    [appointment.id, self.id],
  );
  expect(isValidNpi(facts!.npi)).toBe(true);
  const codes = constants.goodFaithEstimate.serviceCodes['Individual Counseling'];
  for (const text of [mailed, portal]) {
    expect(text).toContain(message('document.gfe.title'));
    expect(text).toContain(issued[0]!.number);
    expect(text).toContain(String(sessions));
    expect(text).toContain(formatCents(sessions * appointment.priceCents));
    expect(text).toContain(formatCents(constants.goodFaithEstimate.disputeThresholdCents));
    expect(text).toContain(`${message('document.label.dateOfBirth')} ${formatCalendarDate(facts!.dob)}`);
    expect(text).toContain(facts!.npi);
    expect(text).toContain(facts!.tin);
    expect(text).toContain(`CPT ${codes.first}`);
    expect(text).toContain(`CPT ${codes.ongoing}`);
    expect(text).toContain(message('document.gfe.diagnosisToBeDetermined'));
    expect(text).toContain(message('document.label.dateOfService'));
    expect(text).toContain(message('document.label.location'));
    expect(text).toContain(message('document.gfe.notAContract'));
    expect(text).toContain('www.cms.gov/nosurprises');
  }

  // A second download gives the same estimate, not a new one.
  const again = await t.app.inject({ method: 'GET', url: `/api/appointments/${appointment.id}/good-faith-estimate`, headers: jordan.headers });
  expect(Buffer.from(again.rawPayload).equals(Buffer.from(res.rawPayload))).toBe(true);
  const [{ count }] = (await t.app.database.query<{ count: number }>('SELECT count(*)::int AS count FROM good_faith_estimates WHERE appointment_id = $1', [
    appointment.id,
  ])) as [{ count: number }];
  expect(count).toBe(1);

  // Listed in billing, and downloaded from there as issued; another account cannot reach it.
  const listed = await t.app.inject({ method: 'GET', url: '/api/good-faith-estimates', headers: jordan.headers });
  expect(listed.statusCode).toBe(200);
  expect(listed.json().items).toContainEqual(
    expect.objectContaining({ number: issued[0]!.number, appointmentId: appointment.id, totalCents: sessions * appointment.priceCents, replacesNumber: null }),
  );
  const fromBilling = await t.app.inject({ method: 'GET', url: `/api/good-faith-estimates/${issued[0]!.number}/download`, headers: jordan.headers });
  expect(fromBilling.statusCode).toBe(200);
  expect(Buffer.from(fromBilling.rawPayload).equals(Buffer.from(issued[0]!.pdf))).toBe(true);
  const stranger = await callerFor(t.app, 'avery.johnson@example.com');
  const refused = await t.app.inject({ method: 'GET', url: `/api/good-faith-estimates/${issued[0]!.number}/download`, headers: stranger.headers });
  expect(refused.statusCode).toBe(404);
});

it('a session that is not self-pay has no estimate', async () => {
  const [row] = await t.app.database.query<{ id: string }>(`SELECT a.id FROM appointments a WHERE a.user_id = $1 AND NOT a.self_pay LIMIT 1`, [jordan.id]);
  if (!row) return;
  const res = await t.app.inject({ method: 'GET', url: `/api/appointments/${row.id}/good-faith-estimate`, headers: jordan.headers });
  expect(res.statusCode).toBe(404);
});
