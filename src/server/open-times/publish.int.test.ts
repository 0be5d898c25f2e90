/**
 * SMART Scheduling Links bulk publication (HL7 STU 1, 1.0.0): the manifest and its four NDJSON files, read without an
 * account and whatever the client accepts, conform to the guide and to the FHIR R4 schema (tests/support/
 * smart-scheduling-links.ts); a video time sits on a Schedule whose Location is virtual; a time says whether new
 * patients may book it, as its provider says; and a time leaves the Slot file while someone holds it and for good once
 * it is booked.
 */
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, hold, makeSlots, selfPatientOf } from '@tests/support/booking';
import { conformanceProblems, isVirtual, readNdjson, type Manifest, type Resource } from '@tests/support/smart-scheduling-links';
import { isoInstant } from '@/domain/dates';
import { SSL_EXTENSION } from '@/domain/smart-scheduling';

let t: TestApp;
let jordan: TestCaller;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
}, 180_000);
afterAll(async () => t?.close());

const pathOf = (url: string) => new URL(url).pathname;

async function get(url: string, accept?: string) {
  return t.app.inject({ method: 'GET', url: pathOf(url), headers: accept ? { accept } : {} });
}

async function publication(): Promise<{ manifest: Manifest & { output: { type: string; url: string }[] }; files: Record<string, string> }> {
  const manifest = (await get('http://x/api/$bulk-publish')).json();
  const files: Record<string, string> = {};
  for (const o of manifest.output as { url: string }[]) files[o.url] = (await get(o.url)).body;
  return { manifest, files };
}

const resourcesOf = (p: Awaited<ReturnType<typeof publication>>, type: string): Resource[] =>
  readNdjson(type, p.files[p.manifest.output.find((o) => o.type === type)!.url]!);
const slotIds = async () => new Set(readNdjson('Slot', (await get('http://x/api/open-times/slots.ndjson')).body).map((s) => s.id));
const extension = (r: Resource, url: string) => (r.extension as ({ url: string } & Record<string, unknown>)[]).find((e) => e.url === url);

