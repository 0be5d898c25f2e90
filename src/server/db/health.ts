/** Whether the database answers (health and readiness checks): the smallest statement there is; a throw says it does not. */
import type { Queryable } from './connection';

export async function databaseAnswers(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
