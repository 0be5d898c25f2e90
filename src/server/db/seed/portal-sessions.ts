/**
 * Demo sessions for the patient portal, relative to the day the database is seeded, so the
 * dashboard has something to manage: the demo patient (Jordan) has a video session inside the
 * late-cancellation window, one next week, one that is over (self-pay, paid: a receipt) and one
 * cancelled late whose fee is still due (no card was on file then), and has signed the booking
 * consent (the child dependant has not). Another account (the partner member)
 * has one upcoming session: a patient must never reach it by changing a URL. Jamie Ortiz has a video
 * session with the demo clinician that starts minutes after seeding, so its video room is open.
 */
import { constants } from '@/generated/constants';
import type { Queryable } from '../connection';
import type { SeedStep } from './index';
import { appendLedger, changeDue } from '@/server/money/ledger';
import { dollarsToCents } from '@/domain/money';

const HOUR = 3600_000;

/** A patient whose video session with the demo clinician starts minutes after the first start (the video room's demo). */
export const demoVideoPatientEmail = 'jamie.ortiz@example.com';

interface Provider {
  id: string;
  practice_id: string;
  time_zone: string;
  pay_individual: string;
}

async function accountOf(tx: Queryable, email: string) {
  const [row] = await tx.query<{ user_id: string; patient_id: string; zone: string | null }>(
    `SELECT u.id AS user_id, p.id AS patient_id, coalesce(u.time_zone, p.time_zone) AS zone
       FROM users u JOIN patients p ON p.user_id = u.id AND p.relationship = 'Self' WHERE u.email = $1`,
    [email],
  );
  return row;
}

/** An online slot of the provider starting at one of the given instants: an open seeded one, or a new one where the provider has none. */
async function slotAt(tx: Queryable, provider: Provider, starts: readonly Date[]): Promise<{ id: string; start: Date; end: Date; isMedication?: boolean }> {
  // An open seeded slot first: it is in the provider's working hours.
  const [open] = await tx.query<{ id: string; start: Date; end: Date; is_medication: boolean }>(
    `SELECT s.id, s.is_medication, lower(s.during) AS start, upper(s.during) AS end FROM slots s
      WHERE s.provider_id = $1 AND s.availability_type = 'online' AND lower(s.during) >= $2 AND lower(s.during) <= $3
        AND NOT EXISTS (SELECT 1 FROM slot_reservations r WHERE r.provider_id = s.provider_id AND r.during && s.during)
      ORDER BY lower(s.during) LIMIT 1`,
    [provider.id, starts[0], starts[starts.length - 1]],
  );
  if (open) return { id: open.id, start: new Date(open.start), end: new Date(open.end), isMedication: open.is_medication };
  for (const start of starts) {
    const end = new Date(start.getTime() + HOUR);
    const range = `[${start.toISOString()},${end.toISOString()})`;
    const taken = await tx.query('SELECT 1 FROM slot_reservations WHERE provider_id = $1 AND during && $2::tstzrange', [provider.id, range]);
    if (taken.length) continue;
    const overlapping = await tx.query<{ id: string; exact: boolean; availability_type: string }>(
      'SELECT id, during = $2::tstzrange AS exact, availability_type FROM slots WHERE provider_id = $1 AND during && $2::tstzrange',
      [provider.id, range],
    );
    const exact = overlapping.find((s) => s.exact && s.availability_type === 'online');
    if (exact) return { id: exact.id, start, end };
    if (overlapping.length) continue;
    const [created] = await tx.query<{ id: string }>(
      `INSERT INTO slots (provider_id, practice_id, during, availability_type) VALUES ($1, $2, $3::tstzrange, 'online') RETURNING id`,
      [provider.id, provider.practice_id, range],
    );
    return { id: created!.id, start, end };
  }
  throw new Error('seed: no free hour for a demo session');
}

