/**
 * Browser harness: one Chromium per test file, a fresh context (empty browser) per test, and a
 * watch on every page: a console error or an uncaught exception fails the test that caused it.
 */
import { randomInt } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { resolveChromium } from '../support/chromium';

/**
 * The browser's zone, stated by the tests and never taken from the machine: a visitor in New York.
 * Product rules about calendar days use the zones of specs/constants (calendarTimeZone,
 * billingTimeZone), so a test works out an expected date with those (src/domain/dates.ts), not with
 * this and not with the host's zone.
 */
export const browserTimeZone = 'America/New_York';

/**
 * How long one step (a page, a click, a state to appear) may take on a shared machine whose cores
 * are busy: Playwright's 30 s default was hit on loaded runs. Tests wait for states, so a generous
 * limit costs nothing when the machine is quiet. The test's own limit (jest.e2e.config.cjs) is larger.
 */
export const stepTimeoutMs = 60_000;

export const baseUrl = (): string => {
  // This worker's own server (global-setup.cjs starts one per worker).
  const url = process.env[`E2E_BASE_URL_${process.env.JEST_WORKER_ID ?? '1'}`] ?? process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests through jest.e2e.config.cjs.');
  return url;
};

export class PageProblems {
  readonly problems: string[] = [];
  // Verify first, create after: a new visitor's right code answers SIGN_UP_DETAILS_REQUIRED (409) before the
  // account is created, and Chromium logs every 4xx answer as a console error.
  private readonly allowed: RegExp[] = [/\[POST \/api\/auth\/verify-email-otp → 409\]/];

  /** A test that provokes an error on purpose (a 404 page, a refused API call) names it here. */
  allow(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  watch(page: Page): void {
    // Chromium's "Failed to load resource" names no address: keep the refused ones to name them.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.request().method()} ${new URL(response.url()).pathname} → ${response.status()}`);
    });
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const which = msg.text().startsWith('Failed to load resource') && refused.length ? ` [${refused.shift()}]` : '';
      this.problems.push(`console error on ${page.url()}: ${msg.text()}${which}`);
    });
    page.on('pageerror', (err) => this.problems.push(`uncaught exception on ${page.url()}: ${err.message}`));
  }

  assertNone(): void {
    const unexpected = this.problems.splice(0).filter((p) => !this.allowed.some((a) => a.test(p)));
    if (unexpected.length) {
      const list = unexpected.join('\n  ');
      throw new Error(`The page reported problems:\n  ${list}`);
    }
  }
}

export interface Session {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

let browser: Browser | undefined;

let sessions = 0;
/**
 * This file's block of made-up addresses. Each test file has its own copy of this module (and its counter
 * starts again), so the block is drawn at random per file: numbered by the worker's pid alone, every file's
 * first session came from one address, and a worker's later files met that address's hourly sign-in limit.
 */
const fileBlock = `10.${randomInt(1, 250)}.${randomInt(0, 250)}`;
/** A made-up client address per session (the e2e server trusts X-Forwarded-For): per-IP sign-in limits stay per test. */
export function sessionAddress(): string {
  sessions += 1;
  return `${fileBlock}.${(sessions % 250) + 1}`;
}

/**
 * Chromium flags for tests of the video room: a fake camera and microphone, allowed without asking.
 * Only files that use them launch with them (useBrowser({ fakeMedia: true })).
 */
export const fakeMediaArgs = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!browser) {
    const { launchOptions } = await resolveChromium();
    browser = await chromium.launch({ ...launchOptions, args: [...launchOptions.args, ...extraArgs], headless: true });
  }
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/**
 * An empty browser (no cookies, no storage) with a watched page; `locale` is the browser's language (its Accept-Language),
 * `timezoneId` the zone its device is in (browserTimeZone unless a journey puts a person elsewhere).
 */
export async function newSession(options: { viewport?: { width: number; height: number }; locale?: string; timezoneId?: string } = {}): Promise<Session> {
  const b = await launchBrowser();
  const context = await b.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': sessionAddress() },
    timezoneId: options.timezoneId ?? browserTimeZone,
    locale: options.locale ?? 'en-US',
  });
  context.setDefaultTimeout(stepTimeoutMs);
  context.setDefaultNavigationTimeout(stepTimeoutMs);
  const page = await context.newPage();
  const problems = new PageProblems();
  problems.watch(page);
  context.on('page', (p) => problems.watch(p));
  return { context, page, problems };
}

/**
 * Polls until `probe` gives a value (anything but undefined) and returns it: for states outside the
 * page (the mailbox, a server starting) and page states no locator expresses. Fails with `what()`
 * once `timeoutMs` has passed.
 */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, what: () => string, timeoutMs = stepTimeoutMs): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what()} (waited ${timeoutMs / 1000} s)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Use in a describe block: browser per file, session per test, problems checked after each test. */
export function useBrowser(
  options: { viewport?: { width: number; height: number }; fakeMedia?: boolean; locale?: string; timezoneId?: string } = {},
): () => Session {
  let session: Session | undefined;
  beforeAll(async () => {
    await launchBrowser(options.fakeMedia ? fakeMediaArgs : []);
  });
  beforeEach(async () => {
    session = await newSession(options);
  });
  afterEach(async () => {
    const s = session;
    session = undefined;
    try {
      s?.problems.assertNone();
    } finally {
      await s?.context.close();
    }
  });
  afterAll(async () => {
    await closeBrowser();
  });
  return () => {
    if (!session) throw new Error('No browser session: call inside a test.');
    return session;
  };
}
