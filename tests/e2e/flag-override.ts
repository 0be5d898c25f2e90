/**
 * Makes this page's flag service answer one flag's variant as a test needs (the visitor's flag
 * decisions come from the server; this stands in for an Unleash strategy that targets the visitor).
 */
import type { Page } from 'playwright-core';
import { endpointRoutes } from '@/generated/client/api';

export async function answerFlagVariant(page: Page, flag: string, variant: string): Promise<void> {
  await page.route(`**/api${endpointRoutes.getFrontendFlags.path}*`, async (route) => {
    // The app asks again when who is signed in becomes known and drops the earlier request: an
    // answer fetched for a request the page no longer wants is let go.
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { toggles: { name: string; variant: { name: string } }[] };
      for (const t of body.toggles) if (t.name === flag) t.variant.name = variant;
      await route.fulfill({ response, json: body });
    } catch (error) {
      if (page.isClosed() || /disposed|Target .* closed|Request context disposed|Route is already handled/i.test(String(error))) return;
      throw error;
    }
  });
}
