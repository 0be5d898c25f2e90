/**
 * Nothing moves under a finger (CLS 0): on a phone (390 px), signed in as the demo patient, each
 * booking step (choose a time, patient information, payment) and the portal home, opened at its address as Lighthouse
 * opens it, draws what arrives late (its data, the hold's countdown, notices, fonts) in space kept for it. Chromium's
 * layout-shift entries (the ones no input caused) are summed from the first paint until the screen is settled (its
 * data in, no placeholder left, fonts loaded); the sum must stay under 0.1, and a failure names what moved and where.
 */
import type { Page } from 'playwright-core';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { bookableSlot, bookingUrl, withFailureShot } from './booking-helpers';
import { useBrowser } from './harness';
import { bookingPageShows, choosePatient, nextFromBookingPage, nextFromPatientInformation } from './journeys/booking-steps';
import { openSession, signInWithCode } from './portal-session';

/** The most a screen may move while it loads (Lighthouse's "good"; the aim is 0). */
const LIMIT = 0.1;

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

/** Installed before the page's own scripts: keeps every layout shift, with what moved (element, from, to). */
function recordShifts(): void {
  const w = window as unknown as { layoutShifts: Shift[] };
  w.layoutShifts = [];
  const describe = (node: Node | null): string => {
    if (!node) return '(removed)';
    if (!(node instanceof Element)) return `text "${(node.textContent ?? '').trim().slice(0, 40)}" in ${describe(node.parentElement)}`;
    const id = node.id ? `#${node.id}` : '';
    const classes = typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
    const test = node.getAttribute('data-testid') ? `[data-testid=${node.getAttribute('data-testid')}]` : '';
    return `${node.tagName.toLowerCase()}${id}${classes}${test}`;
  };
  const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number;
      hadRecentInput: boolean;
      startTime: number;
      sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }[]) {
      if (entry.hadRecentInput) continue;
      w.layoutShifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        sources: (entry.sources ?? []).map((s) => `${describe(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Waits until the screen is settled: its requests answered, no loading placeholder, fonts in, two frames drawn. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('#main [aria-busy="true"], #main .skeleton'));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/** The layout shifts of the page since it started loading, and their sum. */
async function shiftsOf(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
  return { total: Math.round(shifts.reduce((sum, s) => sum + s.value, 0) * 1000) / 1000, shifts };
}

describe('layout shift on a phone, signed in as the demo patient', () => {
  const session = useBrowser({ viewport: { width: 390, height: 844 } });
  const patient = demoAccounts.find((a) => a.role === 'Patient')!;

  it('moves nothing on the booking steps and the portal home while they load (layout-shift sum under 0.1)', async () => {
    const { page, context } = session();
    await withFailureShot(page, 'layout-shift', async () => {
      await openSession(context, await signInWithCode(patient.email));
      await context.addInitScript(recordShifts);
      // A provider of its own (the other booking tests take the first ones), with the service chosen as a search's time starts it.
      const slot = await bookableSlot({ state: 'OH', skip: 5 });
      const me = `${patient.firstName} ${patient.lastName}`;

      // Through the steps once, as the patient does, to keep each step's address (the booking is in the browser's storage).
      await page.goto(bookingUrl(slot, { counselingType: slot.counselingType }));
      await bookingPageShows(page, slot.providerName.split(',')[0]!);
      const addresses: [string, string][] = [['choose a time', page.url()]];
      await nextFromBookingPage(page);
      await choosePatient(page, me);
      const consent = page.getByRole('checkbox', { name: message('ui.booking.consent.self', { patient: me }) });
      if (!(await consent.isChecked())) await consent.check();
      addresses.push(['patient information', page.url()]);
      await nextFromPatientInformation(page);
      addresses.push(['payment', page.url()]);
      addresses.push(['portal home', routeById.patientHome.path]);

      // Then each opened at its address, as a reload or a link would.
      const found: Record<string, number> = {};
      const moved: string[] = [];
      for (const [name, address] of addresses) {
        await page.goto(address);
        await settled(page);
        const { total, shifts } = await shiftsOf(page);
        found[name] = total;
        if (process.env.DEBUG_SHIFTS) console.log(name, total, JSON.stringify(shifts, null, 1));
        if (total >= LIMIT) for (const s of shifts) moved.push(`${name}: ${s.value.toFixed(3)} at ${s.at} ms: ${s.sources.join('; ')}`);
      }
      expect({ found, moved }).toEqual({ found: Object.fromEntries(Object.keys(found).map((k) => [k, expect.any(Number)])), moved: [] });
      for (const [name, total] of Object.entries(found)) expect({ name, total, under: total < LIMIT }).toEqual({ name, total, under: true });
    });
  });
});
