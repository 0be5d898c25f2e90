/**
 * A visitor books a time they found on another site. The other site read our SMART Scheduling Links publication
 * (the $bulk-publish manifest and its NDJSON files, without an account, as any aggregator does) and showed the
 * time with its booking deep link; the visitor follows that link, lands on our booking with that very time chosen
 * (its provider, day and hours in their own zone), and books it with only clicks and typing: who they are with a new
 * account and the e-mailed code, themselves as the patient with the consent, self-pay with a test card. The next
 * publication no longer lists the time. The same link under the Spanish prefix opens the booking in Spanish with
 * its time chosen.
 */
import serviceSelectionForm from '@/generated/forms/service-selection';
import { formatLongDay, formatTime } from '@/domain/date-format';
import { messageIn } from '@/domain/messages';
import { DEFAULT_LOCALE, type Locale } from '@/domain/locale';
import { SSL_EXTENSION } from '@/domain/smart-scheduling';
import type { Page } from 'playwright-core';
import { baseUrl, browserTimeZone, useBrowser } from '../harness';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
import {
  bookingPageShows,
  chooseSelfAndSign,
  newPerson,
  nextFromBookingPage,
  nextFromPatientInformation,
  paySelfPayAndBook,
  verifyAsNewVisitor,
} from './booking-steps';
import { fieldLabel, pathIn } from './words';

type Resource = Record<string, unknown> & { resourceType: string; id: string };
const austin = { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

/** What another site reads: the manifest, then the files it names of the types it wants, at the address the manifest gives. */
async function published(types: readonly string[] = ['Schedule', 'Slot']): Promise<Record<string, Resource[]>> {
  const manifest = (await (await fetch(`${baseUrl()}/api/$bulk-publish`)).json()) as { output: { type: string; url: string }[] };
  const files: Record<string, Resource[]> = {};
  for (const o of manifest.output.filter((f) => types.includes(f.type))) {
    const res = await fetch(`${baseUrl()}${new URL(o.url).pathname}`);
    expect(res.headers.get('content-type')).toContain('application/fhir+ndjson');
    files[o.type] = (await res.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Resource);
  }
  return files;
}

const extension = (r: Resource, url: string) => (r.extension as ({ url: string } & Record<string, unknown>)[]).find((e) => e.url === url);

/** A published time anyone may book (new patients too), a few days on, with its provider's name and its deep link. */
function aTimeForNewPatients(files: Record<string, Resource[]>, nth: number): { slot: Resource; providerName: string; link: URL } {
  const open = files.Slot!.filter((s) => (extension(s, SSL_EXTENSION.patientType)!.valueCoding as { code: string }).code === 'newpt');
  expect(open.length).toBeGreaterThan(nth);
  const slot = open[Math.min(10 + nth, open.length - 1)]!;
  const schedule = files.Schedule!.find((s) => `Schedule/${s.id}` === (slot.schedule as { reference: string }).reference)!;
  const role = (schedule.actor as { reference: string; display: string }[]).find((a) => a.reference.startsWith('PractitionerRole/'))!;
  return { slot, providerName: role.display.split(',')[0]!, link: new URL(extension(slot, SSL_EXTENSION.bookingDeepLink)!.valueUrl as string) };
}

/** The booking shows the time chosen: its provider, its day and its hours in the visitor's (browser's) zone. */
async function timeChosen(page: Page, slot: Resource, providerName: string, locale: Locale): Promise<void> {
  await page.getByRole('heading', { level: 1, name: messageIn(locale, 'ui.booking.heading') }).waitFor();
  const summary = page.getByRole('region', { name: messageIn(locale, 'ui.booking.slot.heading') });
  await summary.getByText(providerName, { exact: false }).waitFor();
  await summary.getByText(formatLongDay(slot.start as string, browserTimeZone, locale)).waitFor();
  const hours = `${formatTime(slot.start as string, browserTimeZone, locale)} - ${formatTime(slot.end as string, browserTimeZone, locale)}`;
  await summary.getByText(hours, { exact: false }).waitFor();
}

/** A provider who offers more than one service asks which one; the visitor picks the first offered. */
async function serviceChosen(page: Page, locale: Locale): Promise<void> {
  const service = page.getByLabel(fieldLabel(serviceSelectionForm, 'counselingType', locale));
  if ((await service.inputValue()) === '') {
    const offered = await service.locator('option:not([value=""])').first().getAttribute('value');
    await service.selectOption(offered!);
  }
}

describe('a visitor books a time another site found in our published open times', () => {
  const session = useBrowser();

  it('follows the slot’s deep link to our booking with that time, books it, and the next publication no longer lists it', async () => {
    const { page } = session();
    const { slot, providerName, link } = aTimeForNewPatients(await published(), 0);
    const person = newPerson('deep-link', isoDaysAgo(30));
    await withFailureShot(page, 'published-slot-booked', async () => {
      // No account needed to see it: the booking with that time, its provider and its day.
      await page.goto(`${baseUrl()}${link.pathname}${link.search}`);
      await timeChosen(page, slot, providerName, DEFAULT_LOCALE);
      await serviceChosen(page, DEFAULT_LOCALE);
      await page.getByRole('button', { name: messageIn(DEFAULT_LOCALE, 'ui.booking.next') }).click();
      await verifyAsNewVisitor(page, person);
      // Back on the booking after signing up: still that time, now held for them.
      await bookingPageShows(page, providerName);
      await timeChosen(page, slot, providerName, DEFAULT_LOCALE);
      expect(new URL(page.url()).searchParams.get('slotId')).toBe(slot.id);
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, person);
      await nextFromPatientInformation(page);
      await paySelfPayAndBook(page, austin);
    });
    // What the other site reads next: the time is gone, the others it listed still there.
    const next = await published(['Slot']);
    expect(next.Slot!.some((s) => s.id === slot.id)).toBe(false);
    expect(next.Slot!.length).toBeGreaterThan(0);
  });

  it('opens the same deep link under the Spanish prefix in Spanish, with its time chosen', async () => {
    const { page } = session();
    const { slot, providerName, link } = aTimeForNewPatients(await published(), 1);
    await withFailureShot(page, 'published-slot-spanish', async () => {
      await page.goto(`${baseUrl()}${pathIn(link.pathname, 'es')}${link.search}`);
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      await timeChosen(page, slot, providerName, 'es');
      expect(new URL(page.url()).searchParams.get('slotId')).toBe(slot.id);
      await serviceChosen(page, 'es');
      await page.getByRole('button', { name: messageIn('es', 'ui.booking.next') }).click();
      await page.getByRole('heading', { level: 1, name: messageIn('es', 'ui.booking.verifyHeading') }).waitFor();
    });
  });
});