async function bookDemo(
  tx: Queryable,
  account: { user_id: string; patient_id: string; zone: string },
  provider: Provider,
  slot: { id: string | null; start: Date; end: Date; isMedication?: boolean },
  paidAt: Date,
  now: number,
): Promise<string> {
  const price = dollarsToCents(provider.pay_individual);
  const [appointment] = await tx.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, slot_id, during, appointment_mode, counseling_type, time_zone, self_pay,
                               self_pay_consent_category, booking_funnel, booking_source, app_source, price_cents, booked_by, created_at)
     VALUES ($1, $2, $3, $4, tstzrange($5, $6, '[)'), 'online', $10, $7, true, 'selfPay', 'Patient Standard Funnel', 'Self-booking Email', 'patient_web', $8, $1, $9)
     RETURNING id`,
    // A medication slot is a psychiatry visit.
    [
      account.user_id,
      provider.id,
      provider.practice_id,
      slot.id,
      slot.start,
      slot.end,
      account.zone,
      price,
      paidAt,
      slot.isMedication ? 'Medication/Psychiatry' : 'Individual Counseling',
    ],
  );
  await tx.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [appointment!.id, account.patient_id]);
  if (slot.id && slot.start.getTime() > now) {
    await tx.query(
      `INSERT INTO slot_reservations (provider_id, slot_id, during, kind, held_by, appointment_id) VALUES ($1, $2, tstzrange($3, $4, '[)'), 'booking', $5, $6)`,
      [provider.id, slot.id, slot.start, slot.end, account.user_id, appointment!.id],
    );
  }
  const transactionId = `txn_local_${paidAt.getTime()}_${appointment!.id}`;
  const [payment] = await tx.query<{ id: string }>(
    `INSERT INTO payments (appointment_id, user_id, patient_id, status, provider, purpose, amount_cents, currency, gateway, transaction_id, card_brand, card_last4, created_by, created_at)
     VALUES ($1, $2, $3, 'succeeded', 'card_gateway', 'session', $4, 'USD', 'local', $5, 'Visa', '4242', $2, $6) RETURNING id`,
    // A local test gateway transaction taken when it was paid, so the demo payments can be voided or refunded like real ones.
    [appointment!.id, account.user_id, account.patient_id, price, transactionId, paidAt],
  );
  await appendLedger(tx, {
    kind: 'charge',
    accountId: account.user_id,
    appointmentId: appointment!.id,
    paymentId: payment!.id,
    gateway: 'local',
    transactionId,
    gatewayCents: price,
    createdBy: account.user_id,
    reason: 'demo data',
    at: paidAt,
  });
  return appointment!.id;
}

export const seedPortalSessions: SeedStep = {
  name: 'portal sessions',
  async run(tx, context) {
    const jordanRow = await accountOf(tx, 'jordan.rivera@example.com');
    const averyRow = await accountOf(tx, 'avery.johnson@example.com');
    const ids = context.marketplace?.providerIds ?? [];
    if (!jordanRow || !averyRow || ids.length < 2) return;
    const providers = await tx.query<Provider>('SELECT id, practice_id, time_zone, pay_individual::text FROM providers WHERE id = ANY($1::uuid[])', [
      ids.slice(0, 2),
    ]);
    const [first, second] = [providers.find((p) => p.id === ids[0])!, providers.find((p) => p.id === ids[1])!];
    // A person's sessions all read in their one zone (the list mixed "7:00 AM CST" and "1:00 PM EST"):
    // their account's when known, else the zone of the practice they first saw.
    const jordan = { ...jordanRow, zone: jordanRow.zone ?? first.time_zone };
    const avery = { ...averyRow, zone: averyRow.zone ?? first.time_zone };
    const now = context.now.getTime();
    const onTheHour = (fromNowHours: number) => new Date(Math.ceil((now + fromNowHours * HOUR) / HOUR) * HOUR);
    const hoursFrom = (from: number, to: number) => Array.from({ length: to - from }, (_v, i) => onTheHour(from + i));

    // Two inside the late-cancellation window, with time to spare on either side: trying a late
    // cancellation uses one up, and the portal's browser test and the returning-patient journey each need one.
    const late = constants.lateCancelWindowHours;
    for (const bookedHoursAgo of [72, 70]) {
      await bookDemo(tx, jordan, first, await slotAt(tx, first, hoursFrom(Math.floor(late / 2), late - 4)), new Date(now - bookedHoursAgo * HOUR), now);
    }
    await bookDemo(tx, jordan, first, await slotAt(tx, first, hoursFrom(8 * 24, 9 * 24)), new Date(now - 48 * HOUR), now);
    const pastStart = onTheHour(-14 * 24);
    await bookDemo(
      tx,
      jordan,
      first,
      { id: null, start: pastStart, end: new Date(pastStart.getTime() + HOUR) },
      new Date(pastStart.getTime() - 72 * HOUR),
      now,
    );
    const lateCancelledStart = onTheHour(-7 * 24);
    const lateCancelled = await bookDemo(
      tx,
      jordan,
      first,
      { id: null, start: lateCancelledStart, end: new Date(lateCancelledStart.getTime() + HOUR) },
      new Date(lateCancelledStart.getTime() - 96 * HOUR),
      now,
    );
    await tx.query(
      `UPDATE appointments SET status = 'cancelled', cancelled_at = $2, cancelled_by = user_id, cancel_reason_id = $3, late_cancel = true,
              cancel_fee_cents = $4, cancel_fee_status = 'outstanding'
        WHERE id = $1`,
      [lateCancelled, new Date(lateCancelledStart.getTime() - 6 * HOUR), constants.appointmentCancellationReasons[0]!.id, constants.lateCancelFeeCents],
    );
    await changeDue(tx, {
      appointmentId: lateCancelled,
      accountId: jordan.user_id,
      cents: constants.lateCancelFeeCents,
      kind: 'fee',
      reason: 'late cancellation fee (demo data)',
      at: new Date(lateCancelledStart.getTime() - 6 * HOUR),
    });
    // Five to six days on: inside the front desk's week of open tasks (today and the six days after, in
    // the practice's zone) whatever the hour of seeding; six to seven days fell out of it late in the day.
    await bookDemo(tx, avery, second, await slotAt(tx, second, hoursFrom(5 * 24, 6 * 24)), new Date(now - 24 * HOUR), now);

    // A video session about to start, for trying the video room: the room of the demo
    // clinician's provider opens videoVisitOpensMinutesBefore minutes before it, so it is open at once.
    const [jamie] = await tx.query<{ id: string }>(
      `INSERT INTO users (email, first_name, last_name, user_type, groups, email_verified_at) VALUES ($1, 'Jamie', 'Ortiz', 'patient', '{patient}', $2) RETURNING id`,
      [demoVideoPatientEmail, new Date(now)],
    );
    const [jamieSelf] = await tx.query<{ id: string }>(
      `INSERT INTO patients (user_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, 'Jamie', 'Ortiz', '1988-06-02', 'Self') RETURNING id`,
      [jamie!.id],
    );
    const soon = new Date(Math.ceil((now + constants.videoVisitOpensMinutesBefore * 30_000) / 300_000) * 300_000);
    await bookDemo(
      tx,
      { user_id: jamie!.id, patient_id: jamieSelf!.id, zone: first.time_zone },
      first,
      { id: null, start: soon, end: new Date(soon.getTime() + 50 * 60_000) },
      new Date(now - 24 * HOUR),
      now,
    );

    await tx.query(
      `INSERT INTO consents (patient_id, user_id, consent_type, version, text, source, signer_name, signer_capacity, signed_by, signed_at, created_by)
       VALUES ($1, $2, 'bookAppointmentConsent', 'demo', 'Consent to book appointments.', 'patient_web', 'Jordan Rivera', 'Self', $2, now(), $2)`,
      [jordan.patient_id, jordan.user_id],
    );
  },
};
