/**
 * Journey: the demo clinician signs in from the home page, opens Referrals from the
 * care area's navigation and "Make a referral", chooses one of their clients, finds their colleague by
 * name and chooses them, and fills the authorization form: each broken rule of product-spec §5 shows
 * its message (every required field of the empty form, a member ID that is not 4 digits, a date that is no date, an expiration before yesterday, a description over 50
 * characters, an expiration before the effective date), then the valid referral reaches the done
 * page. The colleague is told by e-mail (a link, no health information), signs in from the home page
 * in a browser of their own, finds the referral under Referrals and accepts it; the referring
 * clinician then reads it accepted. Only clicks and typing.
 */
import answerForm from '@/generated/forms/care-referral-answer';
import clientForm from '@/generated/forms/care-referral-client';
import referralForm from '@/generated/forms/referral';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { enums } from '@/generated/enums';
import { message } from '@/domain/messages';
import { addDaysIso, formatUsDate, todayIso } from '@/domain/dates';
import { newSession, useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { wcagViolations } from '../a11y';
import { latestMail, mailMoment } from '../mailbox';
import { screenshots } from '../signin-support';
import { signInFromHome, screenHeading } from './front-door';
import type { Page } from 'playwright-core';

const CLINICIAN = 'morgan.lee@example.com';
const COLLEAGUE = 'drew.patel@example.com';
const AUTHORIZATION = `AUTH-${Date.now() % 100000}`;

async function openReferrals(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: messages['ui.care.nav.label'] }).getByRole('link', { name: routeById.careReferrals.title }).click();
  await page.getByRole('heading', { level: 1, name: routeById.careReferrals.title }).waitFor();
}

