/**
 * Journey: with the schedulingSystemPayment flag on, a new visitor books a self-pay session
 * from the home page's search and pays through the practice's scheduling system instead of a card;
 * the portal's billing says which service took the payment. Only clicks and typing.
 *
 * The flag is turned on where a product owner would turn it on: in Unleash. This file starts its own
 * server (a fresh database with the demo data) whose UNLEASH_URL points at a stand-in for the Unleash
 * frontend API, so the flag reaches the browser and the API through the app's real Unleash adapter.
 * The stand-in answers what specs/flags.yaml says, except that this one flag shows.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { enums } from '@/generated/enums';
import type { GetFrontendFlagsQuery } from '@/generated/entities';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { specFlagSource } from '@/server/flags/sources';
import { useBrowser } from '../harness';
import { useOwnServer } from '../server-process';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
import {
  bookedConfirmation,
  bookingPageShows,
  chooseSelfAndSign,
  chooseTime,
  newPerson,
  nextFromBookingPage,
  nextFromPatientInformation,
  payCopy,
  providerWithTimes,
  searchFromHome,
  seeOpenTimes,
  selfPayChoice,
  verifyAsNewVisitor,
} from './booking-steps';

const FLAG = 'schedulingSystemPayment';
let unleash: Server | undefined;
let unleashUrl = '';
const flagSource = specFlagSource();
const unleashRequests: string[] = [];

/** The Unleash frontend API, as far as the app asks it: the spec's answer with the one flag shown. */
function startUnleashStandIn(): Promise<string> {
  unleash = createHttpServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      unleashRequests.push(url.pathname);
      if (request.headers.authorization !== 'journey-frontend-token') {
        response.writeHead(401).end();
        return;
      }
      const query = Object.fromEntries(url.searchParams) as GetFrontendFlagsQuery;
      const answer = await flagSource.answer(query, undefined);
      const toggles = (answer.body?.toggles ?? []).filter((t) => t.name !== FLAG);
      toggles.push({ name: FLAG, enabled: true, impressionData: false, variant: { name: 'show', enabled: true } });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ toggles }));
    })().catch(() => response.writeHead(500).end());
  });
  return new Promise((done) => unleash!.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(unleash!.address() as AddressInfo).port}/api/frontend`)));
}

beforeAll(async () => {
  unleashUrl = await startUnleashStandIn();
});

afterAll(async () => {
  await new Promise((r) => (unleash ? unleash.close(r) : r(undefined)));
  flagSource.close();
});

describe("journey: with the flag on in Unleash, a booking is paid through the practice's scheduling system", () => {
  // Its own server, told to ask the Unleash stand-in for flags (and to pay through no outside service).
  useOwnServer(() => ({ UNLEASH_URL: unleashUrl, UNLEASH_API_KEY: 'journey-frontend-token', FHIR_BASE_URL: undefined, SCHEDULING_PAYMENT_URL: undefined }));
  const session = useBrowser();

  it('books self-pay from the home page, pays through the scheduling system with no card, and billing names that service', async () => {
    const { page } = session();
    const person = newPerson('scheduling-pay', isoDaysAgo(41));
    await withFailureShot(page, 'journey-scheduling-payment', async () => {
      await searchFromHome(page, 'Austin, TX');
      const { card, name } = await providerWithTimes(page, 2);
      const times = await seeOpenTimes(page, card);
      await chooseTime(times, 0);
      await verifyAsNewVisitor(page, person);
      await bookingPageShows(page, name);
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, person);
      await nextFromPatientInformation(page);

      const selfPay = page.getByRole('radio', { name: selfPayChoice });
      if (!(await selfPay.isChecked())) await selfPay.check();
      await page.getByRole('checkbox', { name: payCopy.consent }).check();
      // The choice is offered because Unleash says so; choosing it replaces the card form.
      await page.getByRole('heading', { name: messages['ui.booking.pay.howToPay'] }).waitFor();
      await page.getByRole('radio', { name: messages['ui.booking.pay.bySchedulingSystem'] }).check();
      expect(await page.getByLabel('Card number').count()).toBe(0);
      await page.getByRole('button', { name: payCopy.submit }).click();
      await bookedConfirmation(page);

      await page.getByRole('link', { name: messages['ui.booking.confirm.sessions'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.patientSessionsUpcoming.path);
      await page.getByRole('navigation', { name: messages['ui.patient.navLabel'] }).getByRole('link', { name: messages['ui.patient.nav.billing'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.patientBilling.path);
      const payment = page
        .getByRole('listitem')
        .filter({ hasText: `${enums.billingTransactionKind.labels.payment} · ${enums.paymentStatus.labels.succeeded}` })
        .first();
      await payment.waitFor();
      await payment.getByRole('link', { name: messages['ui.patient.billing.details'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.patientBillingSession.path);
      const paidWith = page.getByRole('main').locator('dt', { hasText: messages['ui.patient.billing.paidWith'] }).locator('xpath=following-sibling::dd[1]');
      await expect(paidWith.textContent()).resolves.toBe(enums.paymentProvider.labels.scheduling_system);
      expect(unleashRequests.length).toBeGreaterThan(0);
    });
  });
});
