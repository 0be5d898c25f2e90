/** What `npm start` (main.ts) and `npm run worker` (worker.ts) share: reading the configuration, and closing on a signal. */
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';

/** The configuration, or the process ends with the readable message of what is wrong. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** On SIGINT or SIGTERM: app.close() (requests and jobs in flight finish, then the database closes), then exit. */
export function closeOnSignals(app: FastifyInstance, what: string): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, `${what} shutting down`);
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, `${what} shutdown failed`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
