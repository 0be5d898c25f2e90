/**
 * The patient dashboard in Chromium against the real server and the seeded database: the demo
 * patient signs in with a one-time code read from the dev mailbox, then manages sessions, billing,
 * insurance cards and the account; another account's records stay out of reach; every page passes
 * axe-core's WCAG 2.1 A and AA rules, at phone and desktop sizes (screenshots kept for people to look at).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import fireside from '@/generated/content/fireside';
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import type { SignInResult } from '@/client/runtime/auth/credentials';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { useBrowser } from './harness';
import { sidewaysOverflow } from './a11y';
import { apiAs, openSession, signInWithCode } from './portal-session';
import { formatSessionTime } from '@/domain/date-format';

const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'portal-screenshots');
mkdirSync(SHOTS, { recursive: true });

const pages = [
  { route: 'patientHome', heading: message('ui.patient.greeting', { firstName: 'Jordan' }) },
  { route: 'patientSessionsUpcoming', heading: routeById.patientSessionsUpcoming.title },
  { route: 'patientSessionsPast', heading: routeById.patientSessionsPast.title },
  { route: 'patientBilling', heading: routeById.patientBilling.title },
  { route: 'patientInsuranceCards', heading: routeById.patientInsuranceCards.title },
  { route: 'insuranceCardCapture', heading: routeById.insuranceCardCapture.title },
  { route: 'patientAccount', heading: routeById.patientAccount.title },
  { route: 'patientAccountSettings', heading: routeById.patientAccountSettings.title },
  { route: 'patientFireside', heading: fireside.heading },
] as const;

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the app's Content-Security-Policy refuses inline scripts without its nonce.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

let jordan: SignInResult;
let avery: SignInResult;

beforeAll(async () => {
  jordan = await signInWithCode('jordan.rivera@example.com');
  avery = await signInWithCode('avery.johnson@example.com');
  // A card on file pays self-pay rebookings and late-cancellation fees.
  const patients = await apiAs<{ items: { id: string; relationship: string }[] }>(jordan, '/users/patients');
  const self = patients.body.items.find((p) => p.relationship === 'Self')!;
  const card = constants.testCardNumbers.approved[0]!;
  const nonce = await apiAs<{ nonce: string }>(jordan, '/patient-cards/tokenize', {
    body: { number: card.number, expiration: '12/30', cvv: '123', zipcode: '43215' },
  });
  await apiAs(jordan, '/patient-cards', { body: { patientId: self.id, nonce: nonce.body.nonce, makeDefault: true } });
});

describe('the patient dashboard, signed in as the demo patient', () => {
  const session = useBrowser();

  async function open(path: string, as: SignInResult = jordan): Promise<Page> {
    const { context, page } = session();
    await openSession(context, as);
    await page.goto(path);
    return page;
  }

  it.each([
    ['phone', { width: 390, height: 844 }],
    // A 1280 px screen at 400 % zoom (WCAG 1.4.10 reflow).
    ['320 px', { width: 320, height: 640 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const)('every portal page loads, fits the %s screen and has no WCAG 2.1 AA violation', async (name, viewport) => {
    const { page } = session();
    await page.setViewportSize(viewport);
    await openSession(session().context, jordan);
    const found: string[] = [];
    for (const p of pages) {
      await page.goto(routeById[p.route].path);
      await page.getByRole('heading', { level: 1, name: p.heading }).waitFor();
      await page.waitForLoadState('networkidle');
      await page
        .locator('[role="status"] .skeleton')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await page.screenshot({ path: join(SHOTS, `${p.route}-${name}.png`), fullPage: true });
      for (const past of await sidewaysOverflow(page)) found.push(`${p.route}: ${past}`);
      for (const v of await axeViolations(page)) found.push(`${p.route}: ${v}`);
    }
    expect(found).toEqual([]);
  });

  it('cancels a session inside the late window, showing the fee before confirming', async () => {
    const page = await open(routeById.patientSessionsUpcoming.path);
    // The earliest session still booked (the list shows cancelled ones too; other tests cancel the demo patient's sessions).
    const cancelButton = page.getByRole('button', { name: messages['ui.patient.sessions.cancel'] });
    const first = page.getByRole('article').filter({ has: cancelButton }).first();
    await first.getByRole('button', { name: messages['ui.patient.sessions.cancel'] }).click();
    const dialog = page.getByRole('dialog');
    const fee = formatCents(constants.lateCancelFeeCents);
    await dialog.getByText(message('ui.patient.cancel.lateFee', { hours: constants.lateCancelWindowHours, fee })).waitFor();
    await dialog.getByLabel(constants.appointmentCancellationReasons[0]!.label).check();
    // Charged to a card on file ("Cancel and pay …"), or due later without one ("Cancel, fee of … due").
    const confirmLate = dialog
      .getByRole('button', { name: message('ui.patient.cancel.confirmWithFee', { fee }) })
      .or(dialog.getByRole('button', { name: message('ui.patient.cancel.confirmFeeDue', { fee }) }));
    await confirmLate.click();
    await page.getByText(/is cancelled\./).waitFor();
    await page
      .getByText(
        new RegExp(
          `${message('ui.patient.cancel.feeCharged', { fee }).replace(/[$.]/g, '\\$&')}|${message('ui.patient.cancel.feeOutstanding', { fee }).replace(/[$.]/g, '\\$&')}`,
        ),
      )
      .waitFor();
  });

  it('reschedules a session to a held time of the same provider', async () => {
    const page = await open(routeById.patientSessionsUpcoming.path);
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: messages['ui.patient.sessions.reschedule'] }) })
      .last();
    await card.getByRole('button', { name: messages['ui.patient.sessions.reschedule'] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio').first().check();
    await dialog.getByText(/We are holding/).waitFor();
    await dialog.getByRole('button', { name: messages['ui.patient.reschedule.confirm'] }).click();
    await page.getByText(/Your session is moved to/).waitFor();
  });

  it('books a past session again', async () => {
    const page = await open(routeById.patientSessionsPast.path);
    await page.getByRole('button', { name: messages['ui.patient.sessions.rebook'] }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/ending in 1111/).waitFor();
    await dialog.getByRole('radio').first().check();
    await dialog.getByText(/We are holding/).waitFor();
    await dialog.getByRole('button', { name: messages['ui.patient.rebook.confirm'] }).click();
    await page.getByText(/Your new session on .* is booked\./).waitFor();
  });

  it('downloads a receipt as a PDF', async () => {
    const page = await open(routeById.patientBilling.path);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: messages['ui.patient.billing.receipt'] }).first().click(),
    ]);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('pays a late-cancellation fee that is due with the card on file, and then nothing is due', async () => {
    type Listed = { items: { start: string; timeZone: string | null; provider: { timeZone: string }; amountDueCents: number }[] };
    const owed = (await apiAs<Listed>(jordan, '/appointments?when=past')).body.items.find((s) => s.amountDueCents > 0)!;
    const page = await open(routeById.patientBilling.path);
    const fee = formatCents(owed.amountDueCents);
    const due = page.getByRole('region', { name: messages['ui.patient.billing.due'] });
    await due
      .getByRole('button', { name: message('ui.patient.billing.pay', { amount: fee }) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: messages['ui.patient.pay.heading'] });
    await dialog
      .getByRole('radio', { name: /ending in 1111/ })
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: message('ui.patient.billing.pay', { amount: fee }) }).click();
    await page
      .getByText(message('ui.patient.pay.done', { amount: fee, when: formatSessionTime(owed.start, owed.timeZone ?? owed.provider.timeZone) }))
      .waitFor();
    await due.getByText(messages['ui.patient.billing.dueNone']).waitFor();
    const after = await apiAs<Listed>(jordan, '/appointments?when=past');
    expect(after.body.items.filter((s) => s.amountDueCents > 0)).toEqual([]);
  });

  it('uploads a photo of the insurance card', async () => {
    const page = await open(routeById.insuranceCardCapture.path);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.getByLabel(messages['ui.patient.capture.front']).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel(messages['ui.patient.capture.back']).setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: messages['ui.patient.capture.submit'] }).click();
    await page.getByText(messages['ui.patient.capture.saved']).waitFor();
  });

  it('refuses a bad zip code in the account settings with the spec message', async () => {
    const page = await open(routeById.patientAccountSettings.path);
    await page.getByLabel(/Phone number/).fill('(614) 555-0142');
    await page.getByLabel(/Address line 1/).fill('12 High St');
    await page.getByLabel(/City/).fill('Columbus');
    await page.getByLabel(/State/).selectOption('OH');
    await page.getByLabel(/Zip code/).fill('4321');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(messages['validation.address.zipcode.invalid']).waitFor();
    expect(await page.getByLabel(/Zip code/).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel(/Zip code/).fill('43215');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(messages['ui.patient.settings.saved']).waitFor();
  });

  it("cannot open another account's session or receipt by changing the URL", async () => {
    const theirs = await apiAs<{ items: { id: string; patients: { id: string }[]; payment: { id: string } | null }[] }>(avery, '/appointments?when=upcoming');
    const other = theirs.body.items[0]!;
    const { page, problems } = session();
    problems.allow(/status of 404/);
    await openSession(session().context, jordan);
    await page.goto(`${routeById.patientSessions.path}?session=${other.id}`);
    await page.getByRole('heading', { name: messages['ui.patient.notFound.heading'] }).waitFor();
    await page.goto(`${routeById.patientBillingSession.path}?patientId=${other.patients[0]!.id}&transactionId=${other.payment?.id ?? other.id}`);
    await page.getByRole('heading', { name: messages['ui.patient.notFound.heading'] }).waitFor();
  });

  it('works with the keyboard alone: tabs to a section, opens it, and cancels out of a dialog with Escape', async () => {
    const page = await open(routeById.patientHome.path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: messages['ui.patient.navLabel'] });
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      if (await nav.getByRole('link', { name: messages['ui.patient.nav.sessions'] }).evaluate((el) => el === document.activeElement)) break;
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`${routeById.patientSessions.path}$`));
    const cancel = page.getByRole('button', { name: messages['ui.patient.sessions.cancel'] }).first();
    await cancel.waitFor();
    for (let i = 0; i < 60; i += 1) {
      await page.keyboard.press('Tab');
      if (await cancel.evaluate((el) => el === document.activeElement)) break;
    }
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await cancel.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