describe('a clinician refers a client to a colleague, who accepts', () => {
  const session = useBrowser();

  it('referrals → make a referral → each §5 message → sent → the colleague accepts', async () => {
    const { page } = session();
    const today = todayIso();
    let client = '';
    const since = mailMoment();
    await withFailureShot(page, 'journey-clinician-refers', async () => {
      await signInFromHome(page, CLINICIAN);
      expect(await screenHeading(page)).toBe(routeById.careSchedule.title);
      await openReferrals(page);
      await page.getByRole('link', { name: messages['ui.care.referrals.make'] }).click();
      await page.getByRole('heading', { level: 1, name: routeById.careMakeReferral.title }).waitFor();

      const clientSelect = page.getByLabel('Client', { exact: true });
      await clientSelect.selectOption({ index: 1 });
      client = (await clientSelect.locator('option:checked').innerText()).trim();
      await page.getByRole('button', { name: clientForm.submitLabel }).click();
      await page.getByText(message('ui.care.referrals.chosenClient', { client })).waitFor();
      await page.getByLabel(messages['ui.care.referrals.providerSearch']).fill('Patel');
      await page.getByRole('button', { name: /^Refer to Drew Patel/ }).click();
      await page.getByText(/^Referring to Drew Patel/).waitFor();

      // Bad input: each rule of §5 says so on its field. First the empty form: every required field.
      await page.getByRole('button', { name: referralForm.submitLabel }).click();
      for (const key of [
        'validation.authorization.referralReason.required',
        'validation.authorization.effectiveDate.required',
        'validation.authorization.expirationDate.required',
        'validation.authorization.number.required',
        'validation.authorization.description.required',
        'validation.authorization.insuranceCarrier.required',
        'validation.gender.required',
        'validation.authorization.memberId.required',
      ] as const) {
        await page.getByText(messages[key], { exact: true }).waitFor();
      }
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(routeById.careMakeReferral.title);
      const memberId = page.getByLabel('Member ID (last 4 digits of SSN)');
      await memberId.fill('12');
      await memberId.blur();
      await page.getByText(messages['validation.authorization.memberId.invalid'], { exact: true }).waitFor();
      expect(await page.getByText(messages['validation.authorization.memberId.required'], { exact: true }).count()).toBe(0);

      await page.getByLabel('Gender').selectOption({ label: 'Female' });
      await memberId.fill('1234');
      await page.getByLabel('Referral reason').fill('Trauma-focused therapy');
      await page.getByLabel('Effective date').fill('02/30/2026');
      await page.getByLabel('Expiration date').fill(formatUsDate(addDaysIso(today, -2)));
      await page.getByLabel('Authorization number').fill(AUTHORIZATION);
      await page.getByLabel('Authorization description').fill('x'.repeat(51));
      await page.getByRole('button', { name: referralForm.submitLabel }).click();
      await page.getByText(messages['validation.date.invalid']).waitFor();
      await page.getByText(message('validation.authorization.expirationDate.notBeforeYesterday', { yesterday: formatUsDate(addDaysIso(today, -1)) })).waitFor();
      await page.getByText(messages['validation.authorization.description.maxLength']).waitFor();
      await page.getByText(messages['validation.authorization.insuranceCarrier.required']).waitFor();
      await screenshots(page, 'journey-referral-form-errors');

      await page.getByLabel('Effective date').fill(formatUsDate(addDaysIso(today, 10)));
      await page.getByLabel('Expiration date').fill(formatUsDate(addDaysIso(today, 5)));
      await page.getByText(messages['validation.authorization.expirationDate.beforeEffective']).waitFor();

      // Valid now.
      await page.getByLabel('Effective date').fill(formatUsDate(today));
      await page.getByLabel('Expiration date').fill(formatUsDate(addDaysIso(today, 90)));
      await page.getByLabel('Insurance carrier').fill('Aetna');
      await page.getByLabel('Authorization description').fill('Twelve sessions');
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
      await page.getByRole('button', { name: referralForm.submitLabel }).click();
      await page.getByRole('heading', { level: 1, name: routeById.careMakeReferralDone.title }).waitFor();
      await page.getByText(new RegExp(`^${client} was referred to Drew Patel`)).waitFor();
      await screenshots(page, 'journey-referral-sent');
      await page.getByRole('link', { name: messages['ui.care.referrals.back'] }).click();
      const sent = page.getByRole('region', { name: messages['ui.care.referrals.sent'] }).getByRole('listitem').filter({ hasText: AUTHORIZATION });
      await sent.getByText(enums.referralState.labels.pending).waitFor();
    });

    // The colleague is told, with a link and nothing about the client.
    const mail = await latestMail(COLLEAGUE, 'referral-received', since);
    expect(mail.text).toContain(routeById.careReferrals.path);
    for (const word of [...client.split(' '), 'Trauma', AUTHORIZATION]) expect(mail.text).not.toContain(word);

    const colleague = await newSession();
    try {
      const other = colleague.page;
      await withFailureShot(other, 'journey-colleague-accepts', async () => {
        await signInFromHome(other, COLLEAGUE);
        expect(await screenHeading(other)).toBe(routeById.careSchedule.title);
        await openReferrals(other);
        const card = other.getByRole('region', { name: messages['ui.care.referrals.received'] }).getByRole('listitem').filter({ hasText: AUTHORIZATION });
        await card.getByRole('heading', { level: 3, name: client }).waitFor();
        await card.getByText(/^From Morgan Lee/).waitFor();
        expect(await wcagViolations(other, { within: '#main' })).toEqual([]);
        await card.getByRole('button', { name: answerForm.submitLabel }).click();
        await other
          .getByRole('status')
          .filter({ hasText: message('ui.care.referrals.acceptedToast', { client }) })
          .first()
          .waitFor();
        await card.getByText(enums.referralState.labels.accepted).waitFor();
        await screenshots(other, 'journey-referral-accepted');
      });
      colleague.problems.assertNone();
    } finally {
      await colleague.context.close();
    }

    await withFailureShot(page, 'journey-clinician-sees-accepted', async () => {
      await page.getByRole('navigation', { name: messages['ui.care.nav.label'] }).getByRole('link', { name: routeById.careSchedule.title }).click();
      await page.getByRole('heading', { level: 1, name: routeById.careSchedule.title }).waitFor();
      await openReferrals(page);
      const sent = page.getByRole('region', { name: messages['ui.care.referrals.sent'] }).getByRole('listitem').filter({ hasText: AUTHORIZATION });
      await sent.getByText(enums.referralState.labels.accepted).waitFor();
    });
  });
});
