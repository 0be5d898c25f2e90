/**
 * What the booking browser tests share: a bookable slot found through the API, the one-time code
 * read from the dev mailbox, the session's own API calls, and axe-core run in the page.
 */
import type { Locator, Page, Request } from 'playwright-core';
import { addDaysIso, addYears, todayIso } from '@/domain/dates';
import { constants } from '@/generated/constants';
import { wcagViolations } from './a11y';
import { baseUrl } from './harness';
import { messageIn } from '@/domain/messages';
import { DEFAULT_LOCALE, type Locale } from '@/domain/locale';
import bookingCardForm from '@/generated/forms/booking-card';
import { fieldLabel } from './journeys/words';

export interface BookableSlot {
  providerId: string;
  providerName: string;
  slotId: string;
  start: string;
  availabilityType: string;
  timeZone: string;
  counselingType: string;
}

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, init);
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * An open, non-medication slot of a provider licensed in the state, that offers the counseling type;
 * `skip` picks a different provider per test so tests running side by side do not take each other's times.
 */
export async function bookableSlot(options: { state?: string; skip?: number; counselingType?: string; mode?: string } = {}): Promise<BookableSlot> {
  const counselingType = options.counselingType ?? 'Individual Counseling';
  const found = await api<{ items: { id: string; firstName: string; lastName: string; title: string; filters: { type: string; value: string }[] }[] }>(
    `/providers/search?state_code=${options.state ?? 'OH'}&counseling_type=${encodeURIComponent(counselingType)}&page=1`,
  );
  let seen = 0;
  for (const provider of found.items) {
    const listing = await api<{ timeZone: string; slots: { id: string; start: string; availabilityType: string; isMedication: boolean }[] }>(
      `/slots/get?providerId=${provider.id}`,
    );
    const slot = listing.slots.find((s) => !s.isMedication && (!options.mode || s.availabilityType === options.mode));
    if (!slot) continue;
    if (seen++ < (options.skip ?? 0)) continue;
    return {
      providerId: provider.id,
      providerName: `${provider.firstName} ${provider.lastName}, ${provider.title}`,
      slotId: slot.id,
      start: slot.start,
      availabilityType: slot.availabilityType,
      timeZone: listing.timeZone,
      counselingType,
    };
  }
  throw new Error('No bookable slot in the seeded marketplace');
}

/** An API call with the page's own session (its access-token cookie). */
export async function apiAsPage<T>(page: Page, path: string): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === constants.accessTokenCookie)?.value;
  if (!token) throw new Error('The page has no session');
  return api<T>(path, { headers: { authorization: `Bearer ${token}` } });
}

/** WCAG 2.1 A and AA violations in the page's main content (the shell's header is its owners' to check). */
export function axeViolations(page: Page): Promise<string[]> {
  return wcagViolations(page, { within: '#main' });
}

/** A birth date `years` and `days` before today, in the zone of the product's date rules (never the host's). */
export function isoDaysAgo(years: number, days = 0): string {
  return addDaysIso(addYears(todayIso(), -years), -days);
}

export function bookingUrl(slot: BookableSlot, extra: Record<string, string> = {}): string {
  return `/app/bookings?${new URLSearchParams({ providerId: slot.providerId, slotId: slot.slotId, ...extra }).toString()}`;
}

/** Runs a test's steps; when one fails, the page as it was is kept in /tmp for a look. */
export async function withFailureShot(page: Page, name: string, steps: () => Promise<void>): Promise<void> {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().includes('/api/'))
      void r.text().then(
        (body) => refused.push(`${r.request().method()} ${r.url()} ${r.status()} ${body.slice(0, 300)}`),
        // The page went on before the body was read: the refusal is still worth naming.
        () => refused.push(`${r.request().method()} ${r.url()} ${r.status()}`),
      );
  });
  // Requests still unanswered when a step fails (a lazily loaded screen's script, an API call): where a page stalled.
  const pending = new Map<Request, number>();
  page.on('request', (r) => pending.set(r, Date.now()));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  try {
    await steps();
  } catch (error) {
    await page.screenshot({ path: `/tmp/booking-e2e-failed-${name}.png`, fullPage: true }).catch(() => undefined);
    if (refused.length) (error as Error).message += `\nRefused API calls:\n  ${refused.join('\n  ')}`;
    const waiting = [...pending].map(([r, since]) => `${r.method()} ${r.url()} (${Math.round((Date.now() - since) / 1000)} s)`);
    if (waiting.length) (error as Error).message += `\nRequests still unanswered:\n  ${waiting.join('\n  ')}`;
    throw error;
  }
}

/**
 * The payment step's card section once the cards on file have loaded, and whether a saved card is
 * offered (other tests may have saved one for the same demo patient, so both shapes happen).
 */
export async function settledCardSection(page: Page, locale: Locale = DEFAULT_LOCALE): Promise<{ card: Locator; savedCardOffered: boolean }> {
  const card = page.getByRole('region', { name: messageIn(locale, 'ui.booking.pay.cardHeading') });
  const newCard = card.getByRole('radio', { name: messageIn(locale, 'ui.booking.pay.newCard') });
  await card
    .getByLabel(fieldLabel(bookingCardForm, 'number', locale))
    .or(newCard)
    .first()
    .waitFor();
  return { card, savedCardOffered: (await newCard.count()) > 0 };
}

/** Types a test card into the payment step, choosing "another card" first when one is on file. */
export async function fillNewTestCard(
  page: Page,
  details: { number: string; expiration: string; cvc: string; line1: string; city: string; state: string; zip: string },
  locale: Locale = DEFAULT_LOCALE,
): Promise<Locator> {
  const label = (field: string) => fieldLabel(bookingCardForm, field, locale);
  const { card, savedCardOffered } = await settledCardSection(page, locale);
  if (savedCardOffered) await card.getByRole('radio', { name: messageIn(locale, 'ui.booking.pay.newCard') }).check();
  await card.getByLabel(label('number')).fill(details.number);
  await card.getByLabel(label('expiration')).fill(details.expiration);
  await card.getByLabel(label('cvv')).fill(details.cvc);
  await card.getByLabel(label('address.line1')).fill(details.line1);
  await card.getByLabel(label('address.city')).fill(details.city);
  await card.getByLabel(label('address.state')).selectOption(details.state);
  await card.getByLabel(label('address.zipcode')).fill(details.zip);
  return card;
}
