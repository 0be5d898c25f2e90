/**
 * Rendered public pages, kept by locale and address (path and query), each with its brotli and gzip
 * bytes and an ETag, so a page is rendered and compressed once and then sent as it is.
 *
 * - Stale-while-revalidate: a page older than `freshMs`, or rendered before the last invalidation,
 *   is still sent while one render in the background replaces it; nobody waits for a render except
 *   the first visitor of an address (and concurrent first visitors share that one render).
 * - Invalidation: `invalidate()` marks every page stale (the client plugin calls it after any
 *   successful change through the API); `freshMs` bounds how long a page shows times that have passed.
 * - Open times are never offered stale: each page keeps the open-times version it was rendered at
 *   (the database's open_times_version, read before rendering, migration 0045), and a page rendered
 *   before a hold, booking, cancellation or change of hours (in any process) is rendered again before
 *   it is sent, instead of being sent once more while it refreshes.
 * - Bounded: at most `maxBytes` of pages (least recently used ones go first).
 * Pages carry no per-answer secret (their state is a JSON data block, not a nonce'd script), so one
 * rendering serves everyone.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock';
import { DEFAULT_LOCALE } from '@/domain/locale';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface RenderedPage {
  status: number;
  html: string;
}

export interface CachedPage {
  status: number;
  /** the page as text bytes, and compressed */
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** strong validator of the page's bytes */
  etag: string;
  renderedAt: number;
  generation: number;
  /** the open-times version the page was rendered at (read before rendering) */
  openTimesVersion: string;
}

export type CacheOutcome = 'hit' | 'stale' | 'miss';

export interface PageCacheOptions {
  clock: Clock;
  freshMs: number;
  /** bytes the kept pages may take in all (text, brotli and gzip) */
  maxBytes: number;
  /** reports a background render that failed (the stale page stays) */
  onError?: (error: unknown) => void;
}

/** Pages are cached per language (the page's <html lang>, from its path prefix) and address. */
export function pageCacheKey(url: string, locale: string = DEFAULT_LOCALE): string {
  return `${locale} ${url}`;
}

/** One page's text compressed on the fly (a signed-in person's own copy), quickly rather than smallest. */
export async function compressText(text: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const identity = Buffer.from(text, 'utf8');
  if (encoding === 'gzip') return gzipAsync(identity, { level: 6 });
  return brotli(identity, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
  });
}

export async function compressPage(page: RenderedPage, renderedAt: number, generation: number, openTimesVersion = ''): Promise<CachedPage> {
  const identity = Buffer.from(page.html, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { status: page.status, identity, br, gzip: gz, etag, renderedAt, generation, openTimesVersion };
}

export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly rendering = new Map<string, Promise<CachedPage>>();
  private generation = 0;

  constructor(private readonly options: PageCacheOptions) {
    this.entries = new LRUCache({ maxSize: options.maxBytes, sizeCalculation: (page) => page.identity.length + page.br.length + page.gzip.length + 1 });
  }

  /** Every page is stale from now on (each is replaced on its next visit, in the background). */
  invalidate(): void {
    this.generation += 1;
  }

  get size(): number {
    return this.entries.size;
  }

  private now(): number {
    return this.options.clock.now().getTime();
  }

  private isFresh(page: CachedPage): boolean {
    return page.generation === this.generation && this.now() - page.renderedAt < this.options.freshMs;
  }

  /** One render at a time per address and open-times version; the newest version's page is the one kept. */
  private renderOnce(key: string, render: () => Promise<RenderedPage>, openTimesVersion: string): Promise<CachedPage> {
    const jobKey = `${openTimesVersion} ${key}`;
    const running = this.rendering.get(jobKey);
    if (running) return running;
    const generation = this.generation;
    const startedAt = this.now();
    const job = (async () => {
      try {
        const page = await compressPage(await render(), startedAt, generation, openTimesVersion);
        const kept = this.entries.peek(key);
        if (!kept || !newerVersion(kept.openTimesVersion, openTimesVersion)) this.entries.set(key, page);
        return page;
      } finally {
        this.rendering.delete(jobKey);
      }
    })();
    this.rendering.set(jobKey, job);
    return job;
  }

  /**
   * The page at this key: fresh, stale (a new render runs in the background) or rendered now. A page
   * rendered at another open-times version than `openTimesVersion` (the one read for this request) is
   * never sent: it may offer a time since held, booked or removed, so this visitor waits for the new render.
   */
  async get(key: string, render: () => Promise<RenderedPage>, openTimesVersion = ''): Promise<{ page: CachedPage; outcome: CacheOutcome }> {
    const cached = this.entries.get(key);
    if (cached && cached.openTimesVersion === openTimesVersion) {
      if (this.isFresh(cached)) return { page: cached, outcome: 'hit' };
      this.renderOnce(key, render, openTimesVersion).catch((error: unknown) => this.options.onError?.(error));
      return { page: cached, outcome: 'stale' };
    }
    return { page: await this.renderOnce(key, render, openTimesVersion), outcome: 'miss' };
  }

  /** Waits for the background renders under way (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.rendering.values()]);
  }
}

/** Whether version `a` is after version `b` (both decimal numbers as text, as bigint values arrive). */
function newerVersion(a: string, b: string): boolean {
  if (!/^\d+$/.test(a) || !/^\d+$/.test(b)) return false;
  return BigInt(a) > BigInt(b);
}

/** The encoding to send: brotli, else gzip, else none, as the caller's Accept-Encoding allows (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names this ETag (a list, weak forms and * included). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
