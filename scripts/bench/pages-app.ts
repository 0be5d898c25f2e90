/**
 * `npm run bench:pages`, the app's part: the booking steps and the portal home measured with a signed-in
 * session, and the slot picker's long tasks. The demo patient signs in on the sign-in page (the code from the dev
 * mailbox) and goes through a booking to the payment step in the Chromium Lighthouse uses (same profile: its cookies
 * and stored booking stay, Lighthouse is told not to clear them); then each step's address is measured by Lighthouse,
 * mobile (Slow 4G, 4× CPU), three times, and the median of each figure is kept. The confirmation is drawn by the
 * payment step's screen once booked (scripts/app-script.ts), so the payment step's figures are its figures.
 * Slot picker: on the search results, with the CPU slowed 4×, a PerformanceObserver ('longtask') records the tasks of
 * choosing later days and of choosing a time (until the booking step shows its heading).
 */
import { chromium as playwright, type Page } from 'playwright-core';
import copySpec from '@/generated/content/provider-search';
import { routeById } from '@/generated/routes';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import '@/generated/translations/all';
import { message } from '@/domain/messages';

export interface AppPage {
  name: string;
  path: string;
}

export interface SlotPickerTasks {
  /** long tasks (ms) while later days are shown */
  day: number[];
  /** long tasks (ms) from tapping a time until the booking step's heading shows */
  time: number[];
}

const SEARCH = '/app/providers?state=OH&location=Columbus%2C+OH';
const patient = demoAccounts.find((a) => a.role === 'Patient')!;

async function codeFromMailbox(base: string, email: string, since: string): Promise<string> {
  for (let i = 0; i < 150; i += 1) {
    const { messages } = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as { messages: { to: string; subject: string; at: string }[] };
    const mail = messages.find((m) => m.to.toLowerCase() === email.toLowerCase() && m.at >= since && /\b\d{6}\b/.test(m.subject));
    if (mail) return /\b(\d{6})\b/.exec(mail.subject)![1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in code for ${email} in the dev mailbox`);
}

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}${routeById.login.path}`);
  const since = new Date().toISOString();
  await page.getByLabel('Email').fill(patient.email);
  await page.getByLabel('Email').press('Enter');
  await page.waitForURL((u) => u.pathname === routeById.verifyOtp.path, { timeout: 60_000 });
  await page.getByLabel('One-time code').fill(await codeFromMailbox(base, patient.email, since));
  await page.getByLabel('One-time code').press('Enter');
  await page.waitForURL((u) => u.pathname !== routeById.verifyOtp.path, { timeout: 60_000 });
}

/** Opens the open times of the second provider with times on the search results; answers the dialog. */
async function openTimes(page: Page, base: string) {
  await page.goto(`${base}${SEARCH}`);
  const card = page
    .locator('.provider-card')
    .filter({ has: page.locator('.provider-card__first') })
    .nth(1);
  await card.getByRole('button', { name: copySpec.card.seeTimes }).click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog');
  await dialog.locator('.slot-button').first().waitFor({ timeout: 60_000 });
  return dialog;
}

/** Signs the demo patient in and takes a booking to the payment step; answers the addresses to measure. */
export async function prepareAppPages(cdpPort: number, base: string): Promise<{ pages: AppPage[]; slotPicker: SlotPickerTasks }> {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await signIn(page, base);

    // The slot picker on a phone-class CPU: the tasks of choosing later days, then a time.
    await page.setViewportSize({ width: 390, height: 844 });
    const cdp = await context.newCDPSession(page);
    const dialog = await openTimes(page, base);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const observe = () =>
      page.evaluate(() => {
        const w = window as unknown as { longTasks: number[]; longTaskObserver?: PerformanceObserver };
        w.longTasks = [];
        w.longTaskObserver?.disconnect();
        w.longTaskObserver = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.longTasks.push(Math.round(entry.duration));
        });
        w.longTaskObserver.observe({ type: 'longtask' });
      });
    const taken = () => page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    await observe();
    await dialog.getByRole('button', { name: copySpec.availability.later }).click();
    await dialog.locator('.slot-button').first().waitFor();
    await page.waitForTimeout(1000);
    const day = await taken();
    await observe();
    await dialog.locator('.slot-button').nth(2).click();
    await page.waitForURL((u) => u.pathname === routeById.booking.path);
    await page.getByRole('heading', { level: 1, name: message('ui.booking.heading') }).waitFor();
    // A time on a document page is a link: the booking step is a new page, whose long tasks the browser kept (buffered).
    const time = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const tasks: number[] = [];
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) tasks.push(Math.round(entry.duration));
          });
          observer.observe({ type: 'longtask', buffered: true });
          setTimeout(() => {
            observer.disconnect();
            resolve(tasks);
          }, 200);
        }),
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // The booking steps, as the patient goes through them.
    const pathOf = () => new URL(page.url()).pathname + new URL(page.url()).search;
    const booking = pathOf();
    await page.getByRole('button', { name: message('ui.booking.next') }).click();
    await page.waitForURL((u) => u.pathname === routeById.userBookingPatientInfo.path);
    const patientInfo = pathOf();
    const who = page.getByRole('checkbox', { name: /^Jordan Rivera/ });
    if (!(await who.isChecked())) await who.check();
    await page.getByRole('checkbox', { name: message('ui.booking.consent.self', { patient: 'Jordan Rivera' }) }).check();
    await page.getByRole('button', { name: message('ui.booking.next') }).click();
    await page.waitForURL((u) => u.pathname === routeById.userBookingPayment.path);
    const payment = pathOf();
    await page.close();
    return {
      pages: [
        { name: 'providers', path: SEARCH },
        { name: 'book: time', path: booking },
        { name: 'book: patient', path: patientInfo },
        { name: 'book: pay', path: payment },
        { name: 'portal home', path: routeById.patientHome.path },
      ],
      slotPicker: { day, time },
    };
  } finally {
    // Connected, not launched: this lets the browser go on (Lighthouse measures in it), with its cookies and storage.
    await browser.close();
  }
}

/** The median of each figure of three runs. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
