/**
 * Waitlists on the real server with the clock injected: a cancelled time goes to the
 * first person in line it fits, held for them; a lapsed or declined offer passes to the next person; the
 * offer's hold books through the normal booking; nobody else is offered or may take the time meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { startTestApp, drainJobs, type TestApp } from '@tests/support/app';
import { TestClock } from '@tests/support/clock';
import { signUp } from '@tests/support/sign-up';
import { callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { bookingBody, consentGiven, hold, makeSlots, selfPatientOf, type TestSlot } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import { WAITLIST_SWEEP_QUEUE } from './offers';

const clock = new TestClock(new Date());
let t: TestApp;
let jordan: TestCaller;
let sam: TestCaller;
const people: Record<'x' | 'a' | 'c', TestCaller> = {} as never;
let slots: TestSlot[];
let state: string;

const inject = (caller: TestCaller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: caller.headers, ...(payload ? { payload } : {}) });

/** Moves the clock; sessions are signed in again (their tokens live by the same clock). */
async function moveClock(minutes: number) {
  clock.advance(minutes * 60_000);
  jordan = await callerFor(t.app, jordan.email);
  sam = await callerFor(t.app, sam.email);
  for (const key of ['x', 'a', 'c'] as const) people[key] = await callerFor(t.app, people[key].email);
}

const offersTo = async (caller: TestCaller) => (await mailTo(t.app, caller.email)).filter((m) => m.template === 'waitlist-offer');

async function bookAndCancel(caller: TestCaller, slot: TestSlot) {
  const self = await selfPatientOf(t.app.database, caller.id);
  const held = (await hold(t.app, caller, slot)).json();
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { ...caller.headers, 'idempotency-key': randomUUID() },
    payload: bookingBody(held.holdId, slot, [{ id: self.id, consents: consentGiven() }], { insuranceId: await insurePatient(t.app.database, self.id) }),
  });
  expect(booked.statusCode).toBe(201);
  const cancelled = await inject(caller, 'POST', `/api/appointments/${booked.json().id}/cancel`, { reasonId: 'schedule_conflict' });
  expect(cancelled.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp({ seed: true, clock });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  sam = await callerFor(t.app, 'sam.okafor@example.com');
  // Ten days ahead, mid-afternoon UTC: past the slot search's lead days, outside the late-cancellation window.
  const start = new Date(Math.ceil(clock.now().getTime() / 86_400_000 + 10) * 86_400_000 + 15 * 3_600_000);
  slots = await makeSlots(t.app.database, 2, { startAt: start });
  const [provider] = await t.app.database.query<{ licensed_states: string[] }>('SELECT licensed_states FROM providers WHERE id = $1', [slots[0]!.providerId]);
  state = provider!.licensed_states[0]!.trim();
  for (const key of ['x', 'a', 'c'] as const) {
    const email = `waitlist-${key}-${randomUUID().slice(0, 8)}@example.com`;
    expect((await signUp(t.app, { email, firstName: `Wait${key.toUpperCase()}`, lastName: 'Lister', dateOfBirth: '1990-04-12' })).statusCode).toBe(200);
    people[key] = await callerFor(t.app, email);
  }
}, 180_000);
afterAll(async () => t?.close());

