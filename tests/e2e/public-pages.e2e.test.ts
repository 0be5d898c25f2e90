/**
 * Public pages as documents, checked from the built output and the running server:
 * - byte budgets, deterministic sizes: the first round trip (the HTML with its inline styles, brotli)
 *   of every public page type is at most publicPageFirstTripBytes, and none of the scripts a public
 *   page loads before it is used holds a form library, a validator or a time-zone database;
 * - document pages (home, hubs, state, city and specialty pages, profiles, search with a place) load only their islands:
 *   at most documentPageScriptBytes (brotli) of script, with no React, store or sagas, after the content;
 * - with JavaScript off, landing pages list their providers with their next opening, link to the
 *   canonical profile and to their next page, and the profile shows its open times.
 */
import { existsSync, readFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { chromium } from 'playwright-core';
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import searchCopy from '@/generated/content/provider-search';
import { resolveChromium } from '../support/chromium';
import { baseUrl, browserTimeZone } from './harness';

const CLIENT_DIR = process.env.CLIENT_DIR ?? 'dist/client';

/** Signatures of what must not load with a public page: the code itself, not a file name. */
const FORBIDDEN: Record<string, RegExp> = {
  'form library (rjsf)': /rjsf-array-item/,
  'validator (ajv)': /strictTypes/,
  'time-zone database (moment-timezone)': /America\/Los_Angeles\|/,
};

/** What a document page must not load either: the app itself. */
const APP_SIGNATURES: Record<string, RegExp> = {
  'store (redux)': /@@redux\/INIT/,
  'sagas (redux-saga)': /@@redux-saga\//,
  'React DOM': /react-dom|__reactFiber|react\.transitional\.element/,
};

const DOCUMENT_PAGES = ['home', 'hub', 'state', 'city', 'specialty', 'profile', 'search'];

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

/** A script with the scripts it imports statically, as files of the built output. */
function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(CLIENT_DIR, file), 'utf8');
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([\w.-]+\.js)["']/g)) withStaticImports(`${dir}${m[1]}`, seen);
  return seen;
}

/** Brotli bytes of a built file, as the server sends it (its pre-compressed copy when there is one). */
function brotliBytes(file: string): number {
  const full = join(CLIENT_DIR, file);
  if (existsSync(`${full}.br`)) return readFileSync(`${full}.br`).length;
  return brotliCompressSync(readFileSync(full), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** The scripts a page loads at once: its module entry and module preloads. */
function scriptsOf(html: string): string[] {
  const files = [...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return [...new Set(files)];
}

describe('public pages: byte budgets of the built output', () => {
  it.each(['home', 'hub', 'state', 'city', 'specialty', 'profile', 'search'])(
    '%s: first round trip within budget, no form library, validator or time-zone database',
    async (name) => {
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
    },
  );
});

describe('document pages: only their islands, after the content', () => {
  it.each(DOCUMENT_PAGES)('%s: at most documentPageScriptBytes of script, no React, store or sagas', async (name) => {
    const path = (await publicPages())[name]!;
    const res = await rawGet(`${baseUrl()}${path}`, { accept: 'text/html', 'accept-encoding': 'br' });
    const html = brotliDecompressSync(res.body).toString('utf8');
    // No app state travels with a document page, and no script comes before the content.
    expect(html).not.toContain('id="query-state"');
    expect(html.indexOf('<script type="module"')).toBeGreaterThan(html.indexOf('</main>'));
    const files = new Set<string>();
    for (const file of scriptsOf(html)) withStaticImports(file, files);
    expect(files.size).toBeGreaterThan(0);
    let bytes = 0;
    for (const file of files) {
      bytes += brotliBytes(file);
      const code = readFileSync(join(CLIENT_DIR, file), 'utf8');
      for (const [what, signature] of Object.entries({ ...FORBIDDEN, ...APP_SIGNATURES }))
        expect({ file, what, found: signature.test(code) }).toEqual({ file, what, found: false });
    }
    expect(bytes).toBeLessThanOrEqual(constants.documentPageScriptBytes);
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
      const list = page.getByRole('heading', { level: 2, name: /^Therapists near Austin, TX$/i });
      await list.waitFor();
      const providers = page.locator('.landing-provider');
      expect(await providers.count()).toBeGreaterThan(0);
      // Psychiatric prescribers are listed under their own heading, never as therapists.
      const asTherapists = await page
        .locator('#landing-providers ~ ol.landing-providers h3 a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(asTherapists.filter((href) => href.startsWith('/psychiatrist/'))).toEqual([]);
      await expect(
        providers
          .first()
          .getByText(/Next opening|No open times/)
          .textContent(),
      ).resolves.toBeTruthy();
      const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
      expect(JSON.parse(ld!)).toMatchObject({
        '@type': 'ItemList',
        itemListElement: expect.arrayContaining([expect.objectContaining({ item: expect.objectContaining({ '@type': 'Person' }) })]),
      });

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
      // A time is a link into booking: who is booking is confirmed first, then the booking page with the time.
      const time = new URL((await page.locator('a.slot-button').first().getAttribute('href'))!, baseUrl());
      expect(time.pathname).toBe(routeById.bookingVerifyUser.path);
      expect(new URL(time.searchParams.get('returnTo')!, baseUrl()).pathname).toBe(routeById.booking.path);
      // The times' filters are a form and their paging links: later days, then video visits only.
      const later = page.getByRole('link', { name: searchCopy.availability.later });
      if (await later.count()) {
        await later.click();
        await page.waitForURL(/slot(Day|Range)=/);
        await page.locator('.slot-button, .slot-picker .notice').first().waitFor();
      }
      await page.getByLabel(searchCopy.availability.modeLabel).selectOption({ label: 'Video visit' });
      await page.getByRole('button', { name: searchCopy.availability.showTimes }).click();
      await page.waitForURL(/slotMode=online/);
      await page.locator('.slot-button, .slot-picker .notice').first().waitFor();
      for (const label of await page.locator('.slot-button__mode').allTextContents()) expect(label).toBe('Video visit');
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
