/**
 * Billing reads on the payments the booking part records: history in a date range, transaction
 * detail (422 when its session is missing), receipts by responsible party, receipt and statement
 * PDFs read back, payment data in GET /users/billing, and reach (404 for others' records).
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { pdfText } from '@tests/support/pdf';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { fillPlaceholders } from '@/domain/messages';
import { formatPhone } from '@/domain/phone';
import { demoAccounts } from '@/server/db/seed/demo-accounts';

let t: TestApp;
let jordan: TestCaller;
let avery: TestCaller;
let support: TestCaller;
let agent: TestCaller;
let jordanSelf: { id: string; ehr_id: string };
let mia: string;
let appointmentId: string;
const paymentIds: Record<'paid' | 'refunded' | 'failed' | 'noSession' | 'old', string> = { paid: '', refunded: '', failed: '', noSession: '', old: '' };
let provider: { id: string; practice_id: string; first_name: string; last_name: string; practice_name: string };

const email = (role: string) => demoAccounts.find((a) => a.role === role)!.email;

/** A payment row, made now by the app's clock (which billing's date ranges read) unless `at` says when. */
async function pay(values: {
  status: string;
  purpose?: string;
  cents: number;
  appointment?: string | null;
  patient?: string | null;
  at?: string;
  refundOf?: string;
}): Promise<string> {
  const [row] = await t.db.database.query<{ id: string }>(
    `INSERT INTO payments (appointment_id, user_id, patient_id, status, provider, purpose, amount_cents, gateway, transaction_id, card_brand, card_last4, created_at, refund_of)
     VALUES ($1, $2, $3, $4, 'card_gateway', $5, $6, 'local', CASE WHEN $4 = 'failed' THEN NULL ELSE 'tx-' || gen_random_uuid() END, 'Visa', '4242', $7::timestamptz, $8) RETURNING id`,
    [
      values.appointment === undefined ? appointmentId : values.appointment,
      jordan.id,
      values.patient === undefined ? null : values.patient,
      values.status,
      values.purpose ?? 'session',
      values.cents,
      values.at ?? t.app.clock.now().toISOString(),
      values.refundOf ?? null,
    ],
  );
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  // A fresh account of its own, so the demo data's payments do not mix in.
  const [account] = await t.db.database.query<{ id: string }>(
    "INSERT INTO users (email, first_name, last_name, user_type, groups) VALUES ('jordan.payer@example.com', 'Jordan', 'Rivera', 'patient', '{patient}') RETURNING id",
  );
  await t.db.database.query(
    "INSERT INTO patients (user_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, 'Jordan', 'Rivera', '1988-07-14', 'Self'), ($1, 'Mia', 'Rivera', '2015-03-02', 'Child')",
    [account!.id],
  );
  jordan = await callerFor(t.app, 'jordan.payer@example.com');
  avery = await callerFor(t.app, email('Partner member'));
  support = await callerFor(t.app, email('Support agent'));
  agent = await callerFor(t.app, email('Third-party agent'));
  const db = t.db.database;
  const patients = await db.query<{ id: string; ehr_id: string; relationship: string }>('SELECT id, ehr_id, relationship FROM patients WHERE user_id = $1', [
    jordan.id,
  ]);
  jordanSelf = patients.find((p) => p.relationship === 'Self')!;
  mia = patients.find((p) => p.relationship === 'Child')!.id;
  [provider] = (await db.query<typeof provider>(
    'SELECT pr.id, pr.practice_id, pr.first_name, pr.last_name, pc.name AS practice_name FROM providers pr JOIN practices pc ON pc.id = pr.practice_id ORDER BY pr.id LIMIT 1',
  )) as [typeof provider];
  const [appointment] = await db.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
     VALUES ($1, $2, $3, tstzrange(now() - interval '3 days', now() - interval '3 days' + interval '50 minutes'), 'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 15000)
     RETURNING id`,
    [jordan.id, provider.id, provider.practice_id],
  );
  appointmentId = appointment!.id;
  await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [appointmentId, jordanSelf.id]);
  // $25 of the $150 session payment given back: the charge is partially refunded, the refund its own entry.
  paymentIds.paid = await pay({ status: 'partially_refunded', cents: 15000 });
  paymentIds.refunded = await pay({ status: 'refunded', cents: 2500, refundOf: paymentIds.paid });
  paymentIds.failed = await pay({ status: 'failed', cents: 15000 });
  paymentIds.noSession = await pay({ status: 'succeeded', cents: 4000, appointment: null, patient: jordanSelf.id, purpose: 'late_cancel_fee' });
  paymentIds.old = await pay({ status: 'succeeded', cents: 9900, at: '2021-06-01T15:00:00Z', appointment: null, patient: jordanSelf.id, purpose: 'balance' });
}, 90_000);
afterAll(async () => t.close());

describe('GET /api/patients/{id}/billing-history', () => {
  it("lists the patient's payments of the last year, newest first, with session and card (brand and last 4)", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf.id}/billing-history`, headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    const ids = res.json().items.map((i: { id: string }) => i.id);
    expect(ids.sort()).toEqual([paymentIds.paid, paymentIds.refunded, paymentIds.failed, paymentIds.noSession].sort());
    const paid = res.json().items.find((i: { id: string }) => i.id === paymentIds.paid);
    expect(paid).toMatchObject({
      kind: 'payment',
      amount: 150,
      status: 'partially_refunded',
      cardBrand: 'Visa',
      cardLast4: '4242',
      appointmentId,
      description: messages['billing.purpose.session'],
      practiceName: provider.practice_name,
    });
    expect(res.json().items.find((i: { id: string }) => i.id === paymentIds.refunded)).toMatchObject({ kind: 'refund', status: 'refunded', amount: 25 });
  });

  it('takes a date range of calendar days', async () => {
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${jordanSelf.id}/billing-history?startDate=2021-05-01&endDate=2021-06-30`,
      headers: support.headers,
    });
    expect(old.json()).toEqual({ startDate: '2021-05-01', endDate: '2021-06-30', items: [expect.objectContaining({ id: paymentIds.old, amount: 99 })] });
    const reversed = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${jordanSelf.id}/billing-history?startDate=2021-06-30&endDate=2021-05-01`,
      headers: jordan.headers,
    });
    expect(reversed.statusCode).toBe(errorCatalogue.DATE_RANGE_INVALID.status);
    expect(reversed.json().description).toBe(fillPlaceholders(errorCatalogue.DATE_RANGE_INVALID.message, { days: constants.billingHistoryMaxDays }));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/patients/${jordanSelf.id}/billing-history?startDate=2010-01-01&endDate=2021-05-01`,
          headers: jordan.headers,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf.id}/billing-history?startDate=2021-02-30`, headers: jordan.headers })).statusCode,
    ).toBe(400);
  });

  it("is empty for a dependant without payments, and 404 for someone else's patient", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/billing-history`, headers: jordan.headers })).json().items).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf.id}/billing-history`, headers: avery.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf.id}/billing-history`, headers: agent.headers })).statusCode).toBe(404);
  });
});

describe('GET /api/patients/{id}/billing-history/{transactionId}', () => {
  it('shows one transaction of the patient', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf.id}/billing-history/${paymentIds.paid}`, headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: paymentIds.paid, appointmentStart: expect.any(String), providerName: expect.stringContaining(provider.last_name) });
  });

  it('answers 422 (billing history missing info) when its session is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf.id}/billing-history/${paymentIds.noSession}`, headers: jordan.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe(422);
    expect(res.json().description).toBe(fillPlaceholders(errorCatalogue.BILLING_HISTORY_MISSING_INFO.message, { phone: formatPhone(constants.supportPhone) }));
  });

  it('answers 404 through another patient, and for another account', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/billing-history/${paymentIds.paid}`, headers: jordan.headers })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf.id}/billing-history/${paymentIds.paid}`, headers: avery.headers })).statusCode,
    ).toBe(404);
  });
});

