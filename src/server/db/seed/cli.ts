/**
 * `npm run seed -- --providers 50000`: migrates and seeds the database named by DATABASE_URL (or
 * the embedded one in DATA_DIR) with a marketplace of that many providers, for benchmarks. The
 * database must not be seeded yet; create an empty one first (e.g. `createdb bench`).
 */
import { loadConfig } from '@/server/config';
import { openDatabase } from '../connection';
import { migrate } from '../migrate';
import { seedIfEmpty } from '.';
import { DEMO_PROVIDER_COUNT } from './marketplace';
import { first, qb, sql } from '../typed';

function providersArg(argv: string[]): number {
  const i = argv.indexOf('--providers');
  if (i === -1) return DEMO_PROVIDER_COUNT;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new Error('--providers takes a whole number from 1 to 1000000, e.g. --providers 50000');
  return n;
}

async function main(): Promise<void> {
  const providers = providersArg(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    const started = Date.now();
    const seeded = await seedIfEmpty(database, undefined, providers);
    const where = config.databaseUrl ? 'DATABASE_URL' : config.dataDir;
    if (!seeded) {
      console.error(`The database in ${where} is already seeded; point DATABASE_URL (or DATA_DIR) at an empty database.`);
      process.exitCode = 1;
      return;
    }
    const counts = await first(
      database,
      qb.selectNoFrom((eb) => [
        eb
          .selectFrom('providers')
          .select(sql<number>`count(*)::int`.as('n'))
          .$asScalar()
          .as('providers'),
        eb
          .selectFrom('slots')
          .select(sql<number>`count(*)::int`.as('n'))
          .$asScalar()
          .as('slots'),
      ]),
    );

    console.log(`Seeded ${counts?.providers} providers and ${counts?.slots} slots into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
