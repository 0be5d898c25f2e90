/** Hardened HTTP: headers on pages and API answers, same-site redirects, the dev mailbox. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor } from '@tests/support/sessions';
import { buildApp } from '../app';
import { cspDirectives } from './security';
import { isLoopback } from './mail';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
});

afterAll(async () => {
  await t.close();
});

function csp(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('answers the API with CSP, frame-ancestors none, nosniff, no referrer and no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['script-src']?.[0]).toBe("'self'");
    expect(policy['script-src']?.some((s) => s.includes('unsafe-inline') || s === '*')).toBe(false);
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    // HSTS only in production (a browser on http://localhost must not be pinned to https).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('marks answers with account or health data, errors included, no-store', async () => {
    const patient = await callerFor(t.app, 'jordan.rivera@example.com');
    const me = await t.app.inject({ method: 'GET', url: `/api/users/${patient.id}/details`, headers: patient.headers });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/patients' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('keeps a caching policy a public handler chose', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('allows Braintree and Google origins only when they are configured', () => {
    const plain = cspDirectives({ braintreeMerchantId: undefined, googleClientId: undefined });
    expect(JSON.stringify(plain)).not.toMatch(/braintree|google/);
    expect(plain.frameSrc).toEqual(["'none'"]);
    const configured = cspDirectives({ braintreeMerchantId: 'm', googleClientId: 'g' });
    expect(configured.scriptSrc).toEqual(expect.arrayContaining(['https://js.braintreegateway.com', 'https://accounts.google.com/gsi/client']));
    expect(configured.frameSrc).toEqual(expect.arrayContaining(['https://assets.braintreegateway.com']));
  });

  it('sends HSTS in production', async () => {
    const prod = await buildApp({
      config: { ...t.config, nodeEnv: 'production', smtpUrl: 'smtp://127.0.0.1:1' },
      database: t.db.database,
      serveClient: false,
      seed: false,
      logger: false,
    });
    try {
      const res = await prod.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
      expect((await prod.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('server-rendered pages', () => {
  it('run no inline script: the state is a JSON data block that cannot close its element, the same for every visitor', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csp-client-'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--><script type="module" src="/assets/main.js"></script></body></html>',
    );
    const ssrEntry = join(dir, 'entry-server.cjs');
    writeFileSync(
      ssrEntry,
      "exports.render = async function render() { return { status: 200, head: '<title>t</title>', html: '<p>page</p>', state: { a: '</script><script>alert(1)</script>' } }; }",
    );
    const app = await buildApp({ config: { ...t.config, clientDir: dir, ssrEntry }, database: t.db.database, serveClient: true, seed: false, logger: false });
    try {
      const first = await app.inject({ method: 'GET', url: '/app/providers', headers: { accept: 'text/html' } });
      const second = await app.inject({ method: 'GET', url: '/app/providers', headers: { accept: 'text/html' } });
      expect(first.statusCode).toBe(200);
      const scripts = [...first.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
      // The visitor's flag decisions ride in a data block of their own, added to the shared rendering per request.
      expect(scripts).toEqual([' type="application/json" id="app-state"', ' type="module" src="/assets/main.js"', ' type="application/json" id="flag-state"']);
      expect(JSON.parse(first.body.match(/<script type="application\/json" id="app-state">(.*?)<\/script>/)![1]!)).toEqual({
        a: '</script><script>alert(1)</script>',
      });
      expect(JSON.parse(first.body.match(/<script type="application\/json" id="flag-state">(.*?)<\/script>/)![1]!)).toHaveProperty('anonymous');
      // One rendering serves everyone (only the visitor's flag block differs); the CSP still has a fresh nonce each answer for scripts the client adds.
      const withoutFlags = (body: string) => body.replace(/<script type="application\/json" id="flag-state">.*?<\/script>/, '');
      expect(withoutFlags(second.body)).toBe(withoutFlags(first.body));
      expect(second.headers['x-page-cache']).toBe('hit');
      expect(csp(first.headers['content-security-policy'])['script-src']).not.toContain("'unsafe-inline'");
      expect(first.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
    }
  });
});

describe('redirect targets', () => {
  it.each(['//evil.example/x', '/\\evil.example', '/%2F/evil.example'])('refuses send-magic-link redirectTo=%s with a 400', async (redirectTo) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-magic-link',
      remoteAddress: '10.9.0.1',
      payload: { email: 'jordan.rivera@example.com', redirectTo },
    });
    if (redirectTo === '/%2F/evil.example') {
      // Percent-encoded slashes stay a path of this site.
      expect(res.statusCode).toBe(200);
      return;
    }
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'redirectTo', in: 'body' }] });
    if (redirectTo === '//evil.example/x') expect(res.json().errors[0].reason).toBe('Please give a path on this site');
  });

  it('accepts a path of this site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-magic-link',
      remoteAddress: '10.9.0.2',
      payload: { email: 'jordan.rivera@example.com', redirectTo: '/app/patient/dashboard/home' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('dev mailbox', () => {
  it('answers callers on this machine only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '::1' })).statusCode).toBe(200);
    const outside = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '192.168.1.20' });
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('messages');
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '10.0.0.5' })).statusCode).toBe(404);
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.8.0.1', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1', '127.0.0.1.evil', 'fe80::1'].some(isLoopback)).toBe(false);
  });
});
