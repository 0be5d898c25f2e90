/**
 * Public pages as a crawler and a phone get them: compressed answers,
 * ETag and 304, one rendering served from the page cache until a change through the API makes it
 * stale (then the stale page is sent while a new one renders) or open times change in any process
 * (then it is rendered again before it is sent), immutable pre-compressed assets, and
 * robots.txt → sitemap index → pages and providers, without removed providers.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '@tests/support/app';
import { TestClock } from '@tests/support/clock';
import { buildApp } from '../app';
import { constants } from '@/generated/constants';
import { routeById } from '@/generated/routes';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
});

afterAll(async () => {
  await t.close();
});

/** A built client whose renderer counts its renders and shows a number the test changes. */
function fakeClient(): { dir: string; ssrEntry: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pages-client-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--><p>${'calm words '.repeat(200)}</p></body></html>`,
  );
  mkdirSync(join(dir, 'assets'));
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
  const ssrEntry = join(dir, 'entry-server.cjs');
  writeFileSync(
    ssrEntry,
    "globalThis.__renders = 0; exports.render = async function render(request) { globalThis.__renders += 1; return { status: 200, head: '<title>t</title>', html: '<p>render ' + globalThis.__renders + (request.fragment ? ' (fragment)' : '') + '</p>' }; }",
  );
  return { dir, ssrEntry };
}

declare global {
  // How many times the built client's server renderer (written above) has rendered.
  var __renders: number;
}
const renders = () => globalThis.__renders;

describe('server-rendered pages', () => {
  let app: FastifyInstance;
  const clock = new TestClock(new Date('2026-11-24T12:00:00Z'));

  beforeAll(async () => {
    const { dir, ssrEntry } = fakeClient();
    app = await buildApp({ config: { ...t.config, clientDir: dir, ssrEntry }, database: t.db.database, serveClient: true, seed: false, logger: false, clock });
  });

  afterAll(async () => {
    await app.close();
  });

  it('are sent in brotli or gzip as the caller accepts, with an ETag that answers 304', async () => {
    const br = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(html).toContain('<p>render');
    expect(br.rawPayload.length).toBeLessThan(html.length / 5);

    const gz = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(html);

    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);

    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag, 'accept-encoding': 'br' } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('render once and serve the same page until a change through the API, then serve it stale while one new rendering replaces it', async () => {
    await app.inject({ method: 'GET', url: '/therapists' });
    const before = renders();
    const hit = await app.inject({ method: 'GET', url: '/therapists' });
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(renders()).toBe(before);

    // Any change that succeeds through the API (here an anonymous sign-in code request) makes pages stale.
    const change = await app.inject({ method: 'POST', url: '/api/auth/send-email-otp', payload: { email: 'someone.new@example.com' } });
    expect(change.statusCode).toBeLessThan(400);
    const stale = await app.inject({ method: 'GET', url: '/therapists' });
    expect(stale.headers['x-page-cache']).toBe('stale');
    expect(stale.body).toBe(hit.body);
    await app.pageCache!.settled();
    const fresh = await app.inject({ method: 'GET', url: '/therapists' });
    expect(fresh.headers['x-page-cache']).toBe('hit');
    expect(fresh.body).not.toBe(hit.body);
    expect(renders()).toBe(before + 1);
  });

  it('never send a page rendered before a hold, a booking or a change of open times, even one made by another process: it is rendered again first', async () => {
    await app.inject({ method: 'GET', url: '/providers' });
    const hit = await app.inject({ method: 'GET', url: '/providers' });
    expect(hit.headers['x-page-cache']).toBe('hit');
    const before = renders();
    // Another API process on the same database holds a time: nothing reaches this process but the database.
    const [slot] = await t.db.database.query<{ id: string; provider_id: string; during: string }>(
      `SELECT s.id, s.provider_id, s.during::text AS during FROM slots s
        WHERE lower(s.during) > $1::timestamptz AND NOT EXISTS (SELECT 1 FROM slot_reservations r WHERE r.provider_id = s.provider_id AND r.during && s.during)
        LIMIT 1`,
      [clock.now().toISOString()],
    );
    const [holder] = await t.db.database.query<{ id: string }>('SELECT id FROM users LIMIT 1');
    await t.db.database.query(
      `INSERT INTO slot_reservations (provider_id, slot_id, during, kind, held_by, expires_at) VALUES ($1, $2, $3::tstzrange, 'hold', $4, $5::timestamptz)`,
      [slot!.provider_id, slot!.id, slot!.during, holder!.id, new Date(clock.now().getTime() + 600_000).toISOString()],
    );
    const after = await app.inject({ method: 'GET', url: '/providers' });
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).not.toBe(hit.body);
    expect(renders()).toBe(before + 1);
    // The hold let go (here too by the other process): rendered again before it is sent.
    await t.db.database.query('DELETE FROM slot_reservations WHERE slot_id = $1', [slot!.id]);
    expect((await app.inject({ method: 'GET', url: '/providers' })).headers['x-page-cache']).toBe('miss');
    // A statement that changes no reservation (the purge of expired holds before every claim) does not.
    await t.db.database.query("DELETE FROM slot_reservations WHERE kind = 'hold' AND expires_at < '2000-01-01'");
    expect((await app.inject({ method: 'GET', url: '/providers' })).headers['x-page-cache']).toBe('hit');
  });

  it('go stale after pageCacheFreshSeconds, so times that passed drop out', async () => {
    await app.inject({ method: 'GET', url: '/psychiatrists' });
    expect((await app.inject({ method: 'GET', url: '/psychiatrists' })).headers['x-page-cache']).toBe('hit');
    clock.advance(constants.pageCacheFreshSeconds * 1000 + 1);
    expect((await app.inject({ method: 'GET', url: '/psychiatrists' })).headers['x-page-cache']).toBe('stale');
    await app.pageCache!.settled();
    expect((await app.inject({ method: 'GET', url: '/psychiatrists' })).headers['x-page-cache']).toBe('hit');
  });

  it("send a fragment (render: fragment, e.g. a provider's times) alone, with no page around it, cached like a page and not indexed", async () => {
    const url = `${routeById.providerTimes.path.replace(':providerId', 'p1').replace(':practiceId', 'pr1')}?slotMode=online`;
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toMatch(/^<p>render \d+ \(fragment\)<\/p>$/);
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // A page is still a whole page.
    expect((await app.inject({ method: 'GET', url: '/providers' })).body).toContain('calm words');
  });

  it('send hashed assets pre-compressed and immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('console.log');
  });
});

describe('API answers', () => {
  it('are compressed when large enough and the caller accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/providers/search?state_code=TX', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')).items.length).toBeGreaterThan(0);
  });
});

describe('robots.txt and the sitemap', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  it('lead from robots.txt to every landing page and every listed provider, and leave out a removed provider', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);

    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    const files = locs(index.body);
    // Then the same files of the other languages (src/server/languages.int.test.ts).
    expect(files.slice(0, 2)).toEqual([`${t.config.publicUrl}/sitemaps/pages.xml`, `${t.config.publicUrl}/sitemaps/providers-1.xml`]);

    const pages = locs((await t.app.inject({ method: 'GET', url: '/sitemaps/pages.xml' })).body);
    expect(pages).toEqual(
      expect.arrayContaining([
        `${t.config.publicUrl}/`,
        `${t.config.publicUrl}/therapists`,
        `${t.config.publicUrl}/therapists/tx`,
        `${t.config.publicUrl}/psychiatrists/specialties/anxiety-therapy`,
      ]),
    );
    const [place] = await t.db.database.query<{ state: string; city: string }>('SELECT state, city FROM practices ORDER BY state, city LIMIT 1');
    const { state, city } = place!;
    expect(pages).toContain(`${t.config.publicUrl}/providers/${state.toLowerCase()}/${encodeURIComponent(city.toLowerCase().split(/\s+/).join('-'))}`);

    const providersXml = () => t.app.inject({ method: 'GET', url: '/sitemaps/providers-1.xml' });
    const listed = locs((await providersXml()).body);
    const [count] = await t.db.database.query<{ n: string }>('SELECT count(*) AS n FROM providers WHERE removed_at IS NULL');
    const n = count!.n;
    expect(listed).toHaveLength(Number(n));
    expect(listed.every((u) => /\/(therapist|psychiatrist)\/[a-z]{2}\/[a-z0-9-]+$/.test(u))).toBe(true);

    // A provider who leaves (a removal reason of product-spec §3) drops out.
    const [gone] = await t.db.database.query<{ id: string; slug: string }>('SELECT id, slug FROM providers WHERE removed_at IS NULL ORDER BY id LIMIT 1');
    await t.db.database.query(`UPDATE providers SET removed_at = now(), removed_reason = 'Provider Deleted' WHERE id = $1`, [gone!.id]);
    const after = locs((await providersXml()).body);
    expect(after).toHaveLength(Number(n) - 1);
    expect(after.some((u) => u.endsWith(`/${gone!.slug}`))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/providers-2.xml' })).statusCode).toBe(404);
  });
});
