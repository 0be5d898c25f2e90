/**
 * Journey: the returning demo patient (Jordan) signs in from the home page with the e-mailed code
 * and, only through the portal's links and buttons: puts a card on file (Billing), moves a session
 * to another time (Sessions → Reschedule), cancels a session inside the late-cancellation window
 * (the fee is shown before confirming, and charged to the card) and books that session again. Every change is checked where the patient sees it: the outcome line and the lists.
 */
import type { Locator, Page } from 'playwright-core';
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { fillPlaceholders, message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { wcagViolations } from '../a11y';
import { useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { useOwnServer } from '../server-process';
import { screenHeading, signInFromHome } from './front-door';

const jordan = demoAccounts.find((a) => a.role === 'Patient')!;
const card = constants.testCardNumbers.approved[0]!;

/** A message as a pattern whose group catches what fills {placeholder} (the other placeholders filled in). */
function patternOf(key: keyof typeof messages, placeholder: string, others: Record<string, string | number> = {}): RegExp {
  const [before, after] = fillPlaceholders(messages[key], { ...others, [placeholder]: '\u0000' }).split('\u0000') as [string, string];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escape(before)}(.+?)${escape(after)}`);
}

async function outcomeOf(page: Page, key: keyof typeof messages, placeholder: string): Promise<string> {
  const pattern = patternOf(key, placeholder);
  const status = page.getByRole('main').getByRole('status').filter({ hasText: pattern }).first();
  await status.waitFor();
  return pattern.exec((await status.textContent()) ?? '')![1]!;
}

function portalNav(page: Page): Locator {
  return page.getByRole('navigation', { name: messages['ui.patient.navLabel'] });
}

/** The sessions of a list once it has loaded (its cards, or its empty state). */
async function sessionCards(page: Page): Promise<Locator> {
  const cards = page.getByRole('main').getByRole('article');
  await cards
    .first()
    .or(page.getByText(messages['ui.patient.sessions.noneUpcoming']))
    .or(page.getByText(messages['ui.patient.sessions.none']))
    .first()
    .waitFor();
  return cards;
}

/** The time offered first in an open time-picker dialog, chosen and held. */
async function chooseFirstTime(dialog: Locator): Promise<void> {
  await dialog.getByRole('radio').first().check();
  await dialog.getByText(patternOf('ui.patient.slots.held', 'when', { minutes: constants.slotHoldMinutes })).waitFor();
}

describe('journey: the returning patient reschedules, cancels late (fee shown first) and books again', () => {
  // Its own server: the journey moves and cancels the demo patient's seeded sessions, which other files' journeys also use.
  useOwnServer();
  const session = useBrowser();

  it('does it all through the portal after signing in from the home page', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-returning-patient', async () => {
      await signInFromHome(page, jordan.email);
      await page.waitForURL(`**${routeById.patientHome.path}`);
      expect(await screenHeading(page)).toBe(message('ui.patient.greeting', { firstName: jordan.firstName }));

      // A card on file, so a late fee and a self-pay rebooking can be paid.
      await portalNav(page).getByRole('link', { name: messages['ui.patient.nav.billing'] }).click();
      await page.getByRole('heading', { level: 1, name: routeById.patientBilling.title }).waitFor();
      await page.getByRole('button', { name: messages['ui.patient.billing.addCard'] }).click();
      const addCard = page.getByRole('dialog', { name: messages['ui.patient.addCard.heading'] });
      await addCard.getByLabel('Card number').fill(card.number);
      await addCard.getByLabel('Expiration (MM/YY)').fill('12/30');
      await addCard.getByLabel('CVC').fill('123');
      for (const [label, value] of [
        ['Address line 1', '12 High St'],
        ['City', 'Columbus'],
        ['Zip code', '43215'],
      ] as const) {
        const field = addCard.getByLabel(label);
        if ((await field.count()) && !(await field.inputValue())) await field.fill(value);
      }
      const state = addCard.getByLabel('State');
      if ((await state.count()) && !(await state.inputValue())) await state.selectOption('OH');
      await addCard.getByRole('checkbox', { name: messages['ui.patient.addCard.makeDefault'] }).check();
      await addCard.getByRole('button', { name: messages['ui.patient.addCard.save'] }).click();
      await page.getByText(message('ui.patient.addCard.saved', { brand: card.brand, last4: card.number.slice(-4) })).waitFor();

      // Reschedule: the last upcoming session moves to the first time its provider offers.
      await portalNav(page).getByRole('link', { name: messages['ui.patient.nav.sessions'] }).click();
      await page.getByRole('heading', { level: 1, name: routeById.patientSessions.title }).waitFor();
      const movable = (await sessionCards(page)).filter({ has: page.getByRole('button', { name: messages['ui.patient.sessions.reschedule'] }) });
      const before = (await movable.last().getAttribute('aria-label'))!;
      await movable.last().getByRole('button', { name: messages['ui.patient.sessions.reschedule'] }).click();
      const reschedule = page.getByRole('dialog');
      await reschedule.getByText(message('ui.patient.reschedule.current', { when: before })).waitFor();
      await chooseFirstTime(reschedule);
      expect(await wcagViolations(page)).toEqual([]);
      await reschedule.getByRole('button', { name: messages['ui.patient.reschedule.confirm'] }).click();
      const movedTo = await outcomeOf(page, 'ui.patient.reschedule.done', 'when');
      await page.getByRole('article', { name: movedTo }).waitFor();
      expect(await page.getByRole('article', { name: before, exact: true }).count()).toBe(0);

      // Cancel the earliest session still booked (the demo has two inside the late window; the list
      // also shows cancelled ones): the fee is shown before confirming.
      const first = (await sessionCards(page)).filter({ has: page.getByRole('button', { name: messages['ui.patient.sessions.cancel'] }) }).first();
      const cancelledWhen = (await first.getAttribute('aria-label'))!;
      await first.getByRole('button', { name: messages['ui.patient.sessions.cancel'] }).click();
      const cancel = page.getByRole('dialog', { name: messages['ui.patient.cancel.heading'] });
      const fee = formatCents(constants.lateCancelFeeCents);
      await cancel.getByText(message('ui.patient.cancel.lateFee', { hours: constants.lateCancelWindowHours, fee })).waitFor();
      const confirmWithFee = cancel.getByRole('button', { name: message('ui.patient.cancel.confirmWithFee', { fee }) });
      // Without a reason nothing is cancelled.
      await confirmWithFee.click();
      await cancel.getByText(messages['ui.patient.cancel.reasonRequired']).waitFor();
      await cancel.getByLabel(constants.appointmentCancellationReasons[0]!.label).check();
      expect(await wcagViolations(page)).toEqual([]);
      await confirmWithFee.click();
      expect(await outcomeOf(page, 'ui.patient.cancel.done', 'when')).toBe(cancelledWhen);
      await page.getByText(message('ui.patient.cancel.feeCharged', { fee })).waitFor();
      // The card says it is cancelled, and offers booking again instead of cancelling.
      const cancelledCard = page.getByRole('article', { name: cancelledWhen, exact: true });
      await cancelledCard.getByText(patternOf('ui.patient.sessions.cancelledLabel', 'when')).waitFor();
      expect(await cancelledCard.getByRole('button', { name: messages['ui.patient.sessions.cancel'] }).count()).toBe(0);

      // Book again: the card on file is named before confirming.
      await cancelledCard.getByRole('button', { name: messages['ui.patient.sessions.rebook'] }).click();
      const rebook = page.getByRole('dialog');
      await rebook.getByText(new RegExp(`ending in ${card.number.slice(-4)}`)).waitFor();
      await chooseFirstTime(rebook);
      await rebook.getByRole('button', { name: messages['ui.patient.rebook.confirm'] }).click();
      const bookedWhen = await outcomeOf(page, 'ui.patient.rebook.done', 'when');

      await page
        .getByRole('navigation', { name: messages['ui.patient.sessions.tabsLabel'] })
        .getByRole('link', { name: messages['ui.patient.sessions.upcoming'] })
        .click();
      await page.waitForURL(`**${routeById.patientSessionsUpcoming.path}`);
      await (await sessionCards(page)).filter({ hasText: bookedWhen }).first().waitFor();
    });
  });
});
