/**
 * An expired one-time code and an expired sign-in link, in a real browser. This file starts its
 * own server whose codes and links expire at once (TEST_SIGN_IN_LIFETIME_SECONDS=0, a test-only
 * setting), so no test has to wait ten minutes or reach into the database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { errorCatalogue } from '@/generated/errors';
import oneTimeCodeForm from '@/generated/forms/one-time-code';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { useBrowser } from './harness';
import { codeIn, latestMail, linkIn, wcagViolations } from './signin-support';

const account = demoAccounts.find((a) => a.role === 'Support agent')!;
let server: ChildProcess | undefined;
let dataDir: string;
let base: string;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
    srv.on('error', fail);
  });
}

beforeAll(async () => {
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-expired-'));
  base = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    TEST_SIGN_IN_LIFETIME_SECONDS: '0',
  };
  delete env.DATABASE_URL;
  server = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], { cwd: resolve(__dirname, '..', '..'), env, stdio: ['ignore', 'ignore', 'inherit'] });
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}.`);
    if (Date.now() - started > 240_000) throw new Error('The server did not start within 240 s.');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}, 250_000); // a fresh database with the demo seed, on a machine shared with other tests

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('expired sign-in codes and links', () => {
  const session = useBrowser();

  it('refuses an expired one-time code with the spec message', async () => {
    const { page, problems } = session();
    problems.allow(/Failed to load resource: the server responded with a status of 401/);
    await page.goto(`${base}${routeById.login.path}`);
    await page.waitForFunction(() => document.documentElement.dataset.flags !== 'waiting');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: message('ui.login.sendCode') }).click();
    await page.waitForURL(`**${routeById.verifyOtp.path}`);
    await page.getByLabel('One-time code').fill(codeIn(await latestMail(account.email, 'sign-in-code', '', base)));
    await page.getByRole('button', { name: oneTimeCodeForm.submitLabel }).click();
    await page.getByRole('alert').filter({ hasText: errorCatalogue.OTP_INVALID.message }).waitFor();
    expect(new URL(page.url()).pathname).toBe(routeById.verifyOtp.path);
    expect(await wcagViolations(page)).toEqual([]);
  });

  it('refuses an expired sign-in link with the spec message', async () => {
    const { page, problems } = session();
    problems.allow(/Failed to load resource: the server responded with a status of 401/);
    const res = await fetch(`${base}/api/auth/send-magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email }),
    });
    expect(res.status).toBe(200);
    await page.goto(`${base}${linkIn(await latestMail(account.email, 'sign-in-link', '', base))}`);
    await page.getByRole('alert').filter({ hasText: errorCatalogue.LOGIN_LINK_INVALID.message }).waitFor();
  });
});
