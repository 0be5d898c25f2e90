/** Whether the database answers (health and readiness checks): the smallest statement there is; a throw says it does not. */
import type { Queryable } from './connection';
import { qb, run, sql } from './typed';

export async function databaseAnswers(db: Queryable): Promise<void> {
  await run(db, qb.selectNoFrom(sql.lit(1).as('one')));
}