describe('payment receipts', () => {
  it("lists an account's succeeded and refunded payments, for the patient without an id and for staff by responsible party", async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/payment-receipts', headers: jordan.headers });
    expect(own.statusCode).toBe(200);
    const ids = own.json().items.map((i: { id: string }) => i.id);
    expect(ids).toContain(paymentIds.paid);
    expect(ids).toContain(paymentIds.refunded);
    expect(ids).not.toContain(paymentIds.failed);
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/payment-receipts?responsiblePartyEhrId=${jordanSelf.ehr_id}&startDate=2021-01-01&endDate=2021-12-31`,
      headers: support.headers,
    });
    expect(staff.json().items.map((i: { id: string }) => i.id)).toEqual([paymentIds.old]);
  });

  it("answers 404 for another account's or an unknown responsible party", async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/payment-receipts?responsiblePartyEhrId=${jordanSelf.ehr_id}`, headers: avery.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/payment-receipts?responsiblePartyEhrId=NOBODY', headers: support.headers })).statusCode).toBe(404);
  });

  it('downloads a receipt as a PDF that says who paid, for whom, what, when and with which card', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/payment-receipts/${paymentIds.paid}/download`, headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${paymentIds.paid}.pdf"`);
    const pdf = await pdfText(res.rawPayload);
    expect(pdf.title).toBe(messages['document.receipt.title']);
    for (const text of [
      messages['document.receipt.title'],
      paymentIds.paid,
      'Jordan Rivera',
      '$150.00',
      'Visa **** 4242',
      provider.practice_name,
      messages['document.label.paymentMethod'],
    ]) {
      expect(pdf.text).toContain(text);
    }
    // No card number: twelve digits in a row, outside the receipt number (a random UUID may hold twelve).
    expect(pdf.text.replaceAll(paymentIds.paid, '')).not.toMatch(/\d{12,}/);
  });

  it("is written in the account's language, chosen in its settings", async () => {
    const choose = (language: string) => t.app.inject({ method: 'PATCH', url: `/api/users/${jordan.id}`, headers: jordan.headers, payload: { language } });
    expect((await choose('xx-YY')).statusCode).toBe(400);
    const chosen = await choose('es');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().language).toBe('es');
    try {
      // The API is asked in English: the document still follows the account.
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/payment-receipts/${paymentIds.paid}/download`,
        headers: { ...jordan.headers, 'accept-language': 'en-US' },
      });
      const pdf = await pdfText(res.rawPayload);
      expect(pdf.title).toBe('Recibo de pago');
      for (const text of ['Recibo de pago', 'Pagado por', 'Jordan Rivera', 'Forma de pago', 'Pagado', 'Visa **** 4242']) expect(pdf.text).toContain(text);
      expect(pdf.text).not.toContain(messages['document.label.paymentMethod']);
    } finally {
      expect((await choose('en-US')).statusCode).toBe(200);
    }
  });

  it('refuses receipts of failed payments, of missing sessions (422), and of other accounts', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/payment-receipts/${paymentIds.failed}/download`, headers: jordan.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/payment-receipts/${paymentIds.noSession}/download`, headers: jordan.headers })).statusCode).toBe(
      422,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/payment-receipts/${paymentIds.paid}/download`, headers: avery.headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/payment-receipts/00000000-0000-4000-8000-000000000000/download', headers: support.headers })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/users/download-billing-statement', () => {
  it('prints the visit with its charge, payments, refunds and balance', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/download-billing-statement?patientId=${jordanSelf.id}&ehrVisitId=${appointmentId}&userId=${jordan.id}`,
      headers: jordan.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await pdfText(res.rawPayload);
    for (const text of [
      messages['document.statement.title'],
      appointmentId,
      'Jordan Rivera',
      provider.last_name,
      `${messages['document.label.totalCharged']} $150.00`,
      `${messages['document.label.totalPaid']} $150.00`,
      `${messages['document.label.totalRefunded']} $25.00`,
      `${messages['document.label.balance']} $0.00`,
    ]) {
      expect(pdf.text).toContain(text);
    }
  });

  it('answers 404 for a visit of another patient, another account, a wrong userId', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/download-billing-statement?patientId=${mia}&ehrVisitId=${appointmentId}`,
          headers: jordan.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/download-billing-statement?patientId=${jordanSelf.id}&ehrVisitId=${appointmentId}`,
          headers: avery.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/download-billing-statement?patientId=${jordanSelf.id}&ehrVisitId=${appointmentId}&userId=${avery.id}`,
          headers: support.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers 422 when the visit has no price', async () => {
    await t.db.database.query('UPDATE appointments SET price_cents = NULL WHERE id = $1', [appointmentId]);
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/download-billing-statement?patientId=${jordanSelf.id}&ehrVisitId=${appointmentId}`,
        headers: support.headers,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errorCode).toBe(422);
    } finally {
      await t.db.database.query('UPDATE appointments SET price_cents = 15000 WHERE id = $1', [appointmentId]);
    }
  });
});

describe('GET /api/users/billing', () => {
  it("adds the responsible party id, the year's total paid and the latest payments", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/billing?userId=${jordan.id}`, headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: jordan.id, responsiblePartyEhrId: jordanSelf.ehr_id, totalPaid: 150 - 25 + 40 });
    expect(res.json().recentPayments.map((p: { id: string }) => p.id)).not.toContain(paymentIds.failed);
    expect(res.json().lastPayment.id).toBe(res.json().recentPayments[0].id);
  });
});
