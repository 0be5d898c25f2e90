/**
 * A support agent (demo account sam.okafor@example.com, see README) books on a caller's behalf for
 * an existing patient account (jordan.rivera@example.com): the support steps email, patient
 * information and payment, self-pay with a test card, the confirmation; the caller's own API view
 * then holds that appointment, booked through the support funnel. Every support step passes axe-core
 * (WCAG 2.1 AA).
 */
import { messages } from '@/generated/messages';
import { message } from '@/domain/messages';
import { constants } from '@/generated/constants';
import { routeById } from '@/generated/routes';
import bookingFlow from '@/generated/flows/booking';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from './harness';
import { expectFocusOnHeading } from './a11y';
import { flowStepCopy } from './journeys/words';
import { apiAs, openSession, signInWithCode } from './portal-session';
import { axeViolations, bookableSlot, bookingUrl, fillNewTestCard, settledCardSection, withFailureShot } from './booking-helpers';

const payCopy = bookingFlow.steps.find((s) => s.id === 'pay')!.copy as Record<string, string>;
const agent = demoAccounts.find((a) => a.role === 'Support agent')!.email;
const caller = demoAccounts.find((a) => a.role === 'Patient')!;
/** The agent's confirmation speaks of the caller, by name. */
const callerBooked = message('ui.booking.support.successHeading', { caller: `${caller.firstName} ${caller.lastName}` });
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const pathOf = (id: keyof typeof routeById) => new RegExp(`${escaped(routeById[id].path)}\\?`);

