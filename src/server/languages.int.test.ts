/**
 * Languages: a public page under /es/ is the same route rendered in Spanish (<html lang>, its
 * canonical address in Spanish, hreflang alternates), cached apart from the English one; a first visit
 * follows Accept-Language and the choice is kept in the lang cookie; the sitemaps list both languages; the
 * API answers in the language the app asks in (Accept-Language), and a mail queued while answering is
 * written in that language.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '@tests/support/app';
import { messageIn } from '@/domain/messages';
import { routeTitle } from '@/domain/translations';
import { routeById } from '@/generated/routes';
import { translations } from '@/generated/translations';
import { callerFor, mailTo } from '@tests/support/sessions';
import { signUp } from '@tests/support/sign-up';
import type { RenderRequest, RenderResult } from '@/client/ssr-contract';
import { buildApp } from './app';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { LANGUAGE_CHOICE_ATTRIBUTE } from '@/client/islands/names';
import { LANGUAGE_CHOICE_PATH } from './pages/language-choice';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
});

afterAll(async () => t.close());

type Renderer = (request: RenderRequest) => Promise<RenderResult>;
declare global {
  var __languagesRender: Renderer | undefined;
  var __languagesRequests: RenderRequest[] | undefined;
}

/** A built client whose server renderer is the one the test gives (globalThis.__languagesRender), and which keeps what it was asked. */
function clientWithRenderer(): { dir: string; ssrEntry: string } {
  const dir = mkdtempSync(join(tmpdir(), 'languages-client-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en-US"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  const ssrEntry = join(dir, 'entry-server.cjs');
  writeFileSync(
    ssrEntry,
    'exports.render = async function render(request) { (globalThis.__languagesRequests ??= []).push(request); return globalThis.__languagesRender(request); }',
  );
  return { dir, ssrEntry };
}

/** A renderer that says which route, language and address it was asked for. */
const echo: Renderer = async (request) => ({
  status: 200,
  head: '<title>t</title>',
  html: `<p>route ${request.routeId} in ${request.locale} at ${request.url}</p>`,
});

describe('pages in a language', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    globalThis.__languagesRender = echo;
    const { dir, ssrEntry } = clientWithRenderer();
    app = await buildApp({ config: { ...t.config, clientDir: dir, ssrEntry }, database: t.db.database, serveClient: true, seed: false, logger: false });
  });

  afterAll(async () => {
    await app.close();
  });

  it('renders /es/therapists as the therapists route in Spanish, with <html lang="es">, and /therapists in English', async () => {
    const spanish = await app.inject({ method: 'GET', url: '/es/therapists?page=2' });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toContain('<html lang="es">');
    // The route sees its own address, without the language's prefix.
    expect(spanish.body).toContain('<p>route therapistsHub in es at /therapists?page=2</p>');
    expect(String(spanish.headers['set-cookie'])).toMatch(/lang=es/);

    const english = await app.inject({ method: 'GET', url: '/therapists?page=2', cookies: { lang: 'en-US' } });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en-US">');
    expect(english.body).toContain('<p>route therapistsHub in en-US at /therapists?page=2</p>');
    expect(english.headers['set-cookie']).toBeUndefined();

    // A page of the app that is not server-rendered answers below the prefix too (the app's shell, in Spanish).
    const shell = await app.inject({ method: 'GET', url: '/es/app/patient/dashboard/home' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<html lang="es">');
    expect(shell.body).toContain(`<title>${routeTitle('patientHome', 'es')}</title>`);
    expect(routeTitle('patientHome', 'es')).not.toBe(routeTitle('patientHome', 'en-US'));
  });

  it('keeps the Spanish and the English page apart in the page cache', async () => {
    const first = await app.inject({ method: 'GET', url: '/es/psychiatrists' });
    expect(first.headers['x-page-cache']).toBe('miss');
    const english = await app.inject({ method: 'GET', url: '/psychiatrists', cookies: { lang: 'en-US' } });
    expect(english.headers['x-page-cache']).toBe('miss');
    expect(english.body).toContain('in en-US at /psychiatrists');
    const again = await app.inject({ method: 'GET', url: '/es/psychiatrists', cookies: { lang: 'es' } });
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toContain('in es at /psychiatrists');
    expect(again.headers.etag).not.toBe(english.headers.etag);
  });

  it('sends a first visit to the language its browser asks for, and keeps the choice', async () => {
    const first = await app.inject({ method: 'GET', url: '/therapists?page=2', headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' } });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/es/therapists?page=2');
    expect(String(first.headers['set-cookie'])).toMatch(/lang=es;/);
    const home = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'es' } });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/es/');

    // Chose English with the switcher (the English page was served, the cookie says so): the English page stays English.
    const chosen = await app.inject({ method: 'GET', url: '/therapists', headers: { 'accept-language': 'es-MX' }, cookies: { lang: 'en-US' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body).toContain('<html lang="en-US">');

    // The switcher's link from a Spanish page to the English one: served in English, and the cookie now says English.
    const switched = await app.inject({ method: 'GET', url: '/therapists', headers: { 'accept-language': 'es-MX' }, cookies: { lang: 'es' } });
    expect(switched.statusCode).toBe(200);
    expect(String(switched.headers['set-cookie'])).toMatch(/lang=en-US;/);

    // An English browser, and a crawler (no Accept-Language): English, no redirect.
    expect((await app.inject({ method: 'GET', url: '/therapists', headers: { 'accept-language': 'en-GB,en' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/therapists' })).statusCode).toBe(200);
    // A Spanish page is never moved to English by the browser's language.
    expect((await app.inject({ method: 'GET', url: '/es/therapists', headers: { 'accept-language': 'en-US' } })).statusCode).toBe(200);
  });

  it("asks the API in the page's language for the data of a page", async () => {
    // The renderer loads data through the API in-process: a field the API refuses is explained in the page's language.
    globalThis.__languagesRender = async (request) => {
      const answer = await request.fetchApi('/providers/search');
      return { status: 200, head: '', html: `<p>${(answer.body as { errors: { reason: string }[] }).errors[0]!.reason}</p>` };
    };
    try {
      const spanish = await app.inject({ method: 'GET', url: '/es/providers/specialties/anxiety-therapy' });
      expect(spanish.body).toContain(`<p>${messageIn('es', 'validation.default.required')}</p>`);
      const english = await app.inject({ method: 'GET', url: '/providers/specialties/anxiety-therapy', cookies: { lang: 'en-US' } });
      expect(english.body).toContain(`<p>${messageIn('en-US', 'validation.default.required')}</p>`);
      expect(messageIn('es', 'validation.default.required')).not.toBe(messageIn('en-US', 'validation.default.required'));
    } finally {
      globalThis.__languagesRender = echo;
    }
  });
});

describe("a page in a language, drawn by the app's own renderer", () => {
  let app: FastifyInstance;
  const origin = 'https://care.example.org';

  beforeAll(async () => {
    const { render } = await import('@/client/entry-server');
    globalThis.__languagesRender = render;
    const { dir, ssrEntry } = clientWithRenderer();
    app = await buildApp({
      config: { ...t.config, clientDir: dir, ssrEntry, publicUrl: origin },
      database: t.db.database,
      serveClient: true,
      seed: false,
      logger: false,
    });
  });

  afterAll(async () => {
    await app.close();
    globalThis.__languagesRender = echo;
  });

  it('gives /es/therapists its canonical address in Spanish and the same page in every language (hreflang); its links stay in Spanish', async () => {
    const res = await app.inject({ method: 'GET', url: '/es/therapists' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(`<link rel="canonical" href="${origin}/es/therapists">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en-US" href="${origin}/therapists">`);
    expect(html).toContain(`<link rel="alternate" hreflang="es" href="${origin}/es/therapists">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}/therapists">`);
    // The frame in Spanish, with the switcher to the same page in English.
    expect(html).toContain(messageIn('es', 'ui.layout.skipToContent'));
    // (The link shows "EN" on phones, its name "English" for everyone else and for screen readers.)
    expect(html).toMatch(/<a href="\/therapists" hreflang="en-US" lang="en-US"[^>]*>(?:(?!<\/a>).)*>English<\/span><\/a>/i);
    // The site's own links keep /es: the brand's link home, and every site address of the page but the switcher's.
    expect(html).toMatch(/<a class="brand" href="\/es"/);
    const siteLinks = [...html.matchAll(/ (?:href|action)="(\/[^"]*)"/g)].map((m) => m[1]!);
    expect(siteLinks.length).toBeGreaterThan(20);
    const english = siteLinks.filter((h) => h !== '/es' && !h.startsWith('/es/') && h !== '/therapists' && h !== '/favicon.svg');
    expect(english).toEqual([]);

    const inEnglish = await app.inject({ method: 'GET', url: '/therapists', cookies: { lang: 'en-US' } });
    expect(inEnglish.body).toContain('<html lang="en-US">');
    expect(inEnglish.body).toContain(`<link rel="canonical" href="${origin}/therapists">`);
    expect(inEnglish.body).toMatch(/<a href="\/es\/therapists" hreflang="es" lang="es"[^>]*>(?:(?!<\/a>).)*>Español<\/span><\/a>/i);
  });

  it("describes a Spanish page with its route's Spanish description (meta and og:description), an English page with the English one", async () => {
    // Read from the generated Spanish table itself, not through the function the renderer uses.
    const spanish = translations.es?.routes.home?.description;
    const english = routeById.home.description;
    expect(spanish).toMatch(/^Reserve sesiones por video o en persona/);
    expect(english).toMatch(/^Book video or in-person sessions/);
    const described = (html: string) => [...html.matchAll(/<meta (?:name="description"|property="og:description") content="([^"]*)">/g)].map((m) => m[1]);

    const home = await app.inject({ method: 'GET', url: '/es' });
    expect(home.statusCode).toBe(200);
    expect(described(home.body)).toEqual([spanish, spanish]);
    const inEnglish = await app.inject({ method: 'GET', url: '/', cookies: { lang: 'en-US' } });
    expect(described(inEnglish.body)).toEqual([english, english]);

    // The search without a place (render: server, the app hydrates it) is described in Spanish too.
    const search = await app.inject({ method: 'GET', url: '/es/app/providers' });
    expect(described(search.body)).toEqual([translations.es?.routes.providerSearch?.description, translations.es?.routes.providerSearch?.description]);
    expect(search.body).not.toContain(String(routeById.providerSearch.description));
  });

  describe("the switcher without the app's script", () => {
    // A browser session: the cookie the sign-in answers with, sent back as a browser does.
    let session: string;
    let hint: string;
    let accountId: string;
    const language = async () => (await app.database.query<{ language: string | null }>('SELECT language FROM users WHERE id = $1', [accountId]))[0]?.language;
    const choose = (page: string, headers: Record<string, string>, signedIn = true) =>
      app.inject({
        method: 'POST',
        url: LANGUAGE_CHOICE_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        cookies: signedIn ? { [constants.accessTokenCookie]: session, lang: 'en-US' } : { lang: 'en-US' },
        payload: new URLSearchParams({ page }).toString(),
      });

    beforeAll(async () => {
      const email = 'marta.ruiz@example.com';
      const signedUp = await signUp(app, { email, firstName: 'Marta', lastName: 'Ruiz', dateOfBirth: '1985-06-01' });
      expect(signedUp.statusCode).toBe(200);
      session = signedUp.cookies.find((c) => c.name === constants.accessTokenCookie)!.value;
      hint = signedUp.cookies.find((c) => c.name === constants.signedInHintCookie)!.value;
      accountId = (await app.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
    });

    it("is a form post on a signed-in patient's page, and plain links for a visitor", async () => {
      const signedIn = await app.inject({ method: 'GET', url: '/therapists', cookies: { [constants.accessTokenCookie]: session, lang: 'en-US' } });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).toMatch(
        /<form method="post" action="\/language" class="site-header__language-form"><input type="hidden" name="page" value="\/es\/therapists"><button type="submit" class="site-header__language-choice" lang="es">(?:(?!<\/button>).)*>Español<\/span><\/button><\/form>/,
      );
      expect(signedIn.body).not.toContain(`${LANGUAGE_CHOICE_ATTRIBUTE}=`);
      // Arriving from another site (the session cookie withheld, the signed-in hint sent): the same forms, whose post
      // comes from this site's page and so carries the session.
      const fromElsewhere = await app.inject({ method: 'GET', url: '/therapists', cookies: { [constants.signedInHintCookie]: hint, lang: 'en-US' } });
      expect(fromElsewhere.body).toContain('<input type="hidden" name="page" value="/es/therapists">');
      const visitor = await app.inject({ method: 'GET', url: '/therapists', cookies: { lang: 'en-US' } });
      expect(visitor.body).toMatch(/<a href="\/es\/therapists" hreflang="es" lang="es"[^>]*>(?:(?!<\/a>).)*>Español<\/span><\/a>/i);
      expect(visitor.body).not.toContain('action="/language"');
    });

    it("saves a signed-in patient's choice to the account and opens the same page in the language", async () => {
      expect(await language()).not.toBe('es');
      const chosen = await choose('/es/therapists?page=2', { origin });
      expect(chosen.statusCode).toBe(303);
      expect(chosen.headers.location).toBe('/es/therapists?page=2');
      expect(await language()).toBe('es');
      // What a browser sends from this site's page under its Referrer-Policy (no-referrer): "Origin: null", and
      // Fetch Metadata saying the post is the site's own.
      const back = await choose('/therapists', { origin: 'null', 'sec-fetch-site': 'same-origin' });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe('/therapists');
      expect(await language()).toBe('en-US');
    });

    it('refuses a cross-site attempt, which changes nothing', async () => {
      expect(await language()).toBe('en-US');
      const attempts: Record<string, string>[] = [
        { origin: 'https://elsewhere.example' },
        { origin: 'https://elsewhere.example', 'sec-fetch-site': 'same-origin' },
        { origin: 'null' },
        { origin: 'null', 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        {},
      ];
      for (const headers of attempts) {
        const refused = await choose('/es/therapists', headers);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().errorCode).toBe(errorCatalogue.CROSS_SITE_REQUEST_REFUSED.code);
        expect(refused.headers.location).toBeUndefined();
        expect(refused.headers['set-cookie']).toBeUndefined();
      }
      expect(await language()).toBe('en-US');
      const audited = await app.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log WHERE action = 'chooseLanguage' AND outcome = 'denied' AND status = 403",
      );
      expect(audited[0]!.n).toBeGreaterThanOrEqual(attempts.length);
    });

    it('sends a visitor to the page in the language (nothing to save), and refuses a page on another site', async () => {
      const visitor = await choose('/es/therapists', { origin }, false);
      expect(visitor.statusCode).toBe(303);
      expect(visitor.headers.location).toBe('/es/therapists');
      for (const page of ['//elsewhere.example/es', 'https://elsewhere.example/es', '/\\elsewhere.example']) {
        const refused = await choose(page, { origin });
        expect(refused.statusCode).toBe(400);
        expect(refused.headers.location).toBeUndefined();
      }
      expect(await language()).toBe('en-US');
    });
  });
});

describe('the sitemaps in every language', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  it('list the English pages and the Spanish ones, each language in its own files', async () => {
    const origin = t.config.publicUrl.replace(/\/+$/, '');
    const files = locs((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    expect(files).toEqual([
      `${origin}/sitemaps/pages.xml`,
      `${origin}/sitemaps/providers-1.xml`,
      `${origin}/sitemaps/es/pages.xml`,
      `${origin}/sitemaps/es/providers-1.xml`,
    ]);
    const english = locs((await t.app.inject({ method: 'GET', url: '/sitemaps/pages.xml' })).body);
    const spanish = locs((await t.app.inject({ method: 'GET', url: '/sitemaps/es/pages.xml' })).body);
    expect(english).toEqual(expect.arrayContaining([`${origin}/`, `${origin}/therapists`]));
    expect(spanish).toEqual(expect.arrayContaining([`${origin}/es/`, `${origin}/es/therapists`, `${origin}/es/therapists/tx`]));
    expect(spanish).toHaveLength(english.length);
    expect(spanish.every((u) => u.startsWith(`${origin}/es/`))).toBe(true);

    const profiles = locs((await t.app.inject({ method: 'GET', url: '/sitemaps/es/providers-1.xml' })).body);
    expect(profiles.length).toBe(locs((await t.app.inject({ method: 'GET', url: '/sitemaps/providers-1.xml' })).body).length);
    expect(profiles.every((u) => /\/es\/(therapist|psychiatrist)\/[a-z]{2}\/[a-z0-9-]+$/.test(u))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/xx/pages.xml' })).statusCode).toBe(404);
  });
});

describe('the API in a language', () => {
  it('explains a field error in the language the app asks in', async () => {
    const ask = (language: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', headers: { 'accept-language': language }, payload: { email: 'not-an-address' } });
    const spanish = await ask('es-MX,es;q=0.9,en;q=0.8');
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().errors[0].reason).toBe(messageIn('es', 'validation.email.invalid'));
    expect(messageIn('es', 'validation.email.invalid')).not.toBe(messageIn('en-US', 'validation.email.invalid'));
    const english = await ask('en-US');
    expect(english.json().errors[0].reason).toBe(messageIn('en-US', 'validation.email.invalid'));
  });
});

describe('mail in a language', () => {
  it('writes the sign-in mail in the language the visitor asked in, and in English for an English visitor', async () => {
    const ask = (email: string, language: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', headers: { 'accept-language': language }, payload: { email }, remoteAddress });
    expect((await ask('lucia.munoz@example.com', 'es', '10.22.0.1')).statusCode).toBeLessThan(300);
    expect((await ask('lucy.miller@example.com', 'en-US', '10.22.0.2')).statusCode).toBeLessThan(300);
    const [spanish] = await mailTo(t.app, 'lucia.munoz@example.com');
    const [english] = await mailTo(t.app, 'lucy.miller@example.com');
    expect(spanish?.subject).toMatch(/^Su código para iniciar sesión es \d+|^Su enlace para iniciar sesión/);
    expect(english?.subject).toMatch(/^Your /);
  });
});

describe("an account's language", () => {
  it('is chosen in the account, shown with it, and its mail follows it whatever language the request is in', async () => {
    const email = 'jose.munoz@example.com';
    expect((await signUp(t.app, { email, firstName: 'José', lastName: 'Muñoz', dateOfBirth: '1988-04-02' })).statusCode).toBe(200);
    const jose = await callerFor(t.app, email);
    const chosen = await t.app.inject({ method: 'PATCH', url: `/api/users/${jose.id}`, headers: jose.headers, payload: { language: 'es' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().language).toBe('es');
    const refused = await t.app.inject({ method: 'PATCH', url: `/api/users/${jose.id}`, headers: jose.headers, payload: { language: 'xx' } });
    expect(refused.statusCode).toBe(400);

    const before = (await mailTo(t.app, email)).length;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-email-otp',
      headers: { 'accept-language': 'en-US' },
      payload: { email },
      remoteAddress: '10.22.0.3',
    });
    const mails = await mailTo(t.app, email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]?.subject).toMatch(/^Su código para iniciar sesión es \d+/);

    // A sign-in link asked for from an English page opens the sign-in page in the account's language too.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-magic-link',
      headers: { 'accept-language': 'en-US' },
      payload: { email },
      remoteAddress: '10.22.0.4',
    });
    const [link] = await mailTo(t.app, email);
    expect(link?.template).toBe('sign-in-link');
    expect(link?.text).toContain(`${t.app.publicUrl}/es/login?redirect=true&loginToken=`);
  });
});
