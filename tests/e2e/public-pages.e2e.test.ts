/**
 * Public pages as documents (issue 15), checked from the built output and the running server:
 * - byte budgets, deterministic sizes: the first round trip (the HTML with its inline styles, brotli)
 *   of every public page type is at most publicPageFirstTripBytes, and none of the scripts a public
 *   page loads before it is used holds a form library, a validator or a time-zone database;
 * - with JavaScript off, landing pages list their providers with their next opening, link to the
 *   canonical profile and to their next page, and the profile shows its open times.
 */
import { existsSync, readFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { constants } from '../../src/generated/constants';
import { messages } from '../../src/generated/messages';
import { resolveChromium } from '../support/chromium';
import { baseUrl, browserTimeZone } from './harness';

const CLIENT_DIR = process.env.CLIENT_DIR ?? 'dist/client';

/** Signatures of what must not load with a public page: the code itself, not a file name. */
const FORBIDDEN: Record<string, RegExp> = {
  'form library (rjsf)': /rjsf-array-item/,
  'validator (ajv)': /strictTypes/,
  'time-zone database (moment-timezone)': /America\/Los_Angeles\|/,
};

async function publicPages(): Promise<Record<string, string>> {
  const providers = await (await fetch(`${baseUrl()}/sitemaps/providers-1.xml`)).text();
  const profile = new URL(/<loc>([^<]+)<\/loc>/.exec(providers)![1]!).pathname;
  return {
    home: '/',
    hub: '/therapists',
    state: '/therapists/tx',
    city: '/therapists/tx/austin',
    specialty: '/therapists/specialties/anxiety-therapy',
    profile,
    search: '/app/providers?state=TX&location=Austin%2C+TX',
  };
}

/** The bytes as sent (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** The scripts a page loads at once: its module entry and module preloads. */
function scriptsOf(html: string): string[] {
  const files = [...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set(files)];
}

describe('public pages: byte budgets of the built output', () => {
  it.each(['home', 'hub', 'state', 'city', 'specialty', 'profile', 'search'])('%s: first round trip within budget, no form library, validator or time-zone database', async (name) => {
    const path = (await publicPages())[name]!;
    const res = await rawGet(`${baseUrl()}${path}`, { accept: 'text/html', 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.body).toString('utf8');
    // Styles inline: the first round trip is the whole of what the first paint needs.
    expect(html).not.toMatch(/<link rel="stylesheet" href="[^"]+">/);
    expect(res.body.length).toBeLessThanOrEqual(constants.publicPageFirstTripBytes);

    const scripts = scriptsOf(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const full = join(CLIENT_DIR, file);
      expect(existsSync(full)).toBe(true);
      const code = readFileSync(full, 'utf8');
      // Pre-compressed by the build (scripts/precompress.ts), except files too small to gain from it.
      if (code.length >= 256) expect({ file, precompressed: existsSync(`${full}.br`) }).toEqual({ file, precompressed: true });
      for (const [what, signature] of Object.entries(FORBIDDEN)) expect({ file, what, found: signature.test(code) }).toEqual({ file, what, found: false });
    }
  });
});

describe('public pages with JavaScript off', () => {
  it('a city page lists providers with their next opening, pages on, and leads to a profile that shows open times', async () => {
    const { launchOptions } = await resolveChromium();
    const browser = await chromium.launch(launchOptions);
    try {
      const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: browserTimeZone, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/therapists/tx/austin`);
      const list = page.getByRole('heading', { level: 2, name: /near Austin, TX/i });
      await list.waitFor();
      const providers = page.locator('.landing-provider');
      expect(await providers.count()).toBeGreaterThan(0);
      await expect(providers.first().getByText(/Next opening|No open times/).textContent()).resolves.toBeTruthy();
      const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
      expect(JSON.parse(ld!)).toMatchObject({ '@type': 'ItemList', itemListElement: expect.arrayContaining([expect.objectContaining({ item: expect.objectContaining({ '@type': 'Person' }) })]) });

      // Paged with plain links.
      const next = page.getByRole('link', { name: messages['ui.landing.providers.next'] });
      if (await next.count()) {
        await next.click();
        await page.waitForURL(/\?page=2$/);
        await page.getByRole('link', { name: messages['ui.landing.providers.previous'] }).waitFor();
      }

      // The way to book: the provider's canonical profile, with open times in the HTML.
      const first = page.locator('.landing-provider').first();
      const name = (await first.locator('h3 a').textContent())!;
      await first.getByRole('link', { name: messages['ui.landing.providers.book'] }).click();
      await page.waitForURL(/\/(therapist|psychiatrist|provider)\/[a-z]{2}\/[a-z0-9-]+$/);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      // The list links the canonical address itself.
      expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe(new URL(page.url()).pathname);
      await page.locator('.slot-button').first().waitFor();
      expect(await page.locator('.slot-button').first().textContent()).toMatch(/\d{1,2}:\d{2}\s?(AM|PM)/);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