/** Presses Tab until the element has the focus; fails after `limit` presses. */
async function tabUntil(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach ${target.toString()} within ${limit} presses`);
}

/** Reaches a field with Tab and types into it (what was there is selected first, so it is replaced). */
async function typeInto(page: Page, field: Locator, text: string, shown = text): Promise<void> {
  await tabUntil(page, field);
  if (await field.inputValue()) await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  expect(await field.inputValue()).toBe(shown);
}

describe('a support agent books for a caller', () => {
  const session = useBrowser();

  it('finds the caller by e-mail, books self-pay with a test card, and the caller sees the appointment', async () => {
    const { page, context } = session();
    const slot = await bookableSlot({ skip: 4 });
    await openSession(context, await signInWithCode(agent));
    await withFailureShot(page, 'support', async () => {
      await page.goto(bookingUrl(slot));
      // Each step hands its top to keyboard and screen-reader users (WCAG 2.4.3), as the patient's steps do.
      await expectFocusOnHeading(page, messages['ui.booking.heading']);
      await page.getByLabel('Service type').selectOption(slot.counselingType);
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();

      // Step email: the caller's account is found by e-mail.
      await page.waitForURL(pathOf('supportBookingEmail'));
      await expectFocusOnHeading(page, flowStepCopy(bookingFlow, 'email').heading!);
      await page.getByLabel('Email').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // An address without an account: the new account's form takes the e-mail form's place, and the focus
      // goes to what it says (not to <body>); the agent changes the address.
      await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
      await page.getByLabel('Email').press('Enter');
      const noAccount = page.getByRole('status').filter({ hasText: messages['ui.support.userAccountNotFound'] });
      await noAccount.waitFor();
      await page.waitForFunction((text) => document.activeElement?.textContent?.trim() === text, messages['ui.support.userAccountNotFound']);
      await page.getByRole('button', { name: messages['ui.booking.verify.changeEmail'] }).click();
      await page.getByLabel('Email').fill(caller.email);
      await page.getByLabel('Email').press('Enter');

      // Step patient information: the caller books for themselves and signs the consent.
      await page.waitForURL(pathOf('supportBookingPatientInfo'));
      await expectFocusOnHeading(page, flowStepCopy(bookingFlow, 'patient-information').heading!);
      expect(new URL(page.url()).searchParams.get('userId')).toBeTruthy();
      const self = page.getByRole('checkbox', { name: new RegExp(`^${caller.firstName} ${caller.lastName}`) });
      await self.waitFor();
      if (!(await self.isChecked())) await self.check();
      await page.getByRole('checkbox', { name: new RegExp(`^I agree to the consent for ${caller.firstName} ${caller.lastName}`) }).check();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();

      // Step payment: self-pay, consent to book, a test card.
      await page.waitForURL(pathOf('supportBookingPayment'));
      await expectFocusOnHeading(page, payCopy.heading!);
      const selfPay = page.getByRole('radio', { name: new RegExp(escaped(constants.selfPayLabel.full)) });
      await selfPay.check();
      await page.getByRole('checkbox', { name: payCopy.consent }).check();
      const card = await fillNewTestCard(page, {
        number: '4111111111111111',
        expiration: '12/30',
        cvc: '123',
        line1: '5 Oak Ave',
        city: 'Columbus',
        state: 'OH',
        zip: '43215',
      });
      expect(await axeViolations(page)).toEqual([]);
      await card.getByLabel('Zip code').press('Enter');

      await page.getByRole('heading', { name: callerBooked }).waitFor();
      // The confirmation replaced the form: its heading has the focus, and it is announced.
      await expectFocusOnHeading(page, callerBooked);
      expect(await axeViolations(page)).toEqual([]);
    });

    // The caller's own view holds the appointment at that time, self-pay, booked through support.
    const own = await apiAs<{ items: { slotId: string | null; start: string; selfPay: boolean; bookingFunnel: string | null; provider: { id: string } }[] }>(
      await signInWithCode(caller.email),
      '/appointments?when=upcoming',
    );
    expect(own.status).toBe(200);
    expect(own.body.items.filter((a) => a.slotId === slot.slotId)).toEqual([
      expect.objectContaining({
        provider: expect.objectContaining({ id: slot.providerId }),
        start: new Date(slot.start).toISOString(),
        selfPay: true,
        bookingFunnel: 'Support Standard Funnel',
      }),
    ]);
  });

  it('books through every support step with the keyboard only (Tab, typing, Space, Enter, arrows in a radio group)', async () => {
    const { page, context } = session();
    const slot = await bookableSlot({ skip: 5 });
    await openSession(context, await signInWithCode(agent));
    await withFailureShot(page, 'support-keyboard', async () => {
      await page.goto(bookingUrl(slot));
      const service = page.getByLabel('Service type');
      await service.waitFor();
      await tabUntil(page, service);
      // Tab, Space and Enter drive the steps; a native select picks the option whose name is typed
      // while it has the focus (no arrow keys, no mouse).
      await page.keyboard.type(slot.counselingType);
      expect(await service.inputValue()).toBe(slot.counselingType);
      await tabUntil(page, page.getByRole('button', { name: messages['ui.booking.next'] }));
      await page.keyboard.press('Enter');

      await page.waitForURL(pathOf('supportBookingEmail'));
      const email = page.getByLabel('Email');
      await email.waitFor();
      await tabUntil(page, email);
      await page.keyboard.type(caller.email);
      await page.keyboard.press('Enter');

      await page.waitForURL(pathOf('supportBookingPatientInfo'));
      const self = page.getByRole('checkbox', { name: new RegExp(`^${caller.firstName} ${caller.lastName}`) });
      await self.waitFor();
      const consent = page.getByRole('checkbox', { name: new RegExp(`^I agree to the consent for ${caller.firstName} ${caller.lastName}`) });
      await tabUntil(page, self);
      if (!(await self.isChecked())) await page.keyboard.press('Space');
      expect(await self.isChecked()).toBe(true);
      await tabUntil(page, consent);
      await page.keyboard.press('Space');
      expect(await consent.isChecked()).toBe(true);
      await tabUntil(page, page.getByRole('button', { name: messages['ui.booking.next'] }));
      await page.keyboard.press('Enter');

      await page.waitForURL(pathOf('supportBookingPayment'));
      const selfPay = page.getByRole('radio', { name: new RegExp(escaped(constants.selfPayLabel.full)) });
      await selfPay.waitFor();
      // The caller's insurances on file (seed: Oscar Health among them) load after self-pay shows.
      await page.getByRole('radio', { name: /Oscar Health/ }).waitFor();
      // Tab enters the radio group once, at its first choice (nothing is chosen yet); within a group
      // the arrow keys move (the group's own keyboard pattern): up from the first wraps to self-pay, the last.
      await tabUntil(page, page.locator('input[type="radio"][name="pay-choice"]').first());
      await page.keyboard.press('ArrowUp');
      expect(await selfPay.isChecked()).toBe(true);
      expect(await selfPay.evaluate((el) => el === document.activeElement)).toBe(true);
      const agree = page.getByRole('checkbox', { name: payCopy.consent });
      await tabUntil(page, agree);
      await page.keyboard.press('Space');
      expect(await agree.isChecked()).toBe(true);
      const { card, savedCardOffered } = await settledCardSection(page);
      const anotherCard = card.getByRole('radio', { name: messages['ui.booking.pay.newCard'] });
      if (savedCardOffered) {
        // A card of the caller's is on file (saved by another test) and chosen: the keyboard picks another card.
        await tabUntil(page, card.getByRole('radio', { checked: true }));
        await page.keyboard.press('ArrowDown');
        expect(await anotherCard.isChecked()).toBe(true);
      }
      // The number shows grouped as printed on the card.
      await typeInto(page, card.getByLabel('Card number'), '4111111111111111', '4111 1111 1111 1111');
      await typeInto(page, card.getByLabel('Expiration (MM/YY)'), '12/30');
      await typeInto(page, card.getByLabel('CVC'), '123');
      await typeInto(page, card.getByLabel('Address line 1'), '5 Oak Ave');
      await typeInto(page, card.getByLabel('City'), 'Columbus');
      // A native select picks the option whose name is typed while it has the focus.
      await tabUntil(page, card.getByLabel('State'));
      await page.keyboard.type('Ohio');
      expect(await card.getByLabel('State').inputValue()).toBe('OH');
      await typeInto(page, card.getByLabel('Zip code'), '43215');
      await tabUntil(page, card.getByRole('button', { name: payCopy.submit }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: callerBooked }).waitFor();
    });
    const own = await apiAs<{ items: { slotId: string | null; bookingFunnel: string | null }[] }>(
      await signInWithCode(caller.email),
      '/appointments?when=upcoming',
    );
    expect(own.body.items.filter((a) => a.slotId === slot.slotId)).toEqual([expect.objectContaining({ bookingFunnel: 'Support Standard Funnel' })]);
  });
});
