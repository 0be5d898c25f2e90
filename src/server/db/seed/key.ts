/** Where a seeded database says so (app_meta), readable without loading the seed itself. */
import type { Queryable } from '../connection';
import { first, qb, sql } from '../typed';

export const SEED_KEY = 'seed';

/** Whether the demo data is in this database already. */
export async function isSeeded(db: Queryable): Promise<boolean> {
  return (await first(db, qb.selectFrom('app_meta').select(sql.lit(1).as('one')).where('key', '=', SEED_KEY))) !== undefined;
}
