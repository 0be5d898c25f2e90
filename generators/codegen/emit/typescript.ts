/**
 * TypeScript types for entities and endpoint parts, through json-schema-to-typescript. All
 * schemas go through one compile as definitions of one root, so a shared piece is named once
 * (no Point1, Point2 duplicates).
 */
import { compile } from 'json-schema-to-typescript';
import type { JsonSchema, SpecBundle } from '../model';
import { allEndpoints } from './structure';
import { BANNER, pascal } from './util';

/** Rewrites entity refs ("Patient", "Patient#/properties/x") to refs into the root's definitions. */
function rootRefs(node: unknown, enums: SpecBundle['enums'], isPropertyMap = false): unknown {
  if (Array.isArray(node)) return node.map((n) => rootRefs(n, enums));
  if (node === null || typeof node !== 'object') return node;
  if (typeof (node as Record<string, unknown>).$constant === 'string') return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k === '$ref' && typeof v === 'string' && !v.startsWith('#')) {
      const [name, fragment = ''] = v.split('#');
      out[k] = `#/definitions/${name}${fragment}`;
    } else if (k === 'x-enum' && typeof v === 'string') {
      const values = enums[v]?.values.map((e) => e.value) ?? [];
      if ((node as Record<string, unknown>).type === 'array') out.items = { type: 'string', enum: values };
      else out.enum = values;
    } else if (k === 'x-messages' || k === '$id') {
      continue;
    } else if (k === 'title' && !isPropertyMap && (node as Record<string, unknown>).type !== 'object') {
      // A titled string would become a named alias (type FirstName = string); keep it as a comment.
      if (!('description' in (node as object))) out.description = v;
    } else {
      // Under "properties" the keys are field names (a field may be called "title"), not keywords.
      out[k] = rootRefs(v, enums, k === 'properties' && !isPropertyMap);
    }
  }
  return out;
}

export async function emitEntityTypes(b: SpecBundle): Promise<string> {
  const definitions: Record<string, unknown> = {};
  for (const [id, f] of b.entities) definitions[id] = { ...(rootRefs(f.data, b.enums) as object), title: id };
  const endpointMap: string[] = [];
  for (const e of allEndpoints(b)) {
    const base = pascal(e.id);
    const parts: Record<string, string> = {};
    const add = (suffix: string, schema: JsonSchema | undefined) => {
      if (!schema) return;
      definitions[base + suffix] = { ...(rootRefs(schema, b.enums) as object), title: base + suffix };
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
  const withoutRoot = ts.replace(/export interface SpecTypesRoot \{\}\n?/, '');
  return `${BANNER}/* eslint-disable */\n${withoutRoot}\n/** Request and response types of every endpoint, by endpoint id. */\nexport interface EndpointTypes {\n${endpointMap.join('\n')}\n}\n`;
}
