/**
 * Inlines $ref to entities ("Patient", "Patient#/properties/firstName") and local refs
 * ("#/definitions/x"), so forms and endpoint schemas are self-contained: the browser, the
 * server and the error-message lookup all walk the same plain tree.
 */
import type { JsonSchema, LoadedFile, EntityDoc } from './model';

export class RefError extends Error {}

/** The node a JSON pointer ("/properties/firstName") names in a document, or undefined. */
export function walkPointer(doc: unknown, pointer: string): unknown {
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
  /**
   * Leave a reference to a whole entity (`$ref: Patient`) as it is, keywords beside it resolved:
   * the API table and the OpenAPI document register each entity once (its `$id` is its name) and
   * point at it. References to an entity's field (`Patient#/properties/firstName`) are still inlined.
   */
  keepEntities?: boolean;
}

/**
 * `x-enumExclude: [Unknown]` beside `x-enum: gender` leaves values out of a field (accepted in
 * records, not offered in a form). Every excluded value must be one of the enumeration's.
 */
export function enumExclusions(node: Record<string, unknown>, values: readonly { value: string }[]): string[] {
  const excluded = node['x-enumExclude'];
  if (excluded === undefined) return [];
  if (!Array.isArray(excluded)) throw new RefError('x-enumExclude must be a list of values');
  for (const v of excluded) {
    if (!values.some((e) => e.value === v)) throw new RefError(`x-enumExclude: "${String(v)}" is not a value of x-enum "${String(node['x-enum'])}"`);
  }
  return excluded as string[];
}

/** `{ $constant: usStates, pick: code }`: one property of each item of a constant list, or of a constant object. */
function pickFrom(name: string, value: unknown, property: string): unknown {
  const has = (item: unknown) => item !== null && typeof item === 'object' && property in item;
  if (Array.isArray(value) && value.every(has)) return value.map((item) => (item as Record<string, unknown>)[property]);
  if (!Array.isArray(value) && has(value)) return (value as Record<string, unknown>)[property];
  throw new RefError(`$constant "${name}" with pick "${property}": the constant must be an object, or a list of objects, with "${property}"`);
}

/** The value a `{ $constant: name }` (optionally `pick: property`) stands for. */
export function constantValue(node: Record<string, unknown>, constants: DerefContext['constants']): unknown {
  const name = String(node.$constant);
  const constant = constants[name];
  if (!constant) throw new RefError(`$constant "${name}" is not in specs/constants`);
  return typeof node.pick === 'string' ? pickFrom(name, constant.value, node.pick) : constant.value;
}

export function dereference(schema: JsonSchema, ctx: DerefContext, origin: JsonSchema = schema): JsonSchema {
  const { entities } = ctx;
  const visit = (node: unknown, doc: JsonSchema, stack: string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => visit(n, doc, stack));
    if (node === null || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    if (typeof obj.$constant === 'string') return constantValue(obj, ctx.constants);
    if (typeof obj.$ref === 'string') {
      const ref = obj.$ref;
      const [name, fragment = ''] = ref.split('#') as [string, string?];
      if (ctx.keepEntities && name && !fragment && obj['x-enumExclude'] === undefined) {
        if (!entities.has(name)) throw new RefError(`$ref "${ref}" names no entity (known: ${[...entities.keys()].join(', ') || 'none'})`);
        const { $ref: _kept, ...siblings } = obj;
        return { $ref: name, ...(visit(siblings, doc, stack) as Record<string, unknown>) };
      }
      const targetDoc = name ? (entities.get(name)?.data as JsonSchema | undefined) : doc;
      if (!targetDoc) throw new RefError(`$ref "${ref}" names no entity (known: ${[...entities.keys()].join(', ') || 'none'})`);
      const target = walkPointer(targetDoc, fragment);
      if (target === undefined) throw new RefError(`$ref "${ref}" points at nothing`);
      const key = `${name}#${fragment}`;
      if (stack.includes(key)) throw new RefError(`$ref cycle: ${[...stack, key].join(' -> ')}`);
      const resolved = visit(target, targetDoc, [...stack, key]) as Record<string, unknown>;
      const { $ref: _ref, ...siblings } = obj;
      const own = visit(siblings, doc, stack) as Record<string, unknown>;
      const inlined: Record<string, unknown> = { ...resolved, ...own };
      // Messages named beside a $ref add to the referenced field's messages rather than replace them.
      if (resolved['x-messages'] && own['x-messages']) inlined['x-messages'] = { ...(resolved['x-messages'] as object), ...(own['x-messages'] as object) };
      if (obj['x-enumExclude'] !== undefined) {
        const named = ctx.enums[String(inlined['x-enum'])];
        if (!named) throw new RefError(`x-enumExclude beside $ref "${ref}", which is not a field with x-enum`);
        const excluded = enumExclusions({ ...inlined, 'x-enumExclude': obj['x-enumExclude'] }, named.values);
        inlined.enum = (inlined.enum as string[]).filter((v) => !excluded.includes(v));
      }
      delete inlined.$id;
      delete inlined.definitions;
      // An entity's own title is a type name and its description is for developers: neither is a
      // label or hint a person should read. The place that refers to it gives its own.
      if (name && !fragment) {
        if (!('title' in siblings)) delete inlined.title;
        if (!('description' in siblings)) delete inlined.description;
      }
      return inlined;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) if (k !== 'x-enumExclude') out[k] = visit(v, doc, stack);
    if (typeof obj['x-enum'] === 'string') {
      const named = ctx.enums[obj['x-enum']];
      if (!named) throw new RefError(`x-enum "${obj['x-enum']}" is not in specs/enums.yaml`);
      const excluded = enumExclusions(obj, named.values);
      const values = named.values.map((v) => v.value).filter((v) => !excluded.includes(v));
      out.enum = obj.type === 'array' ? undefined : values;
      if (obj.type === 'array') out.items = { ...(out.items as object), type: 'string', enum: values };
      if (out.enum === undefined) delete out.enum;
    }
    return out;
  };
  return visit(schema, origin, []) as JsonSchema;
}
