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
// `first` names the first demo provider below: the typed query's first row is firstRow here.
import { all, dbNow, first as firstRow, qb, run, sql } from '../typed';
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
  return firstRow(
    tx,
    qb
      .selectFrom('users as u')
      .innerJoin('patients as p', (join) => join.onRef('p.user_id', '=', 'u.id').on('p.relationship', '=', sql.lit('Self')))
      .select((eb) => ['u.id as user_id', 'p.id as patient_id', eb.fn.coalesce('u.time_zone', 'p.time_zone').as('zone')])
      .where('u.email', '=', email),
  );
}

/** An online slot of the provider starting at one of the given instants: an open seeded one, or a new one where the provider has none. */
async function slotAt(tx: Queryable, provider: Provider, starts: readonly Date[]): Promise<{ id: string; start: Date; end: Date; isMedication?: boolean }> {
  // An open seeded slot first: it is in the provider's working hours.
  const open = await firstRow(
    tx,
    qb
      .selectFrom('slots as s')
      .select(['s.id', 's.is_medication', sql<Date>`lower(s.during)`.as('start'), sql<Date>`upper(s.during)`.as('end')])
      .where('s.provider_id', '=', provider.id)
      .where('s.availability_type', '=', sql.lit('online'))
      .where(sql`lower(s.during)`, '>=', starts[0]!)
      .where(sql`lower(s.during)`, '<=', starts[starts.length - 1]!)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('slot_reservations as r')
              .select(sql.lit(1).as('one'))
              .whereRef('r.provider_id', '=', 's.provider_id')
              .where(sql<boolean>`r.during && s.during`),
          ),
        ),
      )
      .orderBy(sql`lower(s.during)`)
      .limit(1),
  );
  if (open) return { id: open.id, start: new Date(open.start), end: new Date(open.end), isMedication: open.is_medication };
  for (const start of starts) {
    const end = new Date(start.getTime() + HOUR);
    const range = `[${start.toISOString()},${end.toISOString()})`;
    const during = sql<string>`${range}::tstzrange`;
    const taken = await all(
      tx,
      qb
        .selectFrom('slot_reservations')
        .select(sql.lit(1).as('one'))
        .where('provider_id', '=', provider.id)
        .where(sql<boolean>`during && ${during}`),
    );
    if (taken.length) continue;
    const overlapping = await all(
      tx,
      qb
        .selectFrom('slots')
        .select(['id', sql<boolean>`during = ${during}`.as('exact'), 'availability_type'])
        .where('provider_id', '=', provider.id)
        .where(sql<boolean>`during && ${during}`),
    );
    const exact = overlapping.find((s) => s.exact && s.availability_type === 'online');
    if (exact) return { id: exact.id, start, end };
    if (overlapping.length) continue;
    const created = await firstRow(
      tx,
      qb
        .insertInto('slots')
        .values({ provider_id: provider.id, practice_id: provider.practice_id, during, availability_type: sql.lit('online') })
        .returning('id'),
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
  const during = sql<string>`tstzrange(${slot.start}, ${slot.end}, '[)')`;
  const appointment = await firstRow(
    tx,
    qb
      .insertInto('appointments')
      .values({
        user_id: account.user_id,
        provider_id: provider.id,
        practice_id: provider.practice_id,
        slot_id: slot.id,
        during,
        appointment_mode: 'online',
        // A medication slot is a psychiatry visit.
        counseling_type: slot.isMedication ? 'Medication/Psychiatry' : 'Individual Counseling',
        time_zone: account.zone,
        self_pay: true,
        self_pay_consent_category: 'selfPay',
        booking_funnel: 'Patient Standard Funnel',
        booking_source: 'Self-booking Email',
        app_source: 'patient_web',
        price_cents: price,
        booked_by: account.user_id,
        created_at: paidAt,
      })
      .returning('id'),
  );
  await run(tx, qb.insertInto('appointment_patients').values({ appointment_id: appointment!.id, patient_id: account.patient_id, position: 0 }));
  if (slot.id && slot.start.getTime() > now) {
    await run(
      tx,
      qb
        .insertInto('slot_reservations')
        .values({ provider_id: provider.id, slot_id: slot.id, during, kind: 'booking', held_by: account.user_id, appointment_id: appointment!.id }),
    );
  }
  const transactionId = `txn_local_${paidAt.getTime()}_${appointment!.id}`;
  // A local test gateway transaction taken when it was paid, so the demo payments can be voided or refunded like real ones.
  const payment = await firstRow(
    tx,
    qb
      .insertInto('payments')
      .values({
        appointment_id: appointment!.id,
        user_id: account.user_id,
        patient_id: account.patient_id,
        status: 'succeeded',
        provider: 'card_gateway',
        purpose: 'session',
        amount_cents: price,
        currency: 'USD',
        gateway: 'local',
        transaction_id: transactionId,
        card_brand: 'Visa',
        card_last4: '4242',
        created_by: account.user_id,
        created_at: paidAt,
      })
      .returning('id'),
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
    const providers: Provider[] = await all(
      tx,
      qb
        .selectFrom('providers')
        .select(['id', 'practice_id', 'time_zone', sql<string>`pay_individual::text`.as('pay_individual')])
        .where('id', '=', sql<string>`ANY(${ids.slice(0, 2)}::uuid[])`),
    );
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
    await run(
      tx,
      qb
        .updateTable('appointments')
        .set((eb) => ({
          status: 'cancelled',
          cancelled_at: new Date(lateCancelledStart.getTime() - 6 * HOUR),
          cancelled_by: eb.ref('user_id'),
          cancel_reason_id: constants.appointmentCancellationReasons[0]!.id,
          late_cancel: true,
          cancel_fee_cents: constants.lateCancelFeeCents,
          cancel_fee_status: 'outstanding',
        }))
        .where('id', '=', lateCancelled),
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
    const jamie = await firstRow(
      tx,
      qb
        .insertInto('users')
        .values({
          email: demoVideoPatientEmail,
          first_name: 'Jamie',
          last_name: 'Ortiz',
          user_type: 'patient',
          groups: ['patient'],
          email_verified_at: new Date(now),
        })
        .returning('id'),
    );
    const jamieSelf = await firstRow(
      tx,
      qb
        .insertInto('patients')
        .values({ user_id: jamie!.id, first_name: 'Jamie', last_name: 'Ortiz', date_of_birth: '1988-06-02', relationship: 'Self' })
        .returning('id'),
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

    await run(
      tx,
      qb.insertInto('consents').values({
        patient_id: jordan.patient_id,
        user_id: jordan.user_id,
        consent_type: 'bookAppointmentConsent',
        version: 'demo',
        text: 'Consent to book appointments.',
        source: 'patient_web',
        signer_name: 'Jordan Rivera',
        signer_capacity: 'Self',
        signed_by: jordan.user_id,
        signed_at: dbNow,
        created_by: jordan.user_id,
      }),
    );
  },
};
