/**
 * Stored records read, answered and changed from the entity's own list of fields (x-record of
 * specs/entities, generated into src/generated/records.ts): a field added to the entity is selected,
 * answered and written here without a line of code for it. Column types come from the generated tables.
 */
import { sql, type Selectable } from 'kysely';
import { records } from '@/generated/records';
import { isoDay, type DB } from './typed';

type StoredRecords = typeof records;
type RecordName = keyof StoredRecords;
type Fields<R extends RecordName> = StoredRecords[R]['fields'];
type Row<R extends RecordName> = Selectable<DB[StoredRecords[R]['table']]>;
type ColumnOf<R extends RecordName, F extends keyof Fields<R>> = (Fields<R>[F] extends { column: infer C } ? C : never) & keyof Row<R>;

/** A column as read into the record: text and days as strings (null stays null), the rest as the driver answers. */
type ReadValue<R extends RecordName, F extends keyof Fields<R>> = Fields<R>[F] extends { read: 'text' | 'day' }
  ? null extends Row<R>[ColumnOf<R, F>]
    ? string | null
    : string
  : Row<R>[ColumnOf<R, F>];

/** The row a record's select answers, by column. */
export type RecordRow<R extends RecordName> = { [F in keyof Fields<R> as ColumnOf<R, F>]: ReadValue<R, F> };

/** The record's stored fields as the API answers them: times as ISO 8601, the rest as read. */
export type RecordFields<R extends RecordName> = {
  [F in keyof Fields<R>]: ReadValue<R, F> extends Date ? string : ReadValue<R, F>;
};

/** The columns a change writes: each editable field the body gives, under its column. */
export type EditedColumns<R extends RecordName, B> = {
  [F in keyof StoredRecords[R]['editable'] & keyof B as StoredRecords[R]['editable'][F] & string]?: Exclude<B[F], undefined>;
};

/**
 * The select list of a record, read from `from` (the table or its alias): text columns as text (citext
 * and uuid come back as the same string on every driver), days as YYYY-MM-DD. The query states its row
 * with `.$castTo<RecordRow<name>>()`: the columns are the generated list the row type is made of.
 */
export function recordColumns(name: RecordName, from: string) {
  return Object.values(records[name].fields).map(({ column, read }) => {
    const ref = sql.ref(`${from}.${column}`);
    if (read === 'text') return sql`${ref}::text`.as(column);
    if (read === 'day') return isoDay(sql<Date | null>`${ref}`).as(column);
    return sql`${ref}`.as(column);
  });
}

/** The stored fields of a record as the API answers them, from the row its select read. */
export function recordFields<R extends RecordName>(name: R, row: RecordRow<R>): RecordFields<R> {
  const read: Record<string, unknown> = row;
  const out: Record<string, unknown> = {};
  for (const [field, { column }] of Object.entries(records[name].fields)) {
    const value = read[column];
    out[field] = value instanceof Date ? value.toISOString() : value;
  }
  return out as RecordFields<R>;
}

/** The columns a change writes: the editable fields the body gives (undefined: not given, left as stored). */
export function editedColumns<R extends RecordName, B extends object>(name: R, body: B): EditedColumns<R, B> {
  const given = new Map(Object.entries(body));
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(records[name].editable)) if (given.get(field) !== undefined) out[column] = given.get(field);
  return out as EditedColumns<R, B>;
}