describe('GET /api/$bulk-publish and its files', () => {
  // Each publication is every open time of the seeded providers (thousands of slots) built anew after a change: seconds
  // of PGlite each, several per test, and ten times that on a machine shared by many test runs.
  jest.setTimeout(300_000);

  it('conform to the guide and the FHIR R4 schema, every reference resolving', async () => {
    const p = await publication();
    expect(p.manifest.output.map((o) => o.type).sort()).toEqual(['Location', 'PractitionerRole', 'Schedule', 'Slot']);
    expect(resourcesOf(p, 'Slot').length).toBeGreaterThan(0);
    expect(resourcesOf(p, 'Location').some(isVirtual)).toBe(true);
    expect(conformanceProblems(p)).toEqual([]);
  });

  it('answer the same with and without an Accept header', async () => {
    const manifest = await get('http://x/api/$bulk-publish');
    for (const accept of ['application/json', '*/*']) {
      const res = await get('http://x/api/$bulk-publish', accept);
      expect([accept, res.statusCode, res.headers['content-type']]).toEqual([accept, 200, manifest.headers['content-type']]);
      expect({ ...res.json(), transactionTime: '' }).toEqual({ ...manifest.json(), transactionTime: '' });
    }
    for (const o of manifest.json().output as { url: string }[]) {
      const plain = await get(o.url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toContain('application/fhir+ndjson');
      for (const accept of ['application/fhir+ndjson', '*/*']) {
        const res = await get(o.url, accept);
        expect([o.url, accept, res.statusCode, res.headers['content-type']]).toEqual([o.url, accept, 200, plain.headers['content-type']]);
        expect(res.body).toBe(plain.body);
      }
    }
  });

  it('puts a video time on a Schedule whose Location is virtual and an in-person one at its practice, at its instant with an offset', async () => {
    const [video] = await makeSlots(t.app.database, 1, { mode: 'online' });
    const [inPerson] = await makeSlots(t.app.database, 1, { mode: 'in_person', providerId: video!.providerId });
    const p = await publication();
    const locations = new Map(resourcesOf(p, 'Location').map((l) => [l.id, l]));
    const schedules = new Map(resourcesOf(p, 'Schedule').map((s) => [s.id, s]));
    const slots = new Map(resourcesOf(p, 'Slot').map((s) => [s.id, s]));
    const actorsOf = (slotId: string) => {
      const schedule = schedules.get((slots.get(slotId)!.schedule as { reference: string }).reference.replace('Schedule/', ''))!;
      return (schedule.actor as { reference: string }[]).map((a) => a.reference);
    };
    const locationOf = (slotId: string) =>
      locations.get(
        actorsOf(slotId)
          .find((r) => r.startsWith('Location/'))!
          .replace('Location/', ''),
      )!;
    for (const s of [video!, inPerson!]) expect(actorsOf(s.id)).toContain(`PractitionerRole/${s.providerId}`);
    expect(isVirtual(locationOf(video!.id))).toBe(true);
    expect(locationOf(video!.id).address).toBeUndefined();
    expect(isVirtual(locationOf(inPerson!.id))).toBe(false);
    expect(locationOf(inPerson!.id).id).toBe(inPerson!.practiceId);
    for (const s of [video!, inPerson!]) {
      const published = slots.get(s.id)!;
      expect(published.start).toMatch(/[+-]\d{2}:\d{2}$/);
      expect([isoInstant(published.start as string), isoInstant(published.end as string)]).toEqual([Date.parse(s.start), Date.parse(s.end)]);
    }
    // Every video time of the publication, not only ours.
    const [{ ids } = { ids: [] }] = await t.app.database.query<{ ids: string[] }>(
      "SELECT array_agg(id::text) AS ids FROM slots WHERE availability_type = 'online'",
    );
    const published = new Set(slots.keys());
    const videoIds = new Set(ids.filter((id) => published.has(id)));
    expect(videoIds.size).toBeGreaterThan(1);
    for (const id of published) expect([id, isVirtual(locationOf(id))]).toEqual([id, videoIds.has(id)]);
  });

  it('marks a time for existing patients only once its provider stops taking new clients, at the very next publication', async () => {
    const clinician = await callerFor(t.app, 'morgan.lee@example.com');
    const [{ provider_id: providerId } = { provider_id: '' }] = await t.app.database.query<{ provider_id: string }>(
      'SELECT provider_id FROM users WHERE id = $1',
      [clinician.id],
    );
    const [mine] = await makeSlots(t.app.database, 1, { providerId });
    const [other] = await makeSlots(t.app.database, 1, { providerOffset: 3 });
    const patientType = async () => {
      const slots = new Map(readNdjson('Slot', (await get('http://x/api/open-times/slots.ndjson')).body).map((s) => [s.id, s]));
      return [mine!, other!].map((s) => (extension(slots.get(s.id)!, SSL_EXTENSION.patientType)!.valueCoding as { code: string }).code);
    };
    expect(await patientType()).toEqual(['newpt', 'newpt']);
    const off = await t.app.inject({ method: 'PUT', url: '/api/care/new-clients', headers: clinician.headers, payload: { acceptingNewPatients: false } });
    expect(off.statusCode).toBe(200);
    expect(await patientType()).toEqual(['existptonly', 'newpt']);
    await t.app.inject({ method: 'PUT', url: '/api/care/new-clients', headers: clinician.headers, payload: { acceptingNewPatients: true } });
    expect(await patientType()).toEqual(['newpt', 'newpt']);
  });

  it('leaves out a time while someone holds it', async () => {
    const start = new Date(Math.ceil(Date.now() / 86_400_000 + 12) * 86_400_000 + 16 * 3_600_000);
    const [slot] = await makeSlots(t.app.database, 1, { startAt: start });
    expect((await slotIds()).has(slot!.id)).toBe(true);
    expect((await hold(t.app, jordan, slot!)).statusCode).toBe(201);
    expect((await slotIds()).has(slot!.id)).toBe(false);
  });

  it('drops a booked time from the next publication, even one built a moment before', async () => {
    const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 5 });
    const self = await selfPatientOf(t.app.database, jordan.id);
    // Read twice: the second answer is the kept one, which the booking must not outlive.
    expect((await slotIds()).has(slot!.id)).toBe(true);
    expect((await slotIds()).has(slot!.id)).toBe(true);
    const nonce = (
      await t.app.inject({
        method: 'POST',
        url: '/api/patient-cards/tokenize',
        headers: jordan.headers,
        payload: { number: '4111111111111111', expiration: '12/39', cvv: '123' },
      })
    ).json().nonce as string;
    const { booked } = await bookSlot(
      t.app,
      jordan,
      slot!,
      [{ id: self.id, consents: consentGiven() }],
      { selfPay: true, selfPayConsentCategory: 'selfPay', payment: { nonce } },
      randomUUID(),
    );
    expect(booked?.statusCode).toBe(201);
    expect((await slotIds()).has(slot!.id)).toBe(false);
  });
});