describe('waitlist offers', () => {
  it('joins in order, refuses a provider who could never see the patient, and support joins for a caller', async () => {
    const providerId = slots[0]!.providerId;
    for (const key of ['x', 'a'] as const) {
      const joined = await inject(people[key], 'POST', '/api/waitlist', { providerId, stateCode: state });
      expect(joined.statusCode).toBe(201);
      expect(joined.json()).toMatchObject({ status: 'waiting', provider: { id: providerId }, offers: [] });
    }
    // Support puts the third caller in line, on the caller's account.
    const forCaller = await inject(sam, 'POST', '/api/waitlist', { userId: people.c.id, providerId, stateCode: state });
    expect(forCaller.statusCode).toBe(201);
    expect(forCaller.json().userId).toBe(people.c.id);
    const again = await inject(people.a, 'POST', '/api/waitlist', { providerId, stateCode: state });
    expect(again.json()).toMatchObject({ errorCode: 'WAITLIST_ALREADY_JOINED', message: errorCatalogue.WAITLIST_ALREADY_JOINED.message });
    const [unlicensed] = await t.app.database.query<{ code: string }>(
      "SELECT s AS code FROM unnest(ARRAY['AK','HI','VT','WY','ND','SD','ME','MT']) s WHERE NOT s = ANY (SELECT trim(x) FROM providers p, unnest(p.licensed_states) x WHERE p.id = $1) LIMIT 1",
      [providerId],
    );
    const refused = await inject(people.a, 'POST', '/api/waitlist', { providerId, stateCode: unlicensed!.code });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errorCode).toBe('WAITLIST_NOT_ELIGIBLE');
    // Another account's list answers 404.
    expect((await inject(people.a, 'GET', `/api/waitlist?userId=${people.x.id}`)).statusCode).toBe(404);
  });

  it('offers a cancelled time to the first in line only, holding it; a lapsed offer passes to the next, who books it', async () => {
    const [slot] = slots;
    await bookAndCancel(jordan, slot!);
    await drainJobs(t.app);
    expect(await offersTo(people.x)).toHaveLength(1);
    expect(await offersTo(people.a)).toHaveLength(0);
    expect(await offersTo(people.c)).toHaveLength(0);
    const [mail] = await offersTo(people.x);
    expect(mail!.text).toContain(`${constants.waitlistOfferHoldMinutes} minutes`);
    expect(mail!.text).toContain(`slotId=${slot!.id}`);
    // The reader chose no language: the booking link and the waitlist's open their pages with no language prefix.
    expect(mail!.text).toMatch(new RegExp(`${t.app.publicUrl.replace(/[.]/g, '\\.')}${routeById.booking.path}\\?\\S*slotId=${slot!.id}`));
    expect(mail!.text).toContain(`${t.app.publicUrl}${routeById.patientWaitlist.path}`);
    // Held for X: nobody else may take it.
    expect((await hold(t.app, people.a, slot!)).statusCode).toBe(409);

    // The hold runs out: the time passes to A, who reads Spanish. The sweep is a job (it writes in the default
    // language, English), yet A's offer is Spanish throughout: the session's day and time too, and its links.
    await t.app.database.query("UPDATE users SET language = 'es' WHERE id = $1", [people.a.id]);
    await moveClock(constants.waitlistOfferHoldMinutes + 1);
    await t.app.jobs.send(WAITLIST_SWEEP_QUEUE, {});
    await drainJobs(t.app);
    expect(await offersTo(people.a)).toHaveLength(1);
    const [spanish] = await offersTo(people.a);
    expect(spanish!.text).toContain(`${t.app.publicUrl}/es${routeById.patientWaitlist.path}`);
    expect(spanish!.text).toMatch(/\b(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d+ de [a-z]+ de \d{4}\b/);
    expect(`${spanish!.subject}\n${spanish!.text}`).not.toMatch(
      /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|minutes)\b|\d (AM|PM)\b/,
    );
    const xList = (await inject(people.x, 'GET', '/api/waitlist')).json();
    expect(xList.items[0]).toMatchObject({ status: 'waiting', offers: [{ status: 'lapsed', slotId: slot!.id }] });
    const aList = (await inject(people.a, 'GET', '/api/waitlist')).json();
    const offer = aList.items[0].offers[0];
    expect(offer).toMatchObject({ status: 'open', slotId: slot!.id });
    expect(offer.bookingPath).toContain(`slotId=${slot!.id}`);

    // A books it through the normal booking: the hold renews (keeping the offer's minutes), then converts.
    const held = await hold(t.app, people.a, slot!);
    expect(held.statusCode).toBe(201);
    expect(Date.parse(held.json().expiresAt)).toBe(Date.parse(offer.expiresAt));
    const aSelf = await selfPatientOf(t.app.database, people.a.id);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...people.a.headers, 'idempotency-key': randomUUID() },
      payload: bookingBody(held.json().holdId, slot!, [{ id: aSelf.id, consents: consentGiven() }], {
        insuranceId: await insurePatient(t.app.database, aSelf.id),
      }),
    });
    expect(booked.statusCode).toBe(201);
    expect((await inject(people.a, 'GET', '/api/waitlist')).json().items[0]).toMatchObject({ status: 'booked', offers: [{ status: 'booked' }] });
    // Later sweeps leave the booked time alone, and the third in line never hears of it.
    await moveClock(constants.waitlistOfferHoldMinutes + 1);
    await t.app.jobs.send(WAITLIST_SWEEP_QUEUE, {});
    await drainJobs(t.app);
    expect(await offersTo(people.c)).toHaveLength(0);
  });

  it('a declined offer passes at once to the next in line; leaving a waitlist lets its held time go too', async () => {
    const [, slot] = slots;
    await bookAndCancel(jordan, slot!);
    await drainJobs(t.app);
    // X is first again (A booked and left the line).
    const xOffer = (await inject(people.x, 'GET', '/api/waitlist')).json().items[0].offers.find((o: { status: string }) => o.status === 'open');
    expect(xOffer.slotId).toBe(slot!.id);
    // Someone else cannot decline X's offer.
    expect((await inject(people.c, 'POST', `/api/waitlist/offers/${xOffer.id}/decline`)).statusCode).toBe(404);
    const declined = await inject(people.x, 'POST', `/api/waitlist/offers/${xOffer.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().offers[0]).toMatchObject({ status: 'declined' });
    expect((await inject(people.x, 'POST', `/api/waitlist/offers/${xOffer.id}/decline`)).json().errorCode).toBe('WAITLIST_OFFER_CLOSED');
    await drainJobs(t.app);
    expect(await offersTo(people.c)).toHaveLength(1);
    // Support takes C off the list for the caller: the held time is let go, and nobody is left to offer it to.
    const cEntry = (await inject(sam, 'GET', `/api/waitlist?userId=${people.c.id}`)).json().items[0];
    const left = await inject(sam, 'DELETE', `/api/waitlist/${cEntry.id}`);
    expect(left.json()).toMatchObject({ status: 'left', offers: [{ status: 'withdrawn' }] });
    expect((await hold(t.app, jordan, slot!)).statusCode).toBe(201);
  });
});
