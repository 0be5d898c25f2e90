/** Edges of the page cache's negotiation: which encoding a caller gets, and when If-None-Match names a page. */
import { chooseEncoding, etagMatches, PageCache } from './page-cache';

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['br;q=0.5, gzip;q=1', 'br'],
  ] as const)('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('etagMatches', () => {
  const etag = '"abc"';
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abd"', false],
  ] as const)('%s → %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});

describe('PageCache and the open-times version', () => {
  const clock = { now: () => new Date('2026-11-28T15:00:00Z') };
  const renderer = () => {
    const shown = { text: 'open: 9:00 AM' };
    return { shown, render: async () => ({ status: 200, html: shown.text }) };
  };

  it('serves a cached page while the open-times version has not moved', async () => {
    const cache = new PageCache({ clock, freshMs: 60_000, maxBytes: 1_000_000 });
    const { shown, render } = renderer();
    await cache.get('en /p', render, '7');
    shown.text = 'open: 10:00 AM';
    const again = await cache.get('en /p', render, '7');
    expect(again.outcome).toBe('hit');
    expect(again.page.identity.toString()).toBe('open: 9:00 AM');
  });

  it('never sends a page rendered before the version moved: the visitor waits for the new render', async () => {
    const cache = new PageCache({ clock, freshMs: 60_000, maxBytes: 1_000_000 });
    const { shown, render } = renderer();
    await cache.get('en /p', render, '7');
    shown.text = 'open: 10:00 AM';
    const after = await cache.get('en /p', render, '8');
    expect(after.outcome).toBe('miss');
    expect(after.page.identity.toString()).toBe('open: 10:00 AM');
    expect((await cache.get('en /p', render, '8')).outcome).toBe('hit');
  });

  it('still serves a page only older than freshMs while it refreshes (no open time changed)', async () => {
    let at = new Date('2026-11-28T15:00:00Z').getTime();
    const cache = new PageCache({ clock: { now: () => new Date(at) }, freshMs: 60_000, maxBytes: 1_000_000 });
    const { shown, render } = renderer();
    await cache.get('en /p', render, '7');
    shown.text = 'open: 10:00 AM';
    at += 61_000;
    const old = await cache.get('en /p', render, '7');
    expect(old.outcome).toBe('stale');
    expect(old.page.identity.toString()).toBe('open: 9:00 AM');
    await cache.settled();
    expect((await cache.get('en /p', render, '7')).page.identity.toString()).toBe('open: 10:00 AM');
  });

  it('keeps the newer version when an older render finishes last', async () => {
    const cache = new PageCache({ clock, freshMs: 60_000, maxBytes: 1_000_000 });
    let finishOld: () => void = () => undefined;
    const slow = () => new Promise<{ status: number; html: string }>((resolve) => (finishOld = () => resolve({ status: 200, html: 'old' })));
    const oldRender = cache.get('en /p', slow, '7');
    await cache.get('en /p', async () => ({ status: 200, html: 'new' }), '8');
    finishOld();
    await oldRender;
    expect((await cache.get('en /p', async () => ({ status: 200, html: 'x' }), '8')).page.identity.toString()).toBe('new');
  });
});
