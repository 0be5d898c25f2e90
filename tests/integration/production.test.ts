/**
 * Production refuses what exists only for tests and demos. With NODE_ENV=production the server
 * does not start on the local test card gateway, the in-memory text outbox or the offline scheduling payment service,
 * and seeds no demo data; its dev-only routes answer 404. DEMO_MODE=true is the one deliberate way to run a demo:
 * the local gateway and the demo data stay, and every page and e-mail says so, in the reader's language.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { messageIn } from '@/domain/messages';
import { routeById } from '@/generated/routes';
import { openTestDatabase, type TestDatabase } from '../support/database';
import { testConfig } from '../support/app';
import { mailTo } from '../support/sessions';

/** What an operator sets for production besides the card gateway, texts and scheduling payments. */
const productionBasics = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'a-production-secret-of-more-than-32-characters',
  SMTP_URL: 'smtp://127.0.0.1:1',
  DATA_DIR: '.tmp/production-test-data',
};
const braintree = { BRAINTREE_MERCHANT_ID: 'merchant', BRAINTREE_PUBLIC_KEY: 'public', BRAINTREE_PRIVATE_KEY: 'private' };

/** A built client: an app shell, and a renderer that writes one paragraph for server-rendered pages. */
function fakeClient(): { clientDir: string; ssrEntry: string } {
  const clientDir = mkdtempSync(join(tmpdir(), 'production-client-'));
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  mkdirSync(join(clientDir, 'assets'));
  const ssrEntry = join(clientDir, 'entry-server.cjs');
  writeFileSync(ssrEntry, "exports.render = async function render() { return { status: 200, head: '<title>t</title>', html: '<p>rendered page</p>' }; }");
  return { clientDir, ssrEntry };
}

describe('npm start with NODE_ENV=production', () => {
  /** Starts the server as `npm run serve` does, with only `env` set; it stops at its configuration. */
  const serve = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/server/main.ts'], {
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('refuses to start without a real card gateway or texts, one line naming each variable', () => {
    const run = serve(productionBasics);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The server cannot start: its configuration has 2 problems');
    expect(run.stderr).toMatch(/^ {2}- BRAINTREE_MERCHANT_ID \(with BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY\) is required in production.*$/m);
    expect(run.stderr).toMatch(/^ {2}- SMS_PROVIDER_URL is required in production.*SMS_ENABLED=false.*$/m);
  }, 120_000);
});

describe('production', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    // An empty, migrated database: the first production start.
    db = await openTestDatabase({ state: 'migrated' });
    const config = loadConfig({ ...productionBasics, ...braintree, SMS_ENABLED: 'false' });
    app = await buildApp({ config, database: db.database, serveClient: false, logger: false, jobWorkers: false });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('seeds no demo marketplace and no demo accounts', async () => {
    expect(await db.database.query('SELECT email FROM users')).toEqual([]);
    expect(await db.database.query('SELECT id FROM providers')).toEqual([]);
  });

  it('charges cards through Braintree, not the local test gateway', async () => {
    expect(app.cardGateway.name).toBe('braintree');
  });

  it('never takes a payment through the offline scheduling-system service (no SCHEDULING_PAYMENT_URL)', () => {
    expect(app.schedulingPaymentsReal).toBe(false);
  });

  it('answers 404 on every dev-only route', async () => {
    for (const [method, url] of [
      ['GET', '/dev/mailbox'],
      ['GET', '/dev/mailbox.json'],
      ['POST', '/dev/clock'],
    ] as const) {
      const res = await app.inject({ method, url, remoteAddress: '127.0.0.1', ...(method === 'POST' ? { payload: { advanceMinutes: 60 } } : {}) });
      expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} 404`);
    }
  });
});

describe('a demo deployment (NODE_ENV=production, DEMO_MODE=true)', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openTestDatabase({ state: 'migrated' });
    // Nothing but the basics: DEMO_MODE stands for the card gateway and the texts (and the demo data: config.test.ts; not seeded
    // here, where the pages come from a stand-in renderer).
    const config = { ...loadConfig({ ...productionBasics, DEMO_MODE: 'true' }), ...fakeClient() };
    app = await buildApp({ config, database: db.database, serveClient: true, seed: false, logger: false, jobWorkers: false });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('starts on the local test gateway and the offline scheduling-system service', () => {
    expect(app.cardGateway.name).toBe('local');
    expect(app.schedulingPaymentsReal).toBe(true);
  });

  it.each([
    ['a server-rendered public page', '/', 'en-US'],
    ['the same page in Spanish', '/es/', 'es'],
    ["an app screen's shell", routeById.patientSessions.path, 'en-US'],
    ["an app screen's shell in Spanish", `/es${routeById.patientSessions.path}`, 'es'],
  ] as const)('says it is a demo at the top of %s', async (_what, url, locale) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: `lang=${locale}` } });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const notice = messageIn(locale, 'ui.layout.demoBanner');
    expect(notice).toMatch(locale === 'es' ? /^Demostración: no hay pagos reales ni atención real\./ : /^Demo: no real payments, no real care\./);
    expect(res.body).toContain(`<body><p class="demo-banner" role="note" data-demo-banner lang="${locale}">${notice}</p>`);
  });
});

describe('e-mail of a demo', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openTestDatabase({ state: 'migrated' });
    // Outside production, so the dev mailbox shows what was sent.
    app = await buildApp({
      config: testConfig({ DEMO_MODE: 'true' }),
      database: db.database,
      serveClient: false,
      seed: false,
      logger: false,
      jobWorkers: false,
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it.each([
    ['en-US', 'demo.mail@example.com'],
    ['es', 'demo.correo@example.com'],
  ] as const)('starts with the demo notice (%s)', async (locale, email) => {
    const sent = await app.inject({ method: 'POST', url: '/api/auth/send-email-otp', headers: { 'accept-language': locale }, payload: { email } });
    expect(sent.statusCode).toBe(200);
    const [mail] = await mailTo(app, email);
    expect(mail?.text.startsWith(`${messageIn(locale, 'ui.layout.demoBanner')}\n\n`)).toBe(true);
  });
});
