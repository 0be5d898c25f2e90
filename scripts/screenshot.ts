/**
 * `npx tsx scripts/screenshot.ts <url> [out-prefix]`: phone- and desktop-sized screenshots of a page
 * in Chromium (tests/support/chromium.ts finds one), for looking at screens as a visitor would.
 */
import { chromium } from 'playwright-core';
import { resolveChromium } from '../tests/support/chromium';

async function main(): Promise<void> {
  const url = process.argv[2] ?? 'http://localhost:3000/';
  const out = process.argv[3] ?? '/tmp/screenshot';
  const browser = await chromium.launch({ ...(await resolveChromium()).launchOptions, headless: true });
  try {
    for (const [name, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1366, height: 900 }],
    ] as const) {
      const page = await browser.newPage({ viewport });
      page.on('console', (m) => m.type() === 'error' && console.error(`[console] ${m.text()}`));
      page.on('pageerror', (e) => console.error(`[pageerror] ${e.message}`));
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.screenshot({ path: `${out}-${name}.png`, fullPage: true });
      console.log(`${out}-${name}.png`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

void main();
