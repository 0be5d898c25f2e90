/**
 * TypeScript types for entities and endpoint parts, through json-schema-to-typescript. All
 * schemas go through one compile as definitions of one root, so a shared piece is named once
 * (no Point1, Point2 duplicates).
 */
import { compile } from 'json-schema-to-typescript';
import type { JsonSchema, SpecBundle } from '../model';
import { constantValue } from '../deref';
import { allEndpoints } from './structure';
import { BANNER, pascal } from './util';

/** Rewrites entity refs ("Patient", "Patient#/properties/x") to refs into the root's definitions. */
function rootRefs(node: unknown, b: Pick<SpecBundle, 'enums' | 'constants'>, isPropertyMap = false): unknown {
  const { enums } = b;
  if (Array.isArray(node)) return node.map((n) => rootRefs(n, b));
  if (node === null || typeof node !== 'object') return node;
  if (typeof (node as Record<string, unknown>).$constant === 'string') return constantValue(node as Record<string, unknown>, b.constants);
  const ref = (node as Record<string, unknown>).$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) {
    // Keywords beside a $ref (a label, one more rule) do not change the TypeScript type; keeping
    // them would make json-schema-to-typescript declare a copy (DateOfBirth1, DateOfBirth2...).
    const [name, fragment = ''] = ref.split('#');
    return { $ref: `#/definitions/${name}${fragment}` };
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

export async function emitEntityTypes(b: SpecBundle): Promise<string> {
  const definitions: Record<string, unknown> = {};
  for (const [id, f] of b.entities) definitions[id] = { ...(rootRefs(f.data, b) as object), title: id };
  const endpointMap: string[] = [];
  for (const e of allEndpoints(b)) {
    const base = pascal(e.id);
    const parts: Record<string, string> = {};
    const add = (suffix: string, schema: JsonSchema | undefined) => {
      if (!schema) return;
      definitions[base + suffix] = { ...(rootRefs(schema, b) as object), title: base + suffix };
      parts[suffix] = base + suffix;
    };
    add('Params', e.params);
    add('Query', e.query);
    add('Body', e.body);
    const ok = Object.entries(e.responses).find(([s]) => s.startsWith('2'));
    if (ok?.[1].schema) add('Response', ok[1].schema);
    endpointMap.push(
      `  ${e.id}: { params: ${parts.Params ?? 'undefined'}; query: ${parts.Query ?? 'undefined'}; body: ${parts.Body ?? 'undefined'}; response: ${parts.Response ?? (ok ? 'void' : 'unknown')} };`,
    );
  }
  return `${BANNER}/* eslint-disable */\n${await typesOf(definitions)}\n/** Request and response types of every endpoint, by endpoint id. */\nexport interface EndpointTypes {\n${endpointMap.join('\n')}\n}\n`;
}

/** TypeScript declarations of JSON Schema definitions, each type named by its definition's title. */
export async function typesOf(definitions: Record<string, unknown>): Promise<string> {
  const root = { title: 'SpecTypesRoot', type: 'object', additionalProperties: false, properties: {}, definitions };
  const ts = await compile(root as never, 'SpecTypesRoot', {
    bannerComment: '',
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    strictIndexSignatures: true,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
  });
  return ts.replace(/export interface SpecTypesRoot \{\}\n?/, '');
}
