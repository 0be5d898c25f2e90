/**
 * Reading schemas that point at shared ones. The API table writes each entity once
 * (src/generated/api.ts apiSchemas, `$id` = its name) and an endpoint refers to it with
 * `{ $ref: 'Address', title: 'Billing address' }`. A reference reads as the entity with the
 * keywords written beside it on top, the same as the generator's inlining (generators/codegen/deref.ts):
 * messages beside it add to the entity's, and the entity's own title and description (a type name,
 * a note for developers) give way to the place that refers to it.
 */
import type { SchemaNode } from './schema-path';

/** Shared schemas by `$id`; a schema without references needs none. */
export type SchemaTable = Readonly<Record<string, SchemaNode>>;

export class UnknownSchemaReference extends Error {}

function target(ref: string, table: SchemaTable): SchemaNode | undefined {
  return table[ref.replace(/#$/, '')];
}

/**
 * The node itself, or, when it is a reference, what it stands for (one level: references inside it
 * stay). A reference the table does not have reads as the node as written: a message lookup then
 * falls back to the default message rather than failing the answer.
 */
export function followRef(node: SchemaNode, table: SchemaTable): SchemaNode {
  const ref = node.$ref;
  const found = typeof ref === 'string' ? target(ref, table) : undefined;
  if (!found) return node;
  const { $ref: _ref, ...beside } = node;
  const { $id: _id, title: _title, description: _description, ...shared } = followRef(found, table);
  const merged: SchemaNode = { ...shared, ...beside };
  if (shared['x-messages'] && beside['x-messages']) merged['x-messages'] = { ...(shared['x-messages'] as object), ...(beside['x-messages'] as object) };
  return merged;
}

/** The schema with every reference replaced by what it stands for: self-contained, for tools that cannot follow `$ref`. */
export function inlineRefs(schema: SchemaNode, table: SchemaTable): SchemaNode {
  const visit = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => visit(n, seen));
    if (node === null || typeof node !== 'object') return node;
    const obj = node as SchemaNode;
    const ref = typeof obj.$ref === 'string' ? obj.$ref : undefined;
    if (ref && !target(ref, table)) throw new UnknownSchemaReference(`$ref "${ref}" names no shared schema`);
    if (ref && seen.includes(ref)) throw new UnknownSchemaReference(`$ref cycle: ${[...seen, ref].join(' -> ')}`);
    const resolved = followRef(obj, table);
    const out: SchemaNode = {};
    for (const [k, v] of Object.entries(resolved)) out[k] = visit(v, ref ? [...seen, ref] : seen);
    return out;
  };
  return visit(schema, []) as SchemaNode;
}
