/**
 * Backup and restore of the embedded database (docs/operations.md). PGlite is one process's database: its folder
 * cannot be copied while the server writes to it, and no other process may open it. So the running server makes the
 * copy itself: `npm run db:backup -- file.tar.gz` asks it (GET /ops/database-backup, from this machine, with a key
 * derived from the server secret that only a process with the same configuration can compute), and the server dumps
 * its data directory between two statements (PGlite runs one at a time), after a CHECKPOINT: a copy as consistent as
 * a clean shutdown's. `npm run db:restore -- file.tar.gz` puts such a copy in DATA_DIR while the server is stopped.
 * On PostgreSQL neither applies: pg_dump and pg_restore are the tools (docs/operations.md).
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { sameHash, serverSecret } from '../auth/secrets';
import { openDatabase } from '../db/connection';
import { qb, run, sql } from '../db/typed';
import { errorBody } from '../errors';
import { isLoopback } from '../plugins/mail';
import { audienceOf, placeholderContext } from '../plugins/errors';

export const BACKUP_PATH = '/ops/database-backup';

/** The key a backup request carries: derived from the server secret, so it never travels anywhere else. */
export function backupKey(config: Config): string {
  const key = Buffer.from(hkdfSync('sha256', serverSecret(config), 'mindful-care', 'database-backup', 32));
  return createHmac('sha256', key).update(BACKUP_PATH).digest('base64url');
}

/** GET /ops/database-backup: the embedded database as a gzipped tarball, to a caller on this machine with the backup key; 404 to anyone else. */
export async function backupRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const key = backupKey(config);
  app.get(BACKUP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    // The socket's own peer, not request.ip: a proxy on this machine (TRUST_PROXY=loopback) must not open it to the world.
    const local = isLoopback(request.socket.remoteAddress ?? '');
    if (!local || bearer === undefined || !sameHash(bearer, key) || !app.database.dumpDataDir) {
      return reply.status(404).send(errorBody('NOT_FOUND', audienceOf(request), placeholderContext()));
    }
    await app.database.exec('CHECKPOINT');
    const dump = await app.database.dumpDataDir('gzip');
    request.log.info({ bytes: dump.size }, 'database backup taken');
    return reply
      .type('application/gzip')
      .header('cache-control', 'no-store')
      .header('content-encoding', 'identity')
      .send(Buffer.from(await dump.arrayBuffer()));
  });
}

/**
 * Restores a backup into `dataDir`, which must be empty or absent (the server stopped): a folder already holding a
 * database is moved aside to `<dataDir>.before-restore-<time>` first when `replace` is set, and refused otherwise.
 * Opens the restored database once, so a damaged file fails here and not at the next start.
 */
export async function restoreBackup(file: string, dataDir: string, options: { replace?: boolean; now?: Date } = {}): Promise<{ movedAside?: string }> {
  let movedAside: string | undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length) {
    if (!options.replace) throw new Error(`${dataDir} already holds a database: stop the server and add --replace to move it aside first.`);
    movedAside = `${dataDir}.before-restore-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, movedAside);
  }
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
  try {
    // The migrations' own table: a restored file that is not this app's database fails here.
    await run(database, qb.selectFrom('schema_migrations').select(sql<string>`count(*)`.as('n')));
  } finally {
    await database.close();
  }
  return movedAside ? { movedAside } : {};
}
