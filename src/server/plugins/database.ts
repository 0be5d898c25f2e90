/** Opens the database (or takes the one a test passes in), migrates it, seeds it once, and closes it last. */
import fp from 'fastify-plugin';
import type { Database } from '../db/connection';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { isSeeded } from '../db/seed/key';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  database?: Database;
  databaseUrl?: string;
  poolSize?: number;
  dataDir: string;
  seed: boolean;
}

export default fp<DatabasePluginOptions>(
  async (app, opts) => {
    const owned = !opts.database;
    const database = opts.database ?? (await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir, poolSize: opts.poolSize }));
    const applied = await migrate(database);
    if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
    // The seed (with the zip-code table it places practices by, ~70 MB of memory while it loads) is
    // loaded only when the database has none yet: a server that restarts never loads it.
    if (opts.seed && !(await isSeeded(database))) {
      const { seedIfEmpty } = await import('../db/seed');
      if (await seedIfEmpty(database, undefined, undefined, app.clock.now())) app.log.info('demo data seeded');
    }
    app.decorate('database', database);
    if (owned) app.addHook('onClose', async () => database.close());
  },
  { name: 'database', dependencies: ['clock'] },
);
