/**
 * The server's flag decisions with the flag service (Unleash) down (the app keeps working on its control
 * values, a feature on or off for a caller stays so mid-visit). A caller the service answered before keeps
 * that answer; a caller it never answered, and every caller without a visitor id (one shared key, no one's own
 * answer), is decided by specs/flags.yaml's control values: bookings' control acts as on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants } from '@/generated/constants';
import { startTestApp, type TestApp } from '../support/app';
import { hold, makeSlots } from '../support/booking';
import { callerFor, type TestCaller } from '../support/sessions';

const visitor = (id: string) => ({ cookie: `${constants.visitorIdCookie}=${id}` });

describe('flag decisions while the flag service is down', () => {
  let unleash: Server;
  let t: TestApp;
  let patient: TestCaller;
  // The operator's maintenance switch: bookings off for everyone the service answers.
  const bookingsOff = { toggles: [{ name: 'bookings', enabled: true, impressionData: false, variant: { name: 'off', enabled: true } }] };

  beforeAll(async () => {
    unleash = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(bookingsOff));
    });
    await new Promise<void>((resolve) => unleash.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({
      seed: true,
      env: { UNLEASH_URL: `http://127.0.0.1:${(unleash.address() as AddressInfo).port}/api/frontend`, UNLEASH_API_KEY: 'default:development.token' },
    });
    patient = await callerFor(t.app, 'jordan.rivera@example.com');
  });
  afterAll(async () => t.close());

  it('keeps the last answer for a caller it had answered, and control values for callers it never answered', async () => {
    const [first, second, third, fourth] = await makeSlots(t.app.database, 4);
    // While the service answers: bookings paused for a visitor it knows and for a caller without a visitor id.
    for (const headers of [visitor('visitor-seen'), {}]) {
      const paused = await hold(t.app, patient, first!, headers);
      expect(paused.statusCode).toBe(503);
      expect(paused.json()).toMatchObject({ errorCode: 'BOOKINGS_PAUSED' });
    }

    await new Promise((resolve) => unleash.close(resolve));

    // The visitor it answered keeps that answer: still paused.
    const stillPaused = await hold(t.app, patient, second!, visitor('visitor-seen'));
    expect(stillPaused.json()).toMatchObject({ errorCode: 'BOOKINGS_PAUSED' });
    // A visitor it never answered, and a caller without a visitor id, book on bookings' control value (on).
    const newVisitor = await hold(t.app, patient, third!, visitor('visitor-never-seen'));
    expect(newVisitor.statusCode).toBe(201);
    const noVisitorId = await hold(t.app, patient, fourth!);
    expect(noVisitorId.statusCode).toBe(201);
  });
});
