/**
 * Recurring series (POST /appointments/series): 8 weekly sessions across the March 14 2027 clock change keep 10:00 in
 * New York, booked in one transaction; a series with a taken time books nothing and names it with the nearest open
 * times; another patient cannot take any of the series' times; one Good Faith Estimate covers the series; the mail
 * lists the 8 and attaches one repeating event; cancelling one excludes it, cancelling the rest ends the series.
 */
import { randomUUID } from 'node:crypto';
import { drainJobs, startTestApp, type TestApp } from '@tests/support/app';
import { TestClock } from '@tests/support/clock';
import { auditRows, callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { bookingBody, consentGiven, hold, makeSlots, selfPatientOf, type TestSlot } from '@tests/support/booking';
import { pdfText } from '@tests/support/pdf';
import { constants } from '@/generated/constants';
import { formatWhen } from '@/domain/date-format';
import { seriesOccurrences } from '@/domain/recurrence';
import { appointmentEventUid, seriesEventUid } from '@/domain/calendar';

const NY = 'America/New_York';
const clock = new TestClock('2027-02-20T12:00:00Z');
let t: TestApp;
let jordan: TestCaller;
let avery: TestCaller;
let providerId: string;

/** Weekly slots at 10:00 New York time from Tuesday 2027-03-02 (the first is the held one), and one at 11:00 beside each. */
async function weeklySlots(firstIso: string, weeks: number, skip: number[] = []): Promise<{ at10: TestSlot[]; at11: TestSlot[] }> {
  const first = new Date(firstIso);
  const occ = seriesOccurrences({ start: first, end: new Date(first.getTime() + 3_600_000) }, 'week', weeks, NY);
  const at10: TestSlot[] = [];
  const at11: TestSlot[] = [];
  for (const o of occ) {
    if (!skip.includes(o.index)) at10.push(...(await makeSlots(t.app.database, 1, { providerId, startAt: o.start })));
    at11.push(...(await makeSlots(t.app.database, 1, { providerId, startAt: new Date(o.start.getTime() + 3_600_000) })));
  }
  return { at10, at11 };
}

async function bookSeries(caller: TestCaller, slot: TestSlot, extra: Record<string, unknown> = {}) {
  const held = await hold(t.app, caller, slot);
  expect(held.statusCode).toBe(201);
  const patient = await selfPatientOf(t.app.database, caller.id);
  return t.app.inject({
    method: 'POST',
    url: '/api/appointments/series',
    headers: { ...caller.headers, 'idempotency-key': randomUUID() },
    payload: { ...bookingBody(held.json().holdId, slot, [{ id: patient.id, consents: consentGiven() }]), repeat: 'week', sessions: 8, ...extra },
  });
}

async function selfPay(caller: TestCaller) {
  const nonce = (
    await t.app.inject({
      method: 'POST',
      url: '/api/patient-cards/tokenize',
      headers: caller.headers,
      payload: { number: constants.testCardNumbers.approved[0]!.number, expiration: '12/39', cvv: '123' },
    })
  ).json().nonce;
  return { selfPay: true, selfPayConsentCategory: 'selfPay', payment: { nonce } };
}

beforeAll(async () => {
  t = await startTestApp({ seed: true, clock });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  avery = await callerFor(t.app, 'avery.johnson@example.com');
  for (const caller of [jordan, avery]) await t.app.database.query('UPDATE users SET time_zone = $2 WHERE id = $1', [caller.id, NY]);
  [{ id: providerId }] = (await t.app.database.query<{ id: string }>(
    'SELECT id FROM providers WHERE removed_at IS NULL AND offers_medication = false AND pay_individual IS NOT NULL ORDER BY id OFFSET 30 LIMIT 1',
  )) as [{ id: string }];
}, 180_000);
afterAll(async () => t?.close());

it('books 8 weekly sessions across the March 2027 change at 10:00 New York time, in one go, with one estimate, one mail and one repeating event', async () => {
  const { at10 } = await weeklySlots('2027-03-02T15:00:00Z', 8);
  const res = await bookSeries(jordan, at10[0]!, await selfPay(jordan));
  expect(res.statusCode).toBe(201);
  const first = res.json();
  expect(first.series).toMatchObject({ repeat: 'week', index: 0, sessions: 8 });

  const sessions = await t.app.database.query<{ id: string; start_at: Date; series_index: number; amount_due_cents: number; is_follow_up: boolean }>(
    `SELECT id, lower(during) AS start_at, series_index, appointment_due_cents(id) AS amount_due_cents, is_follow_up
       FROM appointments WHERE series_id = $1 ORDER BY series_index`,
    [first.series.id],
  );
  expect(sessions.map((s) => s.series_index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  // The same 10:00 in New York each week: 15:00Z before March 14, 14:00Z after.
  expect(sessions.map((s) => formatWhen(s.start_at, NY, 'en'))).toEqual(at10.map((s) => formatWhen(s.start, NY, 'en')));
  expect(sessions.map((s) => new Date(s.start_at).toISOString().slice(11, 16))).toEqual([
    '15:00',
    '15:00',
    '14:00',
    '14:00',
    '14:00',
    '14:00',
    '14:00',
    '14:00',
  ]);
  // Every session holds its time in slot_reservations, and the later ones are follow-ups owed until paid.
  expect(
    Number(
      (
        await t.app.database.query<{ n: string }>("SELECT count(*) AS n FROM slot_reservations WHERE kind = 'booking' AND appointment_id = ANY($1)", [
          sessions.map((s) => s.id),
        ])
      )[0]!.n,
    ),
  ).toBe(8);
  expect(sessions.slice(1).every((s) => s.is_follow_up && s.amount_due_cents > 0)).toBe(true);

  // The portal lists them with their place in the series.
  const listed = (await t.app.inject({ method: 'GET', url: '/api/appointments?when=upcoming', headers: jordan.headers })).json().items;
  expect(listed.filter((a: { series: { id: string } | null }) => a.series?.id === first.series.id)).toHaveLength(8);

  await drainJobs(t.app);
  const mails = await mailTo(t.app, jordan.email);
  const confirmation = mails.filter((m) => m.template === 'appointment-confirmation');
  expect(confirmation).toHaveLength(1);
  for (const s of sessions) expect(confirmation[0]!.text).toContain(formatWhen(s.start_at, NY, 'en'));
  const ics = confirmation[0]!.attachments!.find((a) => a.filename === 'session.ics')!.content.replace(/\r\n[ \t]/g, '');
  expect(ics).toContain('DTSTART;TZID=America/New_York:20270302T100000');
  expect(ics).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=8');
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);

  // One estimate, of the series' 8 sessions, whichever session it is asked from.
  const estimate = mails.find((m) => m.template === 'good-faith-estimate');
  expect(estimate).toBeDefined();
  const fromLater = await t.app.inject({ method: 'GET', url: `/api/appointments/${sessions[5]!.id}/good-faith-estimate`, headers: jordan.headers });
  expect(fromLater.statusCode).toBe(200);
  const issued = await t.app.database.query<{ appointment_id: string; content: { estimate: { sessions: number; to: string; totalCents: number } } }>(
    'SELECT appointment_id, content FROM good_faith_estimates WHERE appointment_id = ANY($1)',
    [sessions.map((s) => s.id)],
  );
  expect(issued).toHaveLength(1);
  expect(issued[0]!.appointment_id).toBe(first.id);
  expect(issued[0]!.content.estimate).toMatchObject({ sessions: 8, to: '2027-04-20' });
  expect((await pdfText(fromLater.rawPayload)).text).toContain('8');

  // A second patient cannot hold or book any of the series' times; the exclusion constraint still holds underneath.
  for (const slot of at10.slice(1)) {
    const taken = await hold(t.app, avery, slot);
    expect(taken.statusCode).toBe(409);
  }
  await expect(
    t.app.database.query(
      `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by)
       SELECT $1, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, false, 'patient_web', $1 FROM appointments WHERE id = $2`,
      [avery.id, sessions[4]!.id],
    ),
  ).rejects.toThrow(/appointments_no_overlap|exclusion/);

  // Cancel one: the series' event excludes it. Then cancel the rest from the sixth: 6, 7 and 8 end.
  const one = await t.app.inject({
    method: 'POST',
    url: `/api/appointments/${sessions[2]!.id}/cancel`,
    headers: jordan.headers,
    payload: { reasonId: 'illness' },
  });
  expect(one.statusCode).toBe(200);
  await drainJobs(t.app);
  const cancelMail = (await mailTo(t.app, jordan.email)).find((m) => m.template === 'appointment-cancellation')!;
  const cancelIcs = cancelMail.attachments!.find((a) => a.filename === 'session.ics')!.content;
  expect(cancelIcs).toContain('EXDATE;TZID=America/New_York:20270316T100000');
  expect(cancelIcs).toContain('STATUS:CONFIRMED');

  // "Add to calendar" on any session of the series: the series' one event under its own UID (not a session's), the
  // cancelled one excluded; someone else gets nothing.
  const calendarOf = (id: string, caller = jordan) => t.app.inject({ method: 'GET', url: `/api/appointments/${id}/calendar`, headers: caller.headers });
  const download = await calendarOf(sessions[4]!.id);
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toMatch(/^text\/calendar/);
  const file = download.body.replace(/\r\n[ \t]/g, '');
  expect(file).toContain(`UID:${seriesEventUid(first.series.id)}`);
  expect(file).not.toContain(`UID:${appointmentEventUid(sessions[4]!.id)}`);
  expect(file).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=8');
  expect(file).toContain('EXDATE;TZID=America/New_York:20270316T100000');
  expect(file.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect((await calendarOf(sessions[4]!.id, avery)).statusCode).toBe(404);
  // A moved session (the fourth, to the next day at 15:30) is an override of its occurrence.
  await t.app.database.query(
    `UPDATE appointments SET rescheduled_from = lower(during), during = tstzrange(lower(during) + interval '1 day 5 hours 30 minutes', upper(during) + interval '1 day 5 hours 30 minutes'), updated_at = now() WHERE id = $1`,
    [sessions[3]!.id],
  );
  const moved = (await calendarOf(sessions[0]!.id)).body.replace(/\r\n[ \t]/g, '');
  expect(moved.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  expect(moved).toContain('RECURRENCE-ID;TZID=America/New_York:20270323T100000');
  expect(moved).toContain('DTSTART;TZID=America/New_York:20270324T153000');
  expect(moved).toContain('DTSTART;TZID=America/New_York:20270302T100000');

  // Someone else cannot reach the series.
  const foreign = await t.app.inject({
    method: 'POST',
    url: `/api/appointments/${sessions[5]!.id}/cancel-rest`,
    headers: avery.headers,
    payload: { reasonId: 'illness' },
  });
  expect(foreign.statusCode).toBe(404);
  const rest = await t.app.inject({
    method: 'POST',
    url: `/api/appointments/${sessions[5]!.id}/cancel-rest`,
    headers: jordan.headers,
    payload: { reasonId: 'illness' },
  });
  expect(rest.statusCode).toBe(200);
  expect(rest.json().items.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual(sessions.slice(5).map((s) => [s.id, 'cancelled']));
  const statuses = await t.app.database.query<{ status: string }>('SELECT status FROM appointments WHERE series_id = $1 ORDER BY series_index', [
    first.series.id,
  ]);
  expect(statuses.map((s) => s.status)).toEqual(['booked', 'booked', 'cancelled', 'booked', 'booked', 'cancelled', 'cancelled', 'cancelled']);
  expect((await auditRows(t.app, "action = 'cancelAppointmentSeriesRest'")).length).toBeGreaterThan(0);
  expect((await auditRows(t.app, "action = 'createAppointmentSeries'")).length).toBeGreaterThan(0);
});

it('books nothing when a later time is taken, naming it with the nearest open times, and a single session has no cancel-rest', async () => {
  const { at10, at11 } = await weeklySlots('2027-06-01T14:00:00Z', 8, [4]);
  const before = Number((await t.app.database.query<{ n: string }>('SELECT count(*) AS n FROM appointments'))[0]!.n);
  const res = await bookSeries(avery, at10[0]!, await selfPay(avery));
  expect([res.statusCode, res.json().errorCode]).toEqual([409, 3005]);
  const body = res.json();
  expect(body.errorCode).toBe(3005);
  const missing = seriesOccurrences({ start: new Date(at10[0]!.start), end: new Date(at10[0]!.end) }, 'week', 8, NY)[4]!;
  expect(body.taken).toEqual([{ index: 4, start: missing.start.toISOString() }]);
  expect(body.alternatives[0].index).toBe(4);
  // the nearest: 11:00 that day first
  expect(body.alternatives[0].slots[0]).toMatchObject({ slotId: at11[4]!.id, start: at11[4]!.start });
  expect(body.description).toContain(formatWhen(missing.start, NY, 'en'));
  expect(Number((await t.app.database.query<{ n: string }>('SELECT count(*) AS n FROM appointments'))[0]!.n)).toBe(before);

  // More sessions than the limit are refused by the schema.
  const tooMany = await bookSeries(avery, at10[0]!, { ...(await selfPay(avery)), sessions: constants.seriesMaxSessions + 1 });
  expect(tooMany.statusCode).toBe(400);

  const single = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { ...avery.headers, 'idempotency-key': randomUUID() },
    payload: bookingBody(
      (await hold(t.app, avery, at10[0]!)).json().holdId,
      at10[0]!,
      [{ id: (await selfPatientOf(t.app.database, avery.id)).id, consents: consentGiven() }],
      await selfPay(avery),
    ),
  });
  expect(single.statusCode).toBe(201);
  expect(single.json().series).toBeNull();
  const rest = await t.app.inject({
    method: 'POST',
    url: `/api/appointments/${single.json().id}/cancel-rest`,
    headers: avery.headers,
    payload: { reasonId: 'illness' },
  });
  expect(rest.statusCode).toBe(404);
});

it('support books a series for a caller (named by account or by e-mail): the caller’s sessions, consents from support, audited as the agent, not counted against the agent', async () => {
  const sam = await callerFor(t.app, 'sam.okafor@example.com');
  const support = { ...sam.headers, 'x-app-source': 'support_web' };
  const patient = await selfPatientOf(t.app.database, avery.id);
  const nonce = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/patient-cards/tokenize',
        headers: sam.headers,
        payload: { number: constants.testCardNumbers.approved[0]!.number, expiration: '12/39', cvv: '123' },
      })
    ).json().nonce as string;
  const bookFor = async (slot: TestSlot, who: Record<string, string>) => {
    const held = await hold(t.app, sam, slot);
    expect(held.statusCode).toBe(201);
    return t.app.inject({
      method: 'POST',
      url: '/api/appointments/series',
      headers: { ...support, 'idempotency-key': randomUUID() },
      payload: {
        ...bookingBody(held.json().holdId, slot, [{ id: patient.id, consents: consentGiven('support_web') }]),
        selfPay: true,
        selfPayConsentCategory: 'selfPay',
        payment: { nonce: await nonce() },
        repeat: 'otherWeek',
        sessions: 3,
        ...who,
      },
    });
  };

  // By account: every other week, three sessions, at 10:00 in the caller's zone.
  const first = await weeklySlots('2027-09-07T14:00:00Z', 5);
  const res = await bookFor(first.at10[0]!, { userId: avery.id });
  expect(res.statusCode).toBe(201);
  const booked = res.json();
  expect(booked.series).toMatchObject({ repeat: 'otherWeek', index: 0, sessions: 3 });
  const sessions = await t.app.database.query<{ id: string; user_id: string; start_at: Date }>(
    'SELECT id, user_id, lower(during) AS start_at FROM appointments WHERE series_id = $1 ORDER BY series_index',
    [booked.series.id],
  );
  expect(sessions.map((s) => s.user_id)).toEqual([avery.id, avery.id, avery.id]);
  expect(sessions.map((s) => new Date(s.start_at).toISOString())).toEqual([0, 2, 4].map((i) => new Date(first.at10[i]!.start).toISOString()));
  // The caller sees them in their own list.
  const theirs = (await t.app.inject({ method: 'GET', url: '/api/appointments?when=upcoming', headers: avery.headers })).json().items as {
    id: string;
    series: { id: string } | null;
  }[];
  expect(theirs.filter((a) => a.series?.id === booked.series.id)).toHaveLength(3);
  // The consents say support took them; the audit names the agent and the booking.
  const sources = await t.app.database.query<{ source: string }>('SELECT DISTINCT source FROM consents WHERE appointment_id = $1', [booked.id]);
  expect(sources.map((s) => s.source)).toEqual(['support_web']);
  const audit = await auditRows(t.app, "action = 'createAppointmentSeries' AND actor_id = $1", [sam.id]);
  expect(audit).toContainEqual(expect.objectContaining({ outcome: 'success', record_type: 'appointment', record_id: booked.id }));

  // By e-mail, as the support booking names a caller it has not opened.
  const more = await weeklySlots('2027-11-02T15:00:00Z', 5);
  const again = await bookFor(more.at10[0]!, { email: avery.email });
  expect(again.statusCode).toBe(201);
  expect((await t.app.database.query<{ user_id: string }>('SELECT user_id FROM appointments WHERE id = $1', [again.json().id]))[0]!.user_id).toBe(avery.id);
  // Staff book for caller after caller: neither series counted against the agent (as createSupportAppointment is not).
  expect(await t.app.database.query("SELECT count FROM rate_counters WHERE scope = 'booking:account' AND key = $1", [sam.id])).toEqual([]);
});
