/**
 * `npm run worker`: a process that only runs background jobs (src/server/jobs) on the database of
 * DATABASE_URL, beside API processes started with JOBS_IN_PROCESS=false (or as well as them). It
 * builds the same app, so a job's handler has what a request has, but listens on no port.
 */
import { buildApp } from './app';
import { closeOnSignals, configOrExit } from './process';

async function main(): Promise<void> {
  const config = configOrExit();
  if (!config.databaseUrl) {
    // The embedded database belongs to one process: the API's in-process workers run its jobs.
    console.error('npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database, jobs run inside `npm start` (JOBS_IN_PROCESS).');
    process.exit(1);
  }
  const app = await buildApp({ config, serveClient: false, seed: false, jobWorkers: true });
  await app.ready();
  app.log.info({ jobs: app.jobs.names() }, 'worker running');
  closeOnSignals(app, 'worker');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
