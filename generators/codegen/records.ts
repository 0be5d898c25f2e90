/**
 * Stored records derived from an entity's `x-record` (specs/entities/Patient.yaml): the entity names the
 * table, which of its fields the table keeps (`stored`, column = the field's name in snake_case), which of
 * those a caller may change (`update.editable`), and the few fields the record adds (the account, the row's
 * times, what the server works out: `x-computed`). From that one place come
 *   - the record entity (PatientRecord: what the API answers) and the update entity (PatientUpdate: the body
 *     of a change), added to the entities as if written beside it, so api specs `$ref` them;
 *   - src/generated/records.ts: per record its table, the columns it reads (and how) and the editable
 *     columns, which the server's generic select, answer and update read (src/server/db/records.ts).
 * A new nullable field is then a migration, the entity (its property and its name in `stored`/`editable`)
 * and the places that show or edit it.
 */
import type { EntityDoc, JsonSchema, LoadedFile, SpecBundle } from './model';
import { BANNER, literal } from './emit/util';
import { RefError, walkPointer } from './deref';
import type { SpecProblem } from './problems';

interface RecordSpec {
  $id: string;
  table: string;
  description: string;
  stored: string[];
  required: string[];
  properties: Record<string, JsonSchema>;
  update?: { $id: string; description: string; editable: string[] };
}

/** How the server reads a column into the record: text (citext and uuid come back as the same string on every driver), a day, a time, or as it is. */
export type ColumnRead = 'text' | 'day' | 'time' | 'value';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function recordOf(entity: EntityDoc): RecordSpec | undefined {
  return entity['x-record'] as RecordSpec | undefined;
}

/** A field as stored records answer it: its type (null unless required), how it is written and what it means; input rules stay on the entity. */
function storedField(field: JsonSchema, nullable: boolean, entities: Map<string, LoadedFile<EntityDoc>>): JsonSchema {
  const target = typeof field.$ref === 'string' ? resolveRef(field.$ref, entities) : field;
  const type = target.type as string;
  const out: JsonSchema = { type: nullable ? [type, 'null'] : type };
  const format = target.format;
  if (format === 'date' || format === 'date-time') out.format = format;
  // Words from the field itself: a shared entity's (DateOfBirth's) title and description are for developers.
  for (const k of ['title', 'description']) if (field[k] !== undefined) out[k] = field[k];
  for (const k of ['x-enum', 'x-enumExclude']) if ((field[k] ?? target[k]) !== undefined) out[k] = field[k] ?? target[k];
  return out;
}

function resolveRef(ref: string, entities: Map<string, LoadedFile<EntityDoc>>): JsonSchema {
  const [name, fragment = ''] = ref.split('#') as [string, string?];
  const node = walkPointer(entities.get(name)?.data, fragment);
  if (node === null || typeof node !== 'object') throw new RefError(`x-record: $ref "${ref}" points at nothing`);
  const schema = node as JsonSchema;
  return typeof schema.$ref === 'string' ? { ...resolveRef(schema.$ref, entities), ...schema } : schema;
}

function withoutComputed(properties: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(properties).map(([name, { 'x-computed': _computed, ...schema }]) => [name, schema]));
}

/**
 * The entities with each `x-record` taken off its entity (the entity stays a plain JSON Schema) and its
 * record and update entities added. A name in stored or editable that is not a field of the entity, or a stored
 * field whose $ref points at nothing, is a problem of the entity's file.
 */
export function withRecordEntities(entities: Map<string, LoadedFile<EntityDoc>>, problems: SpecProblem[]): Map<string, LoadedFile<EntityDoc>> {
  const out = new Map(entities);
  for (const [id, f] of entities) {
    const record = recordOf(f.data);
    if (!record) continue;
    const { 'x-record': _record, ...entity } = f.data;
    out.set(id, { ...f, data: entity as EntityDoc });
    const fields = (f.data.properties ?? {}) as Record<string, JsonSchema>;
    const unknown = [...record.stored, ...(record.update?.editable ?? [])].filter((name) => !fields[name]);
    if (unknown.length) {
      problems.push({ file: f.file, path: '/x-record', line: f.lineOf('/x-record'), message: `names ${unknown.join(', ')}, not fields of ${id}` });
      continue;
    }
    const own = Object.entries(withoutComputed(record.properties));
    const ids = Object.fromEntries(own.filter(([, s]) => s.format === 'uuid'));
    const rest = Object.fromEntries(own.filter(([, s]) => s.format !== 'uuid'));
    let stored: Record<string, JsonSchema>;
    try {
      stored = Object.fromEntries(record.stored.map((name) => [name, storedField(fields[name]!, !record.required.includes(name), entities)]));
    } catch (err) {
      if (!(err instanceof RefError)) throw err;
      problems.push({ file: f.file, path: '/x-record/stored', line: f.lineOf('/x-record/stored'), message: err.message });
      continue;
    }
    // Its own text: what is checked or emitted once per text (semantics, memo) tells it from its entity.
    out.set(record.$id, {
      ...f,
      text: `${f.text}\n# ${record.$id}`,
      data: {
        $id: record.$id,
        title: record.$id,
        description: record.description,
        type: 'object',
        additionalProperties: false,
        required: record.required,
        // Ids first, then the entity's fields, then what the server works out and the row's times.
        properties: { ...ids, ...stored, ...rest },
      },
    });
    if (!record.update) continue;
    out.set(record.update.$id, {
      ...f,
      text: `${f.text}\n# ${record.update.$id}`,
      data: {
        $id: record.update.$id,
        title: record.update.$id,
        description: record.update.description,
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: Object.fromEntries(record.update.editable.map((name) => [name, { $ref: `${id}#/properties/${name}` }])),
      },
    });
  }
  return out;
}

function readOf(schema: JsonSchema): ColumnRead {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type !== 'string') return 'value';
  if (schema.format === 'date') return 'day';
  return schema.format === 'date-time' ? 'time' : 'text';
}

/** src/generated/records.ts: per entity with a record, the table, the columns its record reads and the columns a change may write. */
export function emitRecords(b: Pick<SpecBundle, 'files' | 'entities'>): string {
  const records: Record<string, unknown> = {};
  for (const f of b.files) {
    const record = f.kind === 'entity' ? recordOf(f.data as EntityDoc) : undefined;
    if (!record) continue;
    const id = (f.data as EntityDoc).$id;
    const answered = b.entities.get(record.$id)!.data.properties as Record<string, JsonSchema>;
    const computed = new Set(Object.entries(record.properties).flatMap(([name, s]) => (s['x-computed'] ? [name] : [])));
    records[id] = {
      table: record.table,
      fields: Object.fromEntries(
        Object.entries(answered)
          .filter(([name]) => !computed.has(name))
          .map(([name, schema]) => [name, { column: snake(name), read: readOf(schema) }]),
      ),
      editable: Object.fromEntries((record.update?.editable ?? []).map((name) => [name, snake(name)])),
    };
  }
  return `${BANNER}
/**
 * Stored records (x-record of specs/entities): the table, each field the record reads from its column (read:
 * text, day YYYY-MM-DD, time ISO 8601, value as stored) and the columns of the fields a change may write.
 * src/server/db/records.ts selects, answers and updates through these.
 */
export const records = ${literal(records)} as const;
`;
}
