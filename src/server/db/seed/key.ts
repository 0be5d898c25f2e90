/** Where a seeded database says so (app_meta), readable without loading the seed itself. */
import type { Queryable } from '../connection';

export const SEED_KEY = 'seed';

/** Whether the demo data is in this database already. */
export async function isSeeded(db: Queryable): Promise<boolean> {
  return (await db.query('SELECT 1 FROM app_meta WHERE key = $1', [SEED_KEY])).length > 0;
}
