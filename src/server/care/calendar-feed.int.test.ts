/**
 * A clinician's private calendar feed: a secret address of their booked sessions, read by any
 * calendar app without signing in; no patient names in it; a new address or revoking stops the old one at once.
 */
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { bookingBody, consentGiven, hold, makeSlots, selfPatientOf } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { appointmentEventUid } from '@/domain/calendar';
import { localStampIn } from '@/domain/calendar-zone';

let t: TestApp;
let clinician: TestCaller;
let jordan: TestCaller;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  clinician = await callerFor(t.app, 'morgan.lee@example.com');
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
}, 180_000);
afterAll(async () => t?.close());

const pathOf = (url: string) => new URL(url).pathname;

describe('calendar feed', () => {
  it('lists the clinician’s booked sessions without patient names, and a new address or revoking ends the old one', async () => {
    const [{ provider_id: providerId }] = (await t.app.database.query<{ provider_id: string }>('SELECT provider_id FROM users WHERE id = $1', [
      clinician.id,
    ])) as [{ provider_id: string }];
    const start = new Date(Math.ceil(Date.now() / 86_400_000 + 15) * 86_400_000 + 15 * 3_600_000);
    const [slot] = await makeSlots(t.app.database, 1, { providerId, startAt: start });
    const self = await selfPatientOf(t.app.database, jordan.id);
    const held = (await hold(t.app, jordan, slot!)).json();
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], { insuranceId: await insurePatient(t.app.database, self.id) }),
    });
    expect(booked.statusCode).toBe(201);

    expect((await t.app.inject({ method: 'GET', url: '/api/care/calendar-feed', headers: clinician.headers })).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const made = await t.app.inject({ method: 'POST', url: '/api/care/calendar-feed', headers: clinician.headers });
    expect(made.statusCode).toBe(201);
    const first = made.json().url as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/care/calendar-feed', headers: clinician.headers })).json().active).toBe(true);

    // Read without signing in, as a calendar app does.
    const feed = await t.app.inject({ method: 'GET', url: pathOf(first) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain(`UID:${appointmentEventUid(booked.json().id)}`);
    expect(feed.body).not.toContain(self.lastName);
    // In the clinician's own zone (their schedule's): a wall-clock time with TZID and that zone's VTIMEZONE.
    const [{ time_zone: zone }] = (await t.app.database.query<{ time_zone: string }>('SELECT time_zone FROM providers WHERE id = $1', [providerId])) as [
      { time_zone: string },
    ];
    expect(feed.body).toContain(`TZID:${zone}\r\n`);
    expect(feed.body).toContain(`DTSTART;TZID=${zone}:${localStampIn(zone, slot!.start)}\r\n`);

    // A new address ends the first; revoking ends the second.
    const second = (await t.app.inject({ method: 'POST', url: '/api/care/calendar-feed', headers: clinician.headers })).json().url as string;
    expect((await t.app.inject({ method: 'GET', url: pathOf(first) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pathOf(second) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/care/calendar-feed', headers: clinician.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: pathOf(second) })).statusCode).toBe(404);
    // Patients have no feed to make.
    expect((await t.app.inject({ method: 'POST', url: '/api/care/calendar-feed', headers: jordan.headers })).statusCode).toBe(403);
  });
});
