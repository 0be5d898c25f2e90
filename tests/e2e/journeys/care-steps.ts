/** Steps of the clinician's care area that several journeys take, as a clinician would: clicking and typing. */
import type { Locator, Page } from 'playwright-core';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';

/** From the care area's menu to the calendar; answers the practice's city as search writes it ("City, ST"). */
export async function openCareCalendar(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: messages['ui.care.nav.label'] }).getByRole('link', { name: routeById.careCalendar.title }).click();
  await page.getByRole('heading', { level: 1, name: routeById.careCalendar.title }).waitFor();
  const practice = await page.getByText(/^Your practice: /).innerText();
  const [, cityName, state] = /, ([^,]+), ([A-Z]{2})\.$/.exec(practice) ?? [];
  return `${cityName}, ${state}`;
}

/**
 * On the calendar: the same hours on all seven weekdays, in sessions of `slotMinutes`, saved; answers the saved
 * status. A first save that would remove open times the practice set up is warned about before anything is saved;
 * the clinician agrees (the warning's text is answered too).
 */
export async function openSameHoursEveryDay(
  page: Page,
  hours: { slotMinutes: string; start: string; end: string },
): Promise<{ saved: Locator; warning?: string }> {
  const form = page.getByRole('form', { name: messages['ui.care.availability.heading'] });
  await form.getByLabel(messages['ui.care.availability.slotMinutes']).selectOption(hours.slotMinutes);
  for (let day = 1; day <= 7; day += 1) {
    await form.getByRole('button', { name: messages['ui.care.availability.add'] }).click();
    const row = form.getByRole('listitem').nth(day - 1);
    await row.getByLabel(messages['ui.care.availability.start']).fill(hours.start);
    await row.getByLabel(messages['ui.care.availability.end']).fill(hours.end);
  }
  await form.getByRole('button', { name: messages['ui.care.availability.save'] }).click();
  const saved = form.getByRole('status').filter({ hasText: /new times opened/ });
  const warning = form.getByRole('alert').filter({ has: page.getByRole('button', { name: messages['ui.care.availability.removeAnyway'] }) });
  await saved.or(warning).first().waitFor();
  let warned: string | undefined;
  if (await warning.count()) {
    warned = (await warning.locator('p').first().innerText()).trim();
    await warning.getByRole('button', { name: messages['ui.care.availability.removeAnyway'] }).click();
  }
  await saved.waitFor();
  return warned === undefined ? { saved } : { saved, warning: warned };
}
