/**
 * Journey (recurring sessions, in Spanish): the demo clinician opens 10:00 to 12:00 every day; a visitor whose
 * browser asks for Spanish is sent to /es/, searches the clinician's city, chooses a time, and on the payment step
 * chooses "Cada semana" for 3 sessions: the page lists the 3 dates in Spanish in the visitor's zone. Booked, the
 * confirmation is in Spanish, the portal shows each of the 3 at its time in Spanish with "Sesión N de 3, Cada semana",
 * and the confirmation mail, in Spanish, lists the 3 dates as the booking page did.
 */
import type { Page } from 'playwright-core';
import { mailTemplates } from '@/generated/mail';
import { routeById } from '@/generated/routes';
import { enumLabelOf, mailTemplateIn } from '@/domain/translations';
import { messageIn } from '@/domain/messages';
import { formatSessionTime, formatWhen } from '@/domain/date-format';
import { eventually, newSession, useBrowser } from '../harness';
import { useOwnServer } from '../server-process';
import { serverClockAt } from '../server-clock';
import { apiAsPage, isoDaysAgo, withFailureShot } from '../booking-helpers';
import { latestMail, mailMoment } from '../mailbox';
import { signInFromHome, screenHeading } from './front-door';
import { openCareCalendar, openSameHoursEveryDay } from './care-steps';
import {
  bookedConfirmation,
  bookingPageShows,
  chooseSelfAndSign,
  chooseTime,
  newPerson,
  nextFromBookingPage,
  nextFromPatientInformation,
  paySelfPayAndBook,
  resultsShown,
  searchFromHome,
  seeOpenTimes,
  verifyAsNewVisitor,
} from './booking-steps';
import { pathIn } from './words';
import * as careEnums from '@/generated/enums/care';

const ES = 'es';
const CLINICIAN = 'morgan.lee@example.com';
const NAME = 'Morgan Lee';
const SESSIONS = 3;
const austin = { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

/** The page is a Spanish page: under /es/ and <html lang="es">. */
async function inSpanish(page: Page): Promise<void> {
  const url = new URL(page.url());
  expect(url.pathname === '/es' || url.pathname.startsWith('/es/')).toBe(true);
  expect(await page.getAttribute('html', 'lang')).toBe(ES);
}

describe('journey: a Spanish reader books 3 weekly sessions', () => {
  useOwnServer();
  const session = useBrowser();

  it('"Cada semana", the dates before paying, the confirmation, the portal\'s "Sesión N de 3" and the mail, all in Spanish in the reader\'s zone', async () => {
    const { page, problems } = session();
    problems.allow(/\[PUT \/api\/care\/availability → 409\]/);
    await serverClockAt(Date.parse('2027-05-05T16:00:00Z'));
    let city = '';
    await withFailureShot(page, 'journey-series-es-clinician', async () => {
      await signInFromHome(page, CLINICIAN);
      expect(await screenHeading(page)).toBe(routeById.careSchedule.title);
      city = await openCareCalendar(page);
      await openSameHoursEveryDay(page, { slotMinutes: '60', start: '10:00', end: '12:00' });
    });

    const visitorSession = await newSession({ locale: 'es-MX' });
    const visitor = newPerson('series-es', isoDaysAgo(38));
    try {
      const p = visitorSession.page;
      await withFailureShot(p, 'journey-series-es-visitor', async () => {
        await p.goto('/');
        await p.waitForURL((u) => u.pathname === '/es/');
        const card = await eventually(
          async () => {
            await searchFromHome(p, city, { locale: ES });
            await resultsShown(p, ES);
            const found = p.locator('.provider-card').filter({ has: p.locator('.provider-card__name a', { hasText: NAME }) });
            return (await found.count()) ? found.first() : undefined;
          },
          () => `${NAME} among the first results for ${city}`,
        );
        await chooseTime(await seeOpenTimes(p, card, ES), 0);
        const since = mailMoment();
        await verifyAsNewVisitor(p, visitor, ES);
        await inSpanish(p);
        await bookingPageShows(p, NAME, ES);
        await nextFromBookingPage(p, ES);
        await chooseSelfAndSign(p, visitor, ES);
        await nextFromPatientInformation(p, ES);
        await inSpanish(p);

        // "Cada semana", 3 sessions: the 3 dates before paying, in Spanish.
        await p.getByRole('radio', { name: enumLabelOf(careEnums.sessionRepeat, 'week', ES) }).check();
        await p.getByLabel(messageIn(ES, 'ui.booking.series.sessions')).fill(String(SESSIONS));
        const dates = p.getByRole('list', { name: messageIn(ES, 'ui.booking.series.datesTitle', { count: SESSIONS }) }).getByRole('listitem');
        await eventually(
          async () => ((await dates.count()) === SESSIONS ? true : undefined),
          () => `${SESSIONS} dates listed`,
        );
        const listed = (await dates.allTextContents()).map((t) => t.trim());

        await paySelfPayAndBook(p, austin, ES);
        await bookedConfirmation(p, ES);
        await inSpanish(p);
        await p.getByText(messageIn(ES, 'ui.booking.successText')).waitFor();

        const { items } = await apiAsPage<{
          items: { start: string; timeZone: string; series: { index: number } | null }[];
        }>(p, '/appointments?when=upcoming');
        const series = items.filter((a) => a.series).sort((a, b) => a.series!.index - b.series!.index);
        expect(series).toHaveLength(SESSIONS);
        const zone = series[0]!.timeZone;
        const starts = series.map((a) => a.start);
        // The booking page listed exactly these, in Spanish, in the reader's zone.
        expect(listed).toEqual(starts.map((start) => formatWhen(start, zone, ES)));
        for (let i = 1; i < SESSIONS; i++) expect(Date.parse(starts[i]!) - Date.parse(starts[i - 1]!)).toBe(7 * 24 * 3_600_000);

        // The portal: each session at its time in Spanish, "Sesión N de 3, Cada semana".
        await p.getByRole('link', { name: messageIn(ES, 'ui.booking.confirm.sessions') }).click();
        await p.waitForURL((u) => u.pathname === pathIn(routeById.patientSessionsUpcoming.path, ES));
        await inSpanish(p);
        for (const [i, start] of starts.entries()) {
          const card = p.getByRole('article', { name: formatSessionTime(start, zone, ES) });
          await card
            .getByText(
              messageIn(ES, 'ui.patient.sessions.seriesLabel', { index: i + 1, count: SESSIONS, repeat: enumLabelOf(careEnums.sessionRepeat, 'week', ES) }),
            )
            .waitFor();
        }

        // The confirmation mail, in Spanish, lists the 3 dates.
        const mail = await latestMail(visitor.email, 'appointment-confirmation', since);
        const spanishMail = mailTemplateIn(mailTemplates['appointment-confirmation'], ES);
        expect(spanishMail.subject).not.toBe(mailTemplates['appointment-confirmation'].subject);
        expect(mail.text).toContain(messageIn(ES, 'mail.appointment.series.week', { count: SESSIONS, dates: '' }).split(':')[0]!);
        for (const start of starts) expect(mail.text).toContain(formatWhen(start, zone, ES));
      });
      visitorSession.problems.assertNone();
    } finally {
      await visitorSession.context.close();
    }
  });
});
