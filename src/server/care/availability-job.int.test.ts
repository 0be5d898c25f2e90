/**
 * The daily availability-slots job: a week after a clinician saved their weekly hours,
 * the job makes their open times reach the end of the availability window again, from the saved
 * availability as it is now, and never touches a booked or held slot.
 */
import moment from 'moment-timezone';
import { constants } from '@/generated/constants';
import { startTestApp, type TestApp } from '@tests/support/app';
import { TestClock } from '@tests/support/clock';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, selfPatientOf, type TestSlot } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { jobDefinitions } from '../jobs/registry';
import { availabilitySlotsJob } from './availability-job';

const DAY = 24 * 3_600_000;
const clock = new TestClock(new Date());
let t: TestApp;
let clinician: TestCaller;
let jordan: TestCaller;
let providerId: string;
let practiceId: string;
let zone: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true, clock });
  clinician = await callerFor(t.app, 'morgan.lee@example.com');
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  [{ provider_id: providerId }] = (await t.app.database.query<{ provider_id: string }>('SELECT provider_id FROM users WHERE id = $1', [clinician.id])) as [
    { provider_id: string },
  ];
  [{ practice_id: practiceId, time_zone: zone }] = (await t.app.database.query<{ practice_id: string; time_zone: string }>(
    'SELECT practice_id, time_zone FROM providers WHERE id = $1',
    [providerId],
  )) as [{ practice_id: string; time_zone: string }];
}, 180_000);
afterAll(async () => t?.close());

interface SlotRow {
  id: string;
  start_at: Date;
  end_at: Date;
  mode: 'online' | 'in_person';
}
const futureSlots = () =>
  t.app.database.query<SlotRow>(
    'SELECT id, lower(during) AS start_at, upper(during) AS end_at, availability_type AS mode FROM slots WHERE provider_id = $1 AND lower(during) >= $2 ORDER BY lower(during)',
    [providerId, clock.now().toISOString()],
  );
const localDay = (at: Date) => moment.tz(at, zone).format('YYYY-MM-DD');
const asTestSlot = (s: SlotRow): TestSlot => ({
  id: s.id,
  providerId,
  practiceId,
  start: new Date(s.start_at).toISOString(),
  end: new Date(s.end_at).toISOString(),
  availabilityType: s.mode,
});

it('is a daily job of the engine', () => {
  expect(jobDefinitions).toContain(availabilitySlotsJob);
  expect(availabilitySlotsJob).toMatchObject({ name: 'availability-slots', cron: constants.availabilitySlotsCron });
  expect(availabilitySlotsJob.cron).toMatch(/^\d+ \d+ \* \* \*$/);
});

it('a week on, extends the open times to the end of the window from the saved availability; booked and held slots untouched', async () => {
  // The clinician agrees to remove the open times the practice set up (however many there are).
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/care/availability?removePracticeTimes=100000',
    headers: clinician.headers,
    payload: {
      timeZone: zone,
      slotMinutes: 60,
      bufferMinutes: 0,
      minNoticeHours: 24,
      windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '12:00', mode: 'online', practiceId })),
      exceptions: [],
    },
  });
  expect(saved.statusCode).toBe(200);
  const before = await futureSlots();
  const lastBefore = localDay(before.at(-1)!.start_at);
  const windowEnd = moment
    .tz(clock.now(), zone)
    .add(constants.availabilityWindowDays - 1, 'days')
    .format('YYYY-MM-DD');
  expect(lastBefore <= windowEnd).toBe(true);

  // A session booked 10 days ahead, and a slot of another day held by a booking in progress (past the week).
  const days = [...new Set(before.map((s) => localDay(s.start_at)))];
  const tenDaysOn = moment.tz(clock.now(), zone).add(10, 'days').format('YYYY-MM-DD');
  const bookedDay = days.find((d) => d >= tenDaysOn)!;
  const heldDay = days.find((d) => d > bookedDay)!;
  const toBook = before.find((s) => localDay(s.start_at) === bookedDay)!;
  const toHold = before.find((s) => localDay(s.start_at) === heldDay)!;
  const self = await selfPatientOf(t.app.database, jordan.id);
  const { booked } = await bookSlot(t.app, jordan, asTestSlot(toBook), [{ id: self.id, consents: consentGiven() }], {
    insuranceId: await insurePatient(t.app.database, self.id, { acceptedAt: practiceId }),
  });
  expect(booked?.statusCode).toBe(201);
  await t.app.database.query(
    "INSERT INTO slot_reservations (provider_id, slot_id, during, kind, held_by, expires_at) SELECT provider_id, id, during, 'hold', $2, $3 FROM slots WHERE id = $1",
    [toHold.id, jordan.id, new Date(clock.now().getTime() + 8 * DAY).toISOString()],
  );
  // Since then the clinician blocked both days (as saved availability): the job follows it, but keeps those two slots.
  await t.app.database.query(
    "INSERT INTO provider_availability_exceptions (provider_id, kind, on_date) VALUES ($1, 'blocked', $2::date), ($1, 'blocked', $3::date)",
    [providerId, bookedDay, heldDay],
  );

  clock.advance(7 * DAY);
  await availabilitySlotsJob.run(t.app, undefined);

  const after = await futureSlots();
  const lastAfter = localDay(after.at(-1)!.start_at);
  const newWindowEnd = moment
    .tz(clock.now(), zone)
    .add(constants.availabilityWindowDays - 1, 'days')
    .format('YYYY-MM-DD');
  // The window moved a week: new open times past the old last day, up to the new end, weekday mornings only.
  expect(lastAfter > lastBefore).toBe(true);
  expect(lastAfter <= newWindowEnd).toBe(true);
  expect(moment.tz(newWindowEnd, zone).diff(moment.tz(lastAfter, zone), 'days')).toBeLessThan(3);
  const added = after.filter((s) => localDay(s.start_at) > lastBefore);
  expect(added.length).toBeGreaterThanOrEqual(9);
  for (const s of added) expect(moment.tz(s.start_at, zone).format('E HH:mm')).toMatch(/^[1-5] (09|10|11):00$/);
  // Slots the availability still makes keep their ids.
  const kept = before.filter((s) => s.start_at.getTime() > clock.now().getTime() + DAY && ![bookedDay, heldDay].includes(localDay(s.start_at)));
  expect(after.map((s) => s.id)).toEqual(expect.arrayContaining(kept.map((s) => s.id)));
  // The blocked days keep only the booked and the held slot, as they were.
  expect(after.filter((s) => localDay(s.start_at) === bookedDay)).toEqual([toBook]);
  expect(after.filter((s) => localDay(s.start_at) === heldDay)).toEqual([toHold]);
  expect(await t.app.database.query('SELECT 1 FROM slot_reservations WHERE slot_id = $1', [toHold.id])).toHaveLength(1);
  expect(await t.app.database.query('SELECT status FROM appointments WHERE slot_id = $1', [toBook.id])).toEqual([{ status: 'booked' }]);
  const [search] = await t.app.database.query<{ open_slots: number }>('SELECT open_slots FROM provider_search WHERE provider_id = $1 LIMIT 1', [providerId]);
  expect(search!.open_slots).toBeGreaterThan(0);

  // Run again the same day: nothing more to make.
  const again = after.map((s) => s.id);
  await availabilitySlotsJob.run(t.app, undefined);
  expect((await futureSlots()).map((s) => s.id)).toEqual(again);
});
