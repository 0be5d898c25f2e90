/**
 * The browser tests' servers: the real server (built client, a fresh embedded database with the demo
 * seed) on a free port. global-setup.cjs starts one per jest worker; a test file whose journey changes
 * what other files rely on (the server's clock, the demo patient's seeded sessions) starts its own with
 * useOwnServer, so no file's outcome depends on which files ran before it in the same worker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it was ready.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs / 1000}s.`);
}

/**
 * Starts a server (on a copy of the seeded template database when E2E_TEMPLATE_DATA_DIR names one). `fhirPath` names this server's path on the FHIR stand-in (fhir-test-server.cjs), so one
 * test's outage there is its own; `env` adds to or overrides the browser tests' settings (undefined removes one).
 */
export async function startServer(fhirUrl: string | undefined, fhirPath: string, env: Record<string, string | undefined> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  // A copy of the database global-setup.cjs migrated and seeded once: a server starts in seconds, not after its own seed.
  const template = process.env.E2E_TEMPLATE_DATA_DIR;
  if (template) cpSync(template, dataDir, { recursive: true });
  const mailDir = mkdtempSync(join(tmpdir(), 'e2e-mail-'));
  // TRUST_PROXY=loopback: the browser reaches the server from this machine, trusted as a proxy would be, and each browser session
  // comes from its own X-Forwarded-For address (harness.ts), so the
  // hourly per-IP sign-in limits of one test never refuse another's. TEST_SIGN_IN_SENDS_PER_ACCOUNT_PER_HOUR:
  // many test files sign the same demo accounts in within the hour. TEST_RATE_LIMIT_FACTOR: they also hold and book often.
  // TEST_JOB_RETRY_DELAY_SECONDS: a mail that cannot be delivered reaches the dead-letter list (and /metrics) in seconds, not half an hour.
  const merged: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    E2E_MAIL_DIR: mailDir,
    TRUST_PROXY: 'loopback',
    TEST_SIGN_IN_SENDS_PER_ACCOUNT_PER_HOUR: '1000',
    TEST_RATE_LIMIT_FACTOR: '100',
    TEST_JOB_RETRY_DELAY_SECONDS: '1',
    // Journeys move this server's clock forward (POST /dev/clock, src/server/test-clock.ts) and back: to a day
    // before a session to see its reminder, and past a hold to see a waitlist offer lapse.
    TEST_CLOCK_CONTROL: 'true',
    // The sync outbox delivers to the FHIR stand-in; two tries a second apart, so a journey sees a delivery
    // fail for good without waiting minutes.
    FHIR_BASE_URL: fhirUrl ? `${fhirUrl}/${fhirPath}` : undefined,
    SYNC_DELIVERY_ATTEMPTS: '2',
    SYNC_RETRY_DELAY_SECONDS: '1',
    DATABASE_URL: undefined,
    ...env,
  };
  const childEnv = Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined));
  // The server as `npm start` serves it: the bundle `npm run build:server` made (dist/server), run by plain Node.
  const child = spawn(process.execPath, [join('dist', 'server', 'main.js')], {
    cwd: resolve(__dirname, '..', '..'),
    env: childEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.on('data', () => undefined);
  const baseUrl = `http://127.0.0.1:${port}`;
  // Migrations and the demo seed of a fresh database take minutes on a busy machine; a server that
  // never became ready is stopped here (teardown only knows servers that started).
  try {
    await waitUntilReady(`${baseUrl}/api/health`, child, 240_000);
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  return { child, baseUrl, dataDir };
}

export async function stopServer(server: ServerProcess, removeData = false): Promise<void> {
  if (server.child.exitCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    const kill = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
  }
  if (removeData) rmSync(server.dataDir, { recursive: true, force: true });
}

/**
 * Use at the top of a describe block, before useBrowser: this file's own server, started before its
 * tests and stopped after them. The harness and the mailbox helpers talk to it (this worker's base URL
 * points at it meanwhile). `env` may be a function, read when the server starts (after the file's own
 * beforeAll hooks, for a stand-in's address). Returns this server's base URL.
 */
export function useOwnServer(env: Record<string, string | undefined> | (() => Record<string, string | undefined>) = {}): () => string {
  const workerUrlKey = `E2E_BASE_URL_${process.env.JEST_WORKER_ID ?? '1'}`;
  const sharedServerUrl = process.env[workerUrlKey];
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    server = await startServer(process.env.E2E_FHIR_URL, `w${900 + Number(process.env.JEST_WORKER_ID ?? '1')}`, typeof env === 'function' ? env() : env);
    process.env[workerUrlKey] = server.baseUrl;
  }, 250_000); // a fresh database with the demo seed, on a machine shared with other tests
  afterAll(async () => {
    if (sharedServerUrl === undefined) delete process.env[workerUrlKey];
    else process.env[workerUrlKey] = sharedServerUrl;
    if (server) await stopServer(server, true);
  });
  return () => {
    if (!server) throw new Error('This file’s server has not started.');
    return server.baseUrl;
  };
}
