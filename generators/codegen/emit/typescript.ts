/**
 * TypeScript types for entities and endpoint parts, through json-schema-to-typescript. All
 * schemas go through one compile as definitions of one root, so a shared piece is named once
 * (no Point1, Point2 duplicates).
 */
import { compile } from 'json-schema-to-typescript';
import type { JsonSchema, SpecBundle } from '../model';
import { constantValue } from '../deref';
import { rawEndpoints } from './structure';
import { BANNER, pascal } from './util';
import { memo } from '../memo';

/** Rewrites entity refs ("Patient", "Patient#/properties/x") to refs into the root's definitions. */
function rootRefs(node: unknown, b: Pick<SpecBundle, 'enums' | 'constants' | 'entities'>, isPropertyMap = false): unknown {
  const { enums } = b;
  if (Array.isArray(node)) return node.map((n) => rootRefs(n, b));
  if (node === null || typeof node !== 'object') return node;
  if (typeof (node as Record<string, unknown>).$constant === 'string') return constantValue(node as Record<string, unknown>, b.constants);
  const ref = (node as Record<string, unknown>).$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) {
    // Keywords beside a $ref (a label, one more rule) do not change the TypeScript type; keeping
    // them would make json-schema-to-typescript declare a copy (DateOfBirth1, DateOfBirth2...).
    const [name, fragment = ''] = ref.split('#');
    // A field of an entity ("User#/properties/id") is written out where it is used: a reference
    // into an entity would make json-schema-to-typescript name the referring object after it.
    if (fragment && fragment !== '/') {
      const target = fragment
        .replace(/^\//, '')
        .split('/')
        .reduce<unknown>((n, k) => (n !== null && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined), b.entities.get(name!)?.data);
      if (target !== undefined) return rootRefs(target, b);
    }
    return { $ref: `#/definitions/${name}` };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k === 'x-enum' && typeof v === 'string') {
      const excluded = ((node as Record<string, unknown>)['x-enumExclude'] as string[] | undefined) ?? [];
      const values = (enums[v]?.values.map((e) => e.value) ?? []).filter((e) => !excluded.includes(e));
      if ((node as Record<string, unknown>).type === 'array') out.items = { type: 'string', enum: values };
      else out.enum = values;
    } else if (k === 'x-messages' || k === 'x-enumExclude' || k === '$id') {
      continue;
    } else if (k === 'title' && !isPropertyMap && (node as Record<string, unknown>).type !== 'object') {
      // A titled string would become a named alias (type FirstName = string); keep it as a comment.
      if (!('description' in (node as object))) out.description = v;
    } else {
      // Under "properties" the keys are field names (a field may be called "title"), not keywords.
      out[k] = rootRefs(v, b, k === 'properties' && !isPropertyMap);
    }
  }
  return out;
}

/**
 * What a response without a JSON schema reads as in the browser (src/client/api/transport.ts readBody): a file (any
 * type but the API's own application/json, a FHIR Bundle included) is a Blob, text a string, no content nothing.
 */
function bodyType(contentType: string | undefined): string {
  if (!contentType || contentType.split(';')[0]!.trim() === 'application/json') return 'void';
  return contentType.startsWith('text/') ? 'string' : 'Blob';
}

/** Anyway-of-required lists ("userId or email") say nothing a TypeScript type can: left out, they no longer split a type in two numbered halves. */
function onlyRequiredAlternatives(v: unknown): boolean {
  return Array.isArray(v) && v.every((a) => a !== null && typeof a === 'object' && Object.keys(a as object).every((k) => k === 'required'));
}

/**
 * Titled objects nested in definitions become definitions of their own, named once: the same
 * titled object written in two places (a YAML anchor, two endpoints) is one type, and a title
 * already taken by a different schema (an entity's name) stays an unnamed inline type instead of
 * becoming a numbered copy (User1, AvailabilityProvider1).
 */
