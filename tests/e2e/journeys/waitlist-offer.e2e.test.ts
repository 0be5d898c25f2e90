/**
 * Journey: a time freed by a cancellation goes to the waitlist, in order.
 * Patient B books a session days ahead from the home page's search. Three people wait for that provider:
 * X (first in line), A (who joins from the provider's profile, clicking and typing) and C (last). B cancels
 * from the portal: X gets the offer by e-mail with the time held, nobody else hears of it. X lets it lapse (the
 * server's clock moved past the hold): the time passes to A, who books it from the e-mail's link through
 * the normal booking. C never gets an offer for that time. X's and C's places are set up through the API
 * (they are not what this journey is about); A and B only click and type.
 */
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import providerSearch from '@/generated/content/provider-search';
import { message } from '@/domain/messages';
import { baseUrl, newSession, useBrowser, type Session } from '../harness';
import { useOwnServer } from '../server-process';
import { moveServerClock } from '../server-clock';
import { latestMail, mailMoment, type SentMail } from '../mailbox';
import { apiAs, signUpWithCode } from '../portal-session';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
import { signInFromHome } from './front-door';
import {
  bookedConfirmation,
  bookingPageShows,
  chooseSelfAndSign,
  chooseTime,
  newPerson,
  nextFromBookingPage,
  nextFromPatientInformation,
  paySelfPayAndBook,
  providerWithTimes,
  searchFromHome,
  seeOpenTimes,
  sessionInPortal,
  verifyAsNewVisitor,
} from './booking-steps';

