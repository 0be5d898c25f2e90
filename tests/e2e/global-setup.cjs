// Starts the real server (built client, fresh embedded database) on a free port for the browser tests.
const { spawn } = require('node:child_process');
const { mkdtempSync, existsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const net = require('node:net');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url, child, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it was ready.`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs / 1000}s.`);
}

const { startFhirTestServer } = require('./fhir-test-server.cjs');

async function startServer(worker, fhirUrl) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const mailDir = mkdtempSync(join(tmpdir(), 'e2e-mail-'));
  // TRUST_PROXY: each browser session comes from its own X-Forwarded-For address (harness.ts), so the
  // hourly per-IP sign-in limits of one test never refuse another's. TEST_SIGN_IN_SENDS_PER_ACCOUNT_PER_HOUR:
  // many test files sign the same demo accounts in within the hour. TEST_RATE_LIMIT_FACTOR: they also hold and book often.
  // TEST_JOB_RETRY_DELAY_SECONDS: a mail that cannot be delivered reaches the dead-letter list in seconds, not half an hour.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    E2E_MAIL_DIR: mailDir,
    TRUST_PROXY: 'true',
    TEST_SIGN_IN_SENDS_PER_ACCOUNT_PER_HOUR: '1000',
    TEST_RATE_LIMIT_FACTOR: '100',
    TEST_JOB_RETRY_DELAY_SECONDS: '1',
    // Journeys move this server's clock forward (POST /dev/clock, src/server/test-clock.ts) and back: to a day
    // before a session to see its reminder, and past a hold to see a waitlist offer lapse.
    TEST_CLOCK_CONTROL: 'true',
    // The sync outbox delivers to the FHIR stand-in (a path per worker, so one test's outage is its own);
    // two tries a second apart, so a journey sees a delivery fail for good without waiting minutes.
    FHIR_BASE_URL: `${fhirUrl}/w${worker}`,
    SYNC_DELIVERY_ATTEMPTS: '2',
    SYNC_RETRY_DELAY_SECONDS: '1',
  };
  delete env.DATABASE_URL;
  const child = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: join(__dirname, '..', '..'),
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: false,
  });
  child.stdout.on('data', () => undefined);
  const baseUrl = `http://127.0.0.1:${port}`;
  // Migrations and the demo seed of a fresh database take minutes on a busy machine; a server that
  // never became ready is stopped here (teardown only knows servers that started).
  try {
    await waitFor(`${baseUrl}/api/health`, child, 240000);
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  return { child, baseUrl };
}

module.exports = async function globalSetup(globalConfig) {
  if (!existsSync(join(__dirname, '..', '..', 'dist', 'client', 'index.html'))) {
    throw new Error('The client is not built. Run `npm run build` first (`npm test` does it for you).');
  }
  // Fail at once, with how to fix it, when no Chromium can be found (a CHROME_PATH that points nowhere
  // included); the packaged Chromium is unpacked here, once, before the test files start in parallel.
  const { resolveChromium } = require('../support/chromium.ts');
  const { source, launchOptions } = await resolveChromium();
  console.log(`\nBrowser tests use Chromium from ${source}: ${launchOptions.executablePath}`);
  // One server and database per jest worker: files in one worker run one after another, so two tests
  // never change the same demo account at the same moment (a hold of the same slot by the same patient
  // is renewed, not doubled, and one test's booking would consume the other's hold).
  const workers = Math.max(1, Number(globalConfig.maxWorkers) || 1);
  const fhir = await startFhirTestServer();
  process.env.E2E_FHIR_URL = fhir.url;
  globalThis.__E2E_FHIR__ = fhir.server;
  const servers = await Promise.all(Array.from({ length: workers }, (_, i) => startServer(i + 1, fhir.url)));
  servers.forEach((server, i) => {
    process.env[`E2E_BASE_URL_${i + 1}`] = server.baseUrl;
  });
  process.env.E2E_BASE_URL = servers[0].baseUrl;
  globalThis.__E2E_SERVERS__ = servers.map((server) => server.child);
};
