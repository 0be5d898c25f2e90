/** `npm start`: serve the app, print where and how to sign in, and shut down cleanly on SIGINT/SIGTERM. */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { closeOnSignals, configOrExit } from './process';
import { demoAccounts } from './db/seed/demo-accounts';

/** The banner's column of demo roles: as wide as the longest role, so the e-mail addresses line up. */
const ROLE_COLUMN = Math.max(...demoAccounts.map((a) => a.role.length)) + 1;

async function main(): Promise<void> {
  const config = configOrExit();
  const app = await buildApp({ config });
  // app.close() stops accepting requests, finishes those in flight, then closes the database (onClose).
  closeOnSignals(app, 'server');

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The banner is a promise that the app answers: ask it over the network first.
  const probe = `http://${probeHost(address)}:${port}/api/health`;
  try {
    const res = await fetch(probe, { signal: AbortSignal.timeout(60_000) });
    if (!res.ok) throw new Error(`status ${res.status}`);
  } catch (err) {
    app.log.error({ err }, `the server listens on port ${port} but ${probe} did not answer`);
    return;
  }
  const lines = [
    '',
    `  Mental-health care marketplace is running at http://localhost:${port}`,
    `  API: http://localhost:${port}/api (docs at /api/docs)`,
    `  Database: ${app.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    ...(config.smtpUrl ? [] : [`  Mail (sign-in codes and links): http://localhost:${port}/dev/mailbox`]),
    ...(config.demoMode ? ['  DEMO_MODE: every page and e-mail says "demo: no real payments, no real care"'] : []),
    '',
    // Only where the demo accounts were seeded (never in production without DEMO_MODE).
    ...(config.seedDemoData
      ? ['  Demo accounts (sign in with the e-mail address):', ...demoAccounts.map((a) => `    ${a.role.padEnd(ROLE_COLUMN)} ${a.email}`), '']
      : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Where this process can reach its own listening socket. */
function probeHost(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') return '127.0.0.1';
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '[::1]';
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