const austin = { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

async function offersTo(email: string, since: string): Promise<SentMail[]> {
  const { messages: mails } = (await (await fetch(`${baseUrl()}/dev/mailbox.json`)).json()) as { messages: SentMail[] };
  return mails.filter((m) => m.to.toLowerCase() === email.toLowerCase() && m.template === 'waitlist-offer' && m.at >= since);
}

/** The booking link of an offer mail, as a path of the app (the mail names PUBLIC_URL, which tests do not browse). */
function bookingLinkIn(mail: SentMail): string {
  const link = new RegExp(`https?://\\S+${routeById.booking.path}\\?\\S+`).exec(mail.text)?.[0];
  if (!link) throw new Error('No booking link in the offer mail.');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

describe('journey: a cancelled time goes to the waitlist in order', () => {
  // Its own server: this journey moves the server's clock, and what fell due in the skipped time (lapsed offers and holds) stays done.
  useOwnServer();
  const session = useBrowser();
  const extra: Session[] = [];
  // The places set up through the API are left afterwards: later files on this server cancel sessions of the
  // same providers, and a freed time held for someone still waiting here would not be theirs to take.
  const placesToLeave: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const leave of placesToLeave.splice(0)) await leave();
    await moveServerClock({ reset: true });
    for (const s of extra.splice(0)) await s.context.close();
  });

  it('offers the time to the first in line, passes a lapsed offer to A who books it from the e-mail, and tells C nothing', async () => {
    const { page } = session();
    const patientB = newPerson('waitlist-b', isoDaysAgo(34));
    const x = newPerson('waitlist-x', isoDaysAgo(41));
    const a = newPerson('waitlist-a', isoDaysAgo(42));
    const c = newPerson('waitlist-c', isoDaysAgo(43));
    const since = mailMoment();
    await withFailureShot(page, 'journey-waitlist-b', async () => {
      // B books a session well ahead (outside the late-cancellation window).
      await searchFromHome(page, 'Austin, TX');
      const { card, name } = await providerWithTimes(page, 1);
      const times = await seeOpenTimes(page, card);
      await times.getByRole('button', { name: providerSearch.availability.later }).click();
      await times.locator('.slot-button').first().waitFor();
      await chooseTime(times, 0);
      await verifyAsNewVisitor(page, patientB);
      await bookingPageShows(page, name);
      const providerId = new URL(page.url()).searchParams.get('providerId')!;
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, patientB);
      await nextFromPatientInformation(page);
      await paySelfPayAndBook(page, austin);
      const booked = await sessionInPortal(page, name);

      // X waits first (set up through the API).
      const xSession = await signUpWithCode(x.email, { firstName: x.firstName, lastName: x.lastName, dateOfBirth: x.dateOfBirth });
      const xPlace = await apiAs<{ id: string }>(xSession, '/waitlist', { body: { providerId, stateCode: austin.state } });
      expect(xPlace.status).toBe(201);
      placesToLeave.push(() => apiAs(xSession, `/waitlist/${xPlace.body.id}`, { method: 'DELETE' }));

      // A joins from the provider's profile, from the home page.
      await signUpWithCode(a.email, { firstName: a.firstName, lastName: a.lastName, dateOfBirth: a.dateOfBirth });
      const aBrowser = await newSession();
      extra.push(aBrowser);
      const aPage = aBrowser.page;
      await signInFromHome(aPage, a.email);
      await searchFromHome(aPage, 'Austin, TX');
      await aPage.locator('.provider-card__name a', { hasText: name }).first().click();
      await aPage.getByRole('heading', { level: 1, name }).waitFor();
      await aPage.getByRole('link', { name: messages['ui.waitlist.profileJoin'] }).click();
      await aPage.getByRole('heading', { level: 1, name: routeById.waitlistJoin.title }).waitFor();
      await aPage.getByText(name, { exact: false }).first().waitFor();
      await aPage.getByRole('button', { name: messages['ui.waitlist.join.submit'] }).click();
      await aPage.getByRole('status').filter({ hasText: messages['ui.waitlist.join.joined'] }).waitFor();

      // C waits last.
      const cSession = await signUpWithCode(c.email, { firstName: c.firstName, lastName: c.lastName, dateOfBirth: c.dateOfBirth });
      const cPlace = await apiAs<{ id: string }>(cSession, '/waitlist', { body: { providerId, stateCode: austin.state } });
      expect(cPlace.status).toBe(201);
      placesToLeave.push(() => apiAs(cSession, `/waitlist/${cPlace.body.id}`, { method: 'DELETE' }));

      // B cancels from the portal: the time frees.
      await booked.getByRole('button', { name: messages['ui.patient.sessions.cancel'] }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(constants.appointmentCancellationReasons[0]!.label).check();
      await dialog.getByRole('button', { name: messages['ui.patient.cancel.confirm'], exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      // X is offered it, held for the spec's minutes; A and C hear nothing.
      const xOffer = await latestMail(x.email, 'waitlist-offer', since);
      expect(xOffer.text).toContain(`${constants.waitlistOfferHoldMinutes} minutes`);
      expect(xOffer.subject).toContain(name);
      expect(await offersTo(a.email, since)).toHaveLength(0);
      expect(await offersTo(c.email, since)).toHaveLength(0);

      // X lets it lapse: the hold runs out (the server's clock moves past it) and the time passes to A.
      await moveServerClock({ advanceMinutes: constants.waitlistOfferHoldMinutes + 1 });
      const aOffer = await latestMail(a.email, 'waitlist-offer', since);
      const link = bookingLinkIn(aOffer);
      expect(bookingLinkIn(xOffer)).toBe(link);

      // A books it from the e-mail's link, through the normal booking.
      await aPage.goto(link);
      await bookingPageShows(aPage, name);
      await nextFromBookingPage(aPage);
      await chooseSelfAndSign(aPage, a);
      await nextFromPatientInformation(aPage);
      await paySelfPayAndBook(aPage, austin);
      await bookedConfirmation(aPage);
      await sessionInPortal(aPage, name);

      // The portal says what became of A's place: booked.
      await aPage.goto(routeById.patientSessions.path);
      await aPage.getByRole('link', { name: messages['ui.waitlist.openFromSessions'] }).click();
      await aPage.getByRole('heading', { level: 1, name: routeById.patientWaitlist.title }).waitFor();
      await aPage.getByRole('main').getByText(message('ui.waitlist.list.offersHeading')).first().waitFor();

      // C, last in line, was never offered that time.
      expect(await offersTo(c.email, since)).toHaveLength(0);
    });
  });
});
