/**
 * Open times published (issue 21 item 3): an aggregator reads the SMART Scheduling Links manifest and its
 * Location, Schedule and Slot files without an account; a person who follows a slot's booking deep link
 * lands on our booking with that very time, and booking it goes on as for every visitor.
 */
import { messages } from '@/generated/messages';
import { formatLongDay, formatTime } from '@/domain/date-format';
import { baseUrl, browserTimeZone, useBrowser } from '../harness';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
import { newPerson, verifyAsNewVisitor } from './booking-steps';

const DEEP_LINK = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link';
type Resource = Record<string, unknown> & { resourceType: string; id: string };

async function ndjson(url: string): Promise<Resource[]> {
  const res = await fetch(`${baseUrl()}${new URL(url).pathname}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/fhir+ndjson');
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Resource);
}

describe('open times published for other services', () => {
  const session = useBrowser();

  it('publishes a manifest with Location, Schedule and Slot files, and a slot’s deep link opens the booking with that time', async () => {
    const { page } = session();
    const manifest = (await (await fetch(`${baseUrl()}/api/$bulk-publish`)).json()) as { transactionTime: string; output: { type: string; url: string }[] };
    expect(manifest.output.map((o) => o.type).sort()).toEqual(['Location', 'Schedule', 'Slot']);
    const urlOf = (type: string) => manifest.output.find((o) => o.type === type)!.url;
    const [locations, schedules, slots] = await Promise.all([ndjson(urlOf('Location')), ndjson(urlOf('Schedule')), ndjson(urlOf('Slot'))]);
    expect(locations.every((l) => l.resourceType === 'Location' && typeof (l.address as { city?: string }).city === 'string')).toBe(true);
    expect(schedules.every((s) => s.resourceType === 'Schedule' && (s.actor as { reference: string }[])[0]!.reference.startsWith('Location/'))).toBe(true);
    expect(slots.length).toBeGreaterThan(0);
    expect(
      slots.every((s) => s.resourceType === 'Slot' && s.status === 'free' && (s.schedule as { reference: string }).reference.startsWith('Schedule/')),
    ).toBe(true);

    // A slot a few days on, with its provider's name from its schedule.
    const slot = slots[Math.min(10, slots.length - 1)]!;
    const schedule = schedules.find((s) => `Schedule/${s.id}` === (slot.schedule as { reference: string }).reference)!;
    const providerName = (schedule.actor as { display: string }[])[0]!.display.split(',')[0]!;
    const link = new URL((slot.extension as { url: string; valueUrl: string }[]).find((e) => e.url === DEEP_LINK)!.valueUrl);
    // The visitor reads the time in their own (browser's) zone, whatever the link's provider zone (issue 34).
    const zone = browserTimeZone;

    await withFailureShot(page, 'open-times-deep-link', async () => {
      // No account needed to see it: the booking with that time, its provider and its day.
      await page.goto(`${link.pathname}${link.search}`);
      const summary = page.getByRole('region', { name: messages['ui.booking.slot.heading'] });
      await summary.getByText(providerName, { exact: false }).waitFor();
      await summary.getByText(formatLongDay(slot.start as string, zone)).waitFor();
      await summary.getByText(`${formatTime(slot.start as string, zone)} - ${formatTime(slot.end as string, zone)}`, { exact: false }).waitFor();
      // A provider who offers more than one service asks which one; a visitor picks the first.
      const service = page.getByLabel('Service type');
      if ((await service.inputValue()) === '') {
        const offered = await service.locator('option:not([value=""])').first().getAttribute('value');
        await service.selectOption(offered!);
      }
      // Booking it goes on as for every visitor: who they are, then the time is held for them.
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();
      await verifyAsNewVisitor(page, newPerson('deep-link', isoDaysAgo(30)));
      await page.getByTestId('hold-countdown').waitFor();
      expect(new URL(page.url()).searchParams.get('slotId')).toBe(slot.id);
    });
  });
});
