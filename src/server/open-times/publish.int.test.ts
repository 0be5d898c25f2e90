/**
 * SMART Scheduling Links bulk publication (issue 21 item 3): the manifest and its three NDJSON files read
 * without an account, in the shapes of the specification, and a slot leaves the Slot file while someone
 * holds its time.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor } from '@tests/support/sessions';
import { hold, makeSlots } from '@tests/support/booking';
import { BOOKING_DEEP_LINK } from './publish';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
}, 180_000);
afterAll(async () => t?.close());

type Resource = Record<string, unknown> & { resourceType: string; id: string };

async function file(url: string): Promise<Resource[]> {
  const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/fhir+ndjson');
  return res.body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Resource);
}

describe('GET /api/$bulk-publish', () => {
  it('names Location, Schedule and Slot files whose resources refer to each other and link to our booking', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/$bulk-publish' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ request: expect.stringMatching(/\/api\/\$bulk-publish$/), error: [] });
    expect(Number.isNaN(Date.parse(body.transactionTime))).toBe(false);
    expect(body.output.map((o: { type: string }) => o.type).sort()).toEqual(['Location', 'Schedule', 'Slot']);
    const byType = Object.fromEntries(body.output.map((o: { type: string; url: string }) => [o.type, o.url])) as Record<string, string>;

    const locations = await file(byType.Location!);
    const schedules = await file(byType.Schedule!);
    const slots = await file(byType.Slot!);
    expect(locations.length).toBeGreaterThan(0);
    for (const l of locations.slice(0, 20)) {
      expect(l).toMatchObject({
        resourceType: 'Location',
        address: { line: [expect.any(String)], city: expect.any(String), state: expect.stringMatching(/^[A-Z]{2}$/) },
      });
    }
    const locationIds = new Set(locations.map((l) => l.id));
    for (const s of schedules) {
      expect(s.resourceType).toBe('Schedule');
      const [actor] = s.actor as { reference: string }[];
      expect(locationIds.has(actor!.reference.replace('Location/', ''))).toBe(true);
      expect(Array.isArray(s.serviceType)).toBe(true);
    }
    const scheduleIds = new Set(schedules.map((s) => s.id));
    expect(slots.length).toBeGreaterThan(0);
    for (const s of slots.slice(0, 200)) {
      expect(s).toMatchObject({ resourceType: 'Slot', status: 'free' });
      expect(scheduleIds.has((s.schedule as { reference: string }).reference.replace('Schedule/', ''))).toBe(true);
      expect(Date.parse(s.end as string)).toBeGreaterThan(Date.parse(s.start as string));
      const link = (s.extension as { url: string; valueUrl: string }[]).find((e) => e.url === BOOKING_DEEP_LINK)!.valueUrl;
      expect(new URL(link).searchParams.get('slotId')).toBe(s.id);
    }
  });

  it('leaves out a time while someone holds it', async () => {
    const start = new Date(Math.ceil(Date.now() / 86_400_000 + 12) * 86_400_000 + 16 * 3_600_000);
    const [slot] = await makeSlots(t.app.database, 1, { startAt: start });
    const listed = async () => (await file('http://x/api/open-times/slots.ndjson')).some((s) => s.id === slot!.id);
    expect(await listed()).toBe(true);
    const jordan = await callerFor(t.app, 'jordan.rivera@example.com');
    expect((await hold(t.app, jordan, slot!)).statusCode).toBe(201);
    expect(await listed()).toBe(false);
  });
});
