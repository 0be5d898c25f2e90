import moment from 'moment-timezone';
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, makeSlots, selfPatientOf } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { messages } from '@/generated/messages';

let t: TestApp;
let clinician: TestCaller;
let jordan: TestCaller;
let providerId: string;
let practiceId: string;
let zone: string;
let bookedSlot: { id: string; start: string; end: string };

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  clinician = await callerFor(t.app, 'morgan.lee@example.com');
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  [{ provider_id: providerId }] = (await t.app.database.query<{ provider_id: string }>('SELECT provider_id FROM users WHERE id = $1', [clinician.id])) as [
    { provider_id: string },
  ];
  [{ practice_id: practiceId, time_zone: zone }] = (await t.app.database.query<{ practice_id: string; time_zone: string }>(
    'SELECT practice_id, time_zone FROM providers WHERE id = $1',
    [providerId],
  )) as [{ practice_id: string; time_zone: string }];
  // A booking ten days ahead at 10:00 local, inside the weekly hours saved below.
  const now = t.app.clock.now();
  let day = moment.tz(now, zone).add(10, 'days').startOf('day');
  while (day.isoWeekday() > 5) day = day.add(1, 'day');
  await t.app.database.query(
    'DELETE FROM slots s WHERE provider_id = $1 AND during && tstzrange($2, $3) AND NOT EXISTS (SELECT 1 FROM slot_reservations r WHERE r.slot_id = s.id) AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.slot_id = s.id)',
    [providerId, day.toISOString(), day.clone().add(1, 'day').toISOString()],
  );
  const [slot] = await makeSlots(t.app.database, 1, { providerId, startAt: day.clone().hour(10).toDate() });
  const self = await selfPatientOf(t.app.database, jordan.id);
  const { booked } = await bookSlot(t.app, jordan, slot!, [{ id: self.id, consents: consentGiven() }], {
    insuranceId: await insurePatient(t.app.database, self.id, { acceptedAt: slot!.practiceId }),
  });
  expect(booked?.statusCode).toBe(201);
  bookedSlot = slot!;
}, 180_000);
afterAll(async () => t?.close());

