/**
 * The pages run under a Content-Security-Policy without 'unsafe-eval': forms validate with validators
 * written ahead of time (src/generated/validators/), so nothing in the browser compiles code.
 * A visitor books from the home page (the booking journey's forms: e-mail, code, new account, billing
 * address) and a visitor mistypes an address on the sign-in page and sees the spec's message; neither
 * page reports a `securitypolicyviolation` or a "Refused to evaluate" console error (the harness fails
 * a test on any console error).
 */
import type { Page } from 'playwright-core';
import { message } from '@/domain/messages';
import { eventually, useBrowser } from '../harness';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
import {
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
import { openSignInFromHome } from './front-door';

/** Records every CSP violation of the page (before its own scripts run) where the test can read it. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

describe('pages under a CSP without unsafe-eval', () => {
  const session = useBrowser();

  it('the policy forbids eval, and a blocked eval is seen', async () => {
    const { page, problems } = session();
    problems.allow(/Refused to evaluate|unsafe-eval/);
    const violations = await recordViolations(page);
    const answer = await page.goto('/');
    const policy = answer?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).not.toContain('unsafe-eval');
    // A string handed to setTimeout is compiled by the page itself (unlike the test's own evaluate): refused.
    await page.evaluate(() => setTimeout('window.evalRan = true', 0));
    const blocked = await eventually(
      async () => (await violations()).find((v) => v.startsWith('script-src eval')),
      () => 'no CSP violation for the eval',
    );
    expect(blocked).toBeDefined();
    expect(await page.evaluate(() => (window as unknown as { evalRan?: boolean }).evalRan)).toBeUndefined();
  });

  it('a new visitor books from the home page, every form validating without eval', async () => {
    const { page } = session();
    const violations = await recordViolations(page);
    const person = newPerson('csp', isoDaysAgo(36));
    await withFailureShot(page, 'journey-csp', async () => {
      await searchFromHome(page, 'Austin, TX');
      const { card, name } = await providerWithTimes(page, 2);
      await chooseTime(await seeOpenTimes(page, card), 2);
      await verifyAsNewVisitor(page, person);
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, person);
      await nextFromPatientInformation(page);
      await paySelfPayAndBook(page, { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' });
      await sessionInPortal(page, name);
    });
    expect(await violations()).toEqual([]);
  });

  it('the sign-in form shows the spec message for a mistyped address, without eval', async () => {
    const { page } = session();
    const violations = await recordViolations(page);
    await openSignInFromHome(page);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: message('ui.login.sendCode') }).click();
    await page.getByText(message('validation.email.invalid')).waitFor();
    expect(await violations()).toEqual([]);
  });
});
