/**
 * Makes this page's flag service answer one flag's variant as a test needs (the visitor's flag
 * decisions come from the server; this stands in for an Unleash strategy that targets the visitor):
 * in the decisions each app page carries (src/server/plugins/client.ts) and in the flag endpoint's answers.
 */
import type { Page, Route } from 'playwright-core';
import { endpointRoutes } from '@/generated/client/api';
import type { PageFlags } from '@/domain/flags';
import { PAGE_DATA_IDS } from '@/client/runtime/ssr/page-data';

const FLAG_BLOCK = new RegExp(`(<script type="application/json" id="${PAGE_DATA_IDS.flags}">)([\\s\\S]*?)(</script>)`);

function goneAway(page: Page, error: unknown): boolean {
  return page.isClosed() || /disposed|Target .* closed|Request context disposed|Route is already handled/i.test(String(error));
}

export async function answerFlagVariant(page: Page, flag: string, variant: string): Promise<void> {
  await page.route('**/*', async (route: Route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    try {
      const response = await route.fetch();
      const html = (await response.text()).replace(FLAG_BLOCK, (_, open: string, json: string, close: string) => {
        const flags = JSON.parse(json) as PageFlags;
        for (const decision of [flags.anonymous, flags.user]) if (decision) decision.variants[flag] = variant;
        return `${open}${JSON.stringify(flags).replace(/</g, '\\u003c')}${close}`;
      });
      // The text is read decoded: it goes back without the encoding and length of the original bytes.
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)));
      await route.fulfill({ response, headers, body: html });
    } catch (error) {
      if (goneAway(page, error)) return;
      throw error;
    }
  });
  await page.route(`**/api${endpointRoutes.getFrontendFlags.path}*`, async (route) => {
    // The app asks again when who is signed in becomes known and drops the earlier request: an
    // answer fetched for a request the page no longer wants is let go.
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { toggles: { name: string; variant: { name: string } }[] };
      for (const t of body.toggles) if (t.name === flag) t.variant.name = variant;
      await route.fulfill({ response, json: body });
    } catch (error) {
      if (goneAway(page, error)) return;
      throw error;
    }
  });
}

/**
 * Makes the browser's flag service answer only after `delayMs` (a loaded flag service): what the app shows
 * meanwhile comes from the server's decisions the pages carry.
 */
export async function slowFlagService(page: Page, delayMs: number): Promise<void> {
  await page.context().route(`**/api${endpointRoutes.getFrontendFlags.path}*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    try {
      await route.continue();
    } catch (error) {
      if (goneAway(page, error)) return;
      throw error;
    }
  });
}
