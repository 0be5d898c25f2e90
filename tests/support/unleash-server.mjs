// A real Unleash (the unleash-server package) for tests/integration/unleash.test.ts, run as a child
// process: unleash-server is ES modules only (jest runs CommonJS), and a test takes it down by ending
// the process, as an outage would. Its database (UNLEASH_DATABASE_URL) must be empty or Unleash's own;
// it migrates it. Tokens are created at first start: an admin token (UNLEASH_ADMIN_TOKEN) for the admin
// API, and a frontend token (UNLEASH_FRONTEND_TOKEN) of the development environment for the frontend
// API the app reads. Prints one line "@@UNLEASH@@ <port>" once it listens.
import { start } from 'unleash-server';

const noop = () => undefined;
const quiet = { debug: noop, info: noop, warn: noop, error: (...args) => console.error(...args), fatal: (...args) => console.error(...args) };

const unleash = await start({
  databaseUrl: process.env.UNLEASH_DATABASE_URL,
  db: { ssl: false, pool: { min: 0, max: 4 } },
  server: { port: 0, host: '127.0.0.1' },
  getLogger: () => quiet,
  authentication: {
    initApiTokens: [
      { type: 'admin', tokenName: 'test-admin', secret: process.env.UNLEASH_ADMIN_TOKEN, projects: ['*'], environment: '*' },
      { type: 'frontend', tokenName: 'test-frontend', secret: process.env.UNLEASH_FRONTEND_TOKEN, projects: ['*'], environment: 'development' },
    ],
  },
  // A change is served by the frontend API on the next revision check (every second), not after minutes.
  frontendApi: { refreshIntervalInMs: 1000 },
  versionCheck: { enable: false },
  telemetry: false,
  enableOAS: false,
});
process.stdout.write(`\n@@UNLEASH@@ ${unleash.server.address().port}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => unleash.stop().finally(() => process.exit(0)));
