/**
 * Inlines $ref to entities ("Patient", "Patient#/properties/firstName") and local refs
 * ("#/definitions/x"), so forms and endpoint schemas are self-contained: the browser, the
 * server and the error-message lookup all walk the same plain tree.
 */
import type { JsonSchema, LoadedFile, EntityDoc } from './model';

export class RefError extends Error {}

function walkPointer(doc: unknown, pointer: string): unknown {
  if (!pointer || pointer === '/') return doc;
  let node: unknown = doc;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in (node as object))) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

export interface DerefContext {
  entities: Map<string, LoadedFile<EntityDoc>>;
  /** enum name to its values (specs/enums.yaml); `x-enum: name` expands to `enum: [values]` */
  enums: Record<string, { values: { value: string }[] }>;
  /** constants (specs/constants); `{ $constant: name }` anywhere is replaced by its value */
  constants: Record<string, { value: unknown }>;
}

export function dereference(schema: JsonSchema, ctx: DerefContext, origin: JsonSchema = schema): JsonSchema {
  const { entities } = ctx;
  const visit = (node: unknown, doc: JsonSchema, stack: string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => visit(n, doc, stack));
    if (node === null || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    if (typeof obj.$constant === 'string') {
      const constant = ctx.constants[obj.$constant];
      if (!constant) throw new RefError(`$constant "${obj.$constant}" is not in specs/constants`);
      return constant.value;
    }
    if (typeof obj.$ref === 'string') {
      const ref = obj.$ref;
      const [name, fragment = ''] = ref.split('#') as [string, string?];
      const targetDoc = name ? (entities.get(name)?.data as JsonSchema | undefined) : doc;
      if (!targetDoc) throw new RefError(`$ref "${ref}" names no entity (known: ${[...entities.keys()].join(', ') || 'none'})`);
      const target = walkPointer(targetDoc, fragment);
      if (target === undefined) throw new RefError(`$ref "${ref}" points at nothing`);
      const key = `${name}#${fragment}`;
      if (stack.includes(key)) throw new RefError(`$ref cycle: ${[...stack, key].join(' -> ')}`);
      const resolved = visit(target, targetDoc, [...stack, key]) as Record<string, unknown>;
      const { $ref: _ref, ...siblings } = obj;
      const inlined: Record<string, unknown> = { ...resolved, ...(visit(siblings, doc, stack) as object) };
      delete inlined.$id;
      delete inlined.definitions;
      return inlined;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) out[k] = visit(v, doc, stack);
    if (typeof obj['x-enum'] === 'string') {
      const named = ctx.enums[obj['x-enum']];
      if (!named) throw new RefError(`x-enum "${obj['x-enum']}" is not in specs/enums.yaml`);
      const values = named.values.map((v) => v.value);
      out.enum = obj.type === 'array' ? undefined : values;
      if (obj.type === 'array') out.items = { ...(out.items as object), type: 'string', enum: values };
      if (out.enum === undefined) delete out.enum;
    }
    return out;
  };
  return visit(schema, origin, []) as JsonSchema;
}
