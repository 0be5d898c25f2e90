// Starts the real server (built client, fresh embedded database) on a free port for the browser tests.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const { startServer, stopServer } = require('./server-process.ts');
const { startFhirTestServer } = require('./fhir-test-server.cjs');

module.exports = async function globalSetup(globalConfig) {
  // The servers run the built bundle (dist/server) with the built client (dist/client), as `npm start` does.
  for (const built of [join('dist', 'client', 'index.html'), join('dist', 'server', 'main.js')]) {
    if (!existsSync(join(__dirname, '..', '..', built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first (\`npm test\` does it for you).`);
    }
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
  // The demo database is migrated and seeded once, by a server started and stopped here; every server
  // (one per worker, and those a file starts for itself) starts on a copy of it.
  const template = await startServer(fhir.url, 'w0');
  await stopServer(template);
  process.env.E2E_TEMPLATE_DATA_DIR = template.dataDir;
  const servers = await Promise.all(Array.from({ length: workers }, (_, i) => startServer(fhir.url, `w${i + 1}`)));
  servers.forEach((server, i) => {
    process.env[`E2E_BASE_URL_${i + 1}`] = server.baseUrl;
  });
  process.env.E2E_BASE_URL = servers[0].baseUrl;
  globalThis.__E2E_SERVERS__ = servers.map((server) => server.child);
};