const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end, mode: 'online', practiceId }));
const plan = (over: Record<string, unknown> = {}) => ({
  timeZone: zone,
  slotMinutes: 60,
  bufferMinutes: 0,
  minNoticeHours: 24,
  windows: weekdays('09:00', '12:00'),
  exceptions: [],
  ...over,
});
const save = (caller: TestCaller, payload: unknown, removePracticeTimes?: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/care/availability${removePracticeTimes === undefined ? '' : `?removePracticeTimes=${removePracticeTimes}`}`,
    headers: caller.headers,
    payload: payload as Record<string, unknown>,
  });

describe('a clinician saves weekly availability', () => {
  it('starts from the defaults in the provider zone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/care/availability', headers: clinician.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      saved: false,
      provider: { id: providerId, practice: { id: practiceId } },
      availability: { timeZone: zone, slotMinutes: 60, windows: [] },
    });
  });

  it('warns before a first save removes open times the practice set up: their number, and nothing changes until the clinician agrees', async () => {
    const openBefore = async () =>
      (
        await t.app.database.query<{ id: string }>('SELECT id FROM slots WHERE provider_id = $1 AND lower(during) >= $2 ORDER BY id', [
          providerId,
          t.app.clock.now().toISOString(),
        ])
      ).map((r) => r.id);
    const before = await openBefore();
    const warned = await save(clinician, plan());
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({ errorCode: 'AVAILABILITY_REMOVES_PRACTICE_TIMES', removedOpenTimes: expect.any(Number) });
    const count = warned.json().removedOpenTimes as number;
    expect(count).toBeGreaterThan(0);
    expect(warned.json().message).toContain(`removes ${count} open times`);
    expect(await openBefore()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/care/availability', headers: clinician.headers })).json().saved).toBe(false);
    // Agreeing to fewer than that still changes nothing.
    expect((await save(clinician, plan(), count - 1)).statusCode).toBe(409);
    expect(await openBefore()).toEqual(before);
  });

  it('regenerates the open slots: weekday mornings only, the booked one kept, search and profile show the new times', async () => {
    const count = (await save(clinician, plan())).json().removedOpenTimes as number;
    const res = await save(clinician, plan(), count);
    expect(res.statusCode).toBe(200);
    expect(res.json().regenerated.removed).toBe(count);
    const body = res.json();
    expect(body.saved).toBe(true);
    expect(body.availability.windows).toHaveLength(5);
    expect(body.regenerated.created).toBeGreaterThan(20);
    const future = await t.app.database.query<{ id: string; start_at: Date }>(
      'SELECT id, lower(during) AS start_at FROM slots WHERE provider_id = $1 AND lower(during) >= $2 ORDER BY lower(during)',
      [providerId, t.app.clock.now().toISOString()],
    );
    const hours = new Set(future.filter((s) => s.id !== bookedSlot.id).map((s) => moment.tz(s.start_at, zone).format('E HH:mm')));
    for (const h of hours) expect(h).toMatch(/^[1-5] (09|10|11):00$/);
    expect(future.map((s) => s.id)).toContain(bookedSlot.id);
    // The booked time has no second slot beside it.
    expect(future.filter((s) => new Date(s.start_at).toISOString() === new Date(bookedSlot.start).toISOString())).toHaveLength(1);
    const days = moment.tz(t.app.clock.now(), zone);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/providers/${providerId}/availability?startDate=${days.clone().add(5, 'days').format('YYYY-MM-DD')}&endDate=${days.clone().add(19, 'days').format('YYYY-MM-DD')}`,
    });
    expect(profile.statusCode).toBe(200);
    const shown = profile.json().slots as { start: string }[];
    expect(shown.length).toBeGreaterThan(10);
    for (const s of shown) expect(moment.tz(s.start, zone).format('HH:mm')).toMatch(/^(09|10|11):00$/);
    const [summary] = await t.app.database.query<{ open_slots: number }>('SELECT open_slots FROM provider_search WHERE provider_id = $1 LIMIT 1', [providerId]);
    expect(summary!.open_slots).toBeGreaterThan(0);
    expect((await auditRows(t.app, "action = 'saveCareAvailability' AND actor_id = $1", [clinician.id])).at(-1)).toMatchObject({
      record_type: 'provider',
      record_id: providerId,
      outcome: 'success',
    });
  });

  it('saving the same plan again keeps every slot with its id', async () => {
    const before = await t.app.database.query<{ id: string }>('SELECT id FROM slots WHERE provider_id = $1 AND lower(during) >= $2 ORDER BY id', [
      providerId,
      t.app.clock.now().toISOString(),
    ]);
    const res = await save(clinician, plan());
    expect(res.json().regenerated).toMatchObject({ created: 0, removed: 0 });
    const after = await t.app.database.query<{ id: string }>('SELECT id FROM slots WHERE provider_id = $1 AND lower(during) >= $2 ORDER BY id', [
      providerId,
      t.app.clock.now().toISOString(),
    ]);
    expect(after).toEqual(before);
  });

  it('a blocked day and a shorter week take slots away, never the booked one', async () => {
    const bookedDay = moment.tz(bookedSlot.start, zone).format('YYYY-MM-DD');
    const res = await save(clinician, plan({ windows: weekdays('13:00', '15:00'), exceptions: [{ kind: 'blocked', date: bookedDay }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().regenerated.removed).toBeGreaterThan(0);
    const onDay = await t.app.database.query<{ id: string }>('SELECT id FROM slots WHERE provider_id = $1 AND during && tstzrange($2, $3)', [
      providerId,
      moment.tz(bookedDay, zone).toISOString(),
      moment.tz(bookedDay, zone).add(1, 'day').toISOString(),
    ]);
    expect(onDay.map((s) => s.id)).toEqual([bookedSlot.id]);
  });

  it('a held slot (a live hold) survives a save that no longer has its time; an expired hold does not keep its slot', async () => {
    const bookedDay = moment.tz(bookedSlot.start, zone).format('YYYY-MM-DD');
    const open = await t.app.database.query<{ id: string; during: string }>(
      `SELECT s.id, s.during::text AS during FROM slots s
        WHERE s.provider_id = $1 AND lower(s.during) >= $2::timestamptz + interval '3 days'
          AND NOT EXISTS (SELECT 1 FROM slot_reservations r WHERE r.slot_id = s.id)
        ORDER BY lower(s.during) LIMIT 2`,
      [providerId, t.app.clock.now().toISOString()],
    );
    expect(open).toHaveLength(2);
    const [held, lapsed] = open as [{ id: string; during: string }, { id: string; during: string }];
    // Both are afternoon times of the plan saved before; the plan saved now has mornings only.
    for (const slot of open) expect(moment.tz(slot.during.slice(2, 24), zone).hour()).toBeGreaterThanOrEqual(13);
    const reserve = (slotId: string, expiresAt: string) =>
      t.app.database.query(
        "INSERT INTO slot_reservations (provider_id, slot_id, during, kind, held_by, expires_at) SELECT provider_id, id, during, 'hold', $2, $3 FROM slots WHERE id = $1",
        [slotId, jordan.id, expiresAt],
      );
    await reserve(held.id, new Date(t.app.clock.now().getTime() + 3_600_000).toISOString());
    await reserve(lapsed.id, new Date(t.app.clock.now().getTime() - 60_000).toISOString());

    const res = await save(clinician, plan({ windows: weekdays('09:00', '12:00'), exceptions: [{ kind: 'blocked', date: bookedDay }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().regenerated.created).toBeGreaterThan(0);

    const [kept] = await t.app.database.query<{ id: string; during: string }>('SELECT id, during::text AS during FROM slots WHERE id = $1', [held.id]);
    expect(kept).toEqual(held);
    expect(await t.app.database.query('SELECT 1 FROM slot_reservations WHERE slot_id = $1 AND kind = $2', [held.id, 'hold'])).toHaveLength(1);
    // Nothing new was laid over the held time.
    expect(
      await t.app.database.query('SELECT id FROM slots WHERE provider_id = $1 AND during && $2::tstzrange AND id <> $3', [providerId, held.during, held.id]),
    ).toEqual([]);
    expect(await t.app.database.query('SELECT 1 FROM slots WHERE id = $1', [lapsed.id])).toEqual([]);
    const day = moment.tz(held.during.slice(2, 24), zone).format('YYYY-MM-DD');
    const calendar = await t.app.inject({ method: 'GET', url: `/api/care/calendar?from=${day}&days=1`, headers: clinician.headers });
    expect(calendar.json().slots).toContainEqual(expect.objectContaining({ id: held.id, state: 'held' }));
  });

  it('refuses a plan that breaks the rules, one message per window, and changes nothing', async () => {
    const before = await t.app.database.query('SELECT count(*)::int AS n FROM slots WHERE provider_id = $1', [providerId]);
    const res = await save(
      clinician,
      plan({ windows: [...weekdays('09:00', '12:00'), { weekday: 1, start: '11:00', end: '13:00', mode: 'online', practiceId }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'windows.5', keyword: 'x-overlap', reason: messages['availability.overlap'] }]);
    const other = await save(clinician, plan({ slotMinutes: 55 }));
    expect(other.json().errors[0]).toMatchObject({ field: 'slotMinutes', reason: messages['availability.slotLength'] });
    const elsewhere = await save(
      clinician,
      plan({ windows: [{ weekday: 1, start: '09:00', end: '10:00', mode: 'in_person', practiceId: '00000000-0000-4000-8000-000000000000' }] }),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(await t.app.database.query('SELECT count(*)::int AS n FROM slots WHERE provider_id = $1', [providerId])).toEqual(before);
  });

  it('the calendar shows the week: slots open or booked, and the sessions on top', async () => {
    const from = moment.tz(bookedSlot.start, zone).format('YYYY-MM-DD');
    const res = await t.app.inject({ method: 'GET', url: `/api/care/calendar?from=${from}&days=1`, headers: clinician.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.slots).toEqual([expect.objectContaining({ id: bookedSlot.id, state: 'booked' })]);
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0].patients[0]).toMatchObject({ firstName: 'Jordan' });
    expect((await t.app.inject({ method: 'GET', url: '/api/care/calendar?days=99', headers: clinician.headers })).statusCode).toBe(400);
  });

  it('is for clinicians: patients and support staff are refused', async () => {
    for (const email of ['jordan.rivera@example.com', 'sam.okafor@example.com']) {
      const caller = await callerFor(t.app, email);
      expect((await save(caller, plan())).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/care/calendar', headers: caller.headers })).statusCode).toBe(403);
    }
  });
});
