/**
 * Multi-row INSERT in chunks that stay under PostgreSQL's 65,535 parameters (STACK-NOTES: ≈45k rows/s, not row by row).
 * SQL text, not a typed query: the seed's bulk loader takes any table, its columns and casts as names at run time.
 */
import type { Queryable } from '../connection';

const MAX_PARAMS = 60_000;

export async function insertRows(
  db: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  casts: Record<string, string> = {},
): Promise<void> {
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const tuples = chunk.map(
      (row) =>
        `(${row
          .map((value, i) => {
            params.push(value);
            const cast = casts[columns[i]!];
            return `$${params.length}${cast ? `::${cast}` : ''}`;
          })
          .join(', ')})`,
    );
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}