function shareTitled(definitions: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const visit = (node: unknown, root: boolean, isPropertyMap = false): unknown => {
    if (Array.isArray(node)) return node.map((n) => visit(n, false));
    if (node === null || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    const inner: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) {
      if (!isPropertyMap && (k === 'anyOf' || k === 'oneOf') && onlyRequiredAlternatives(v)) continue;
      inner[k] = visit(v, false, !isPropertyMap && k === 'properties');
    }
    if (root || isPropertyMap || typeof obj.title !== 'string' || obj.type !== 'object') return inner;
    const name = pascal(obj.title);
    const taken = definitions[name] ?? out[name];
    if (taken === undefined) {
      out[name] = { ...inner, title: name };
      return { $ref: `#/definitions/${name}` };
    }
    if (same(taken, { ...inner, title: name })) return { $ref: `#/definitions/${name}` };
    const { title: _title, ...anonymous } = inner;
    return anonymous;
  };
  for (const [name, schema] of Object.entries(definitions)) out[name] = visit(schema, true);
  return out;
}

/** The entity a schema is, when it is nothing but a reference to a whole entity. */
function wholeEntity(schema: JsonSchema): string | undefined {
  const keys = Object.keys(schema);
  const ref = schema.$ref;
  if (keys.length !== 1 || typeof ref !== 'string') return undefined;
  const match = /^#\/definitions\/([A-Za-z][A-Za-z0-9]*)$/.exec(ref);
  return match?.[1];
}

export async function emitEntityTypes(b: SpecBundle): Promise<string> {
  const definitions: Record<string, unknown> = {};
  for (const [id, f] of b.entities) definitions[id] = { ...(rootRefs(f.data, b) as object), title: id };
  const endpointMap: string[] = [];
  const aliases: string[] = [];
  // Endpoint parts as written (entity references kept), so an entity's named parts are declared once.
  for (const e of rawEndpoints(b)) {
    const base = pascal(e.id);
    const parts: Record<string, string> = {};
    const add = (suffix: string, schema: JsonSchema | undefined) => {
      if (!schema) return;
      const typed = rootRefs(schema, b) as JsonSchema;
      const whole = wholeEntity(typed);
      // A part that is an entity is that entity's type under the part's name, not a copy.
      if (whole) aliases.push(`export type ${base + suffix} = ${whole};`);
      else definitions[base + suffix] = { ...typed, title: base + suffix };
      parts[suffix] = base + suffix;
    };
    add('Params', e.params);
    add('Query', e.query);
    add('Body', e.body);
    const ok = Object.entries(e.responses).find(([s]) => s.startsWith('2'));
    if (ok?.[1].schema) add('Response', ok[1].schema);
    endpointMap.push(
      `  ${e.id}: { params: ${parts.Params ?? 'undefined'}; query: ${parts.Query ?? 'undefined'}; body: ${parts.Body ?? 'undefined'}; response: ${parts.Response ?? (ok ? bodyType(ok[1].contentType) : 'unknown')} };`,
    );
  }
  return `${BANNER}/* eslint-disable */\n${await typesOf(shareTitled(definitions))}\n${aliases.join('\n')}\n\n/** Request and response types of every endpoint, by endpoint id. */\nexport interface EndpointTypes {\n${endpointMap.join('\n')}\n}\n`;
}

/** TypeScript declarations of JSON Schema definitions, each type named by its definition's title. */
export function typesOf(definitions: Record<string, unknown>): Promise<string> {
  return memo('typesOf', definitions, () => compileTypes(definitions));
}

async function compileTypes(definitions: Record<string, unknown>): Promise<string> {
  const root = { title: 'SpecTypesRoot', type: 'object', additionalProperties: false, properties: {}, definitions };
  const ts = await compile(root as never, 'SpecTypesRoot', {
    bannerComment: '',
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    strictIndexSignatures: true,
    // minItems/maxItems are checked by the validators; as tuple unions they only bloat the types.
    ignoreMinAndMaxItems: true,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
  });
  return ts.replace(/export interface SpecTypesRoot \{\}\n?/, '');
}
