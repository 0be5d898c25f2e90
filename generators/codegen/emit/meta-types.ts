/**
 * Types of spec files whose shape a meta-schema gives: content files with a `kind` (typed by
 * that kind's definition in specs/schema/content.schema.json) and flows (specs/schema/flow.schema.json).
 * Pages read landing copy, testimonials or carriers, and the runtime reads flows, through named
 * types (LandingPageContent, FlowDefinition...), so a missing field fails the type-check.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentDoc, SpecBundle } from '../model';
import { typesOf } from './typescript';
import { BANNER, doc, literal } from './util';

type Schema = Record<string, unknown>;

interface MetaSchema {
  title?: string;
  properties: Record<string, Schema>;
  definitions?: Record<string, Schema>;
}

function metaSchema(b: SpecBundle, file: string): MetaSchema {
  return JSON.parse(readFileSync(join(b.dir, 'schema', file), 'utf8')) as MetaSchema;
}

/** Definitions without a title (plain text, image paths, copy) are inlined so they do not become types of their own. */
function inlineUntitled(node: unknown, definitions: Record<string, Schema>): unknown {
  if (Array.isArray(node)) return node.map((n) => inlineUntitled(n, definitions));
  if (node === null || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Schema;
  const target = typeof $ref === 'string' ? definitions[$ref.replace('#/definitions/', '')] : undefined;
  if (target && !target.title) return { ...(inlineUntitled(target, definitions) as Schema), ...(inlineUntitled(rest, definitions) as Schema) };
  const out: Schema = $ref === undefined ? {} : { $ref };
  for (const [k, v] of Object.entries(rest)) out[k] = inlineUntitled(v, definitions);
  return out;
}

/** Type name of each content kind, e.g. landing-page -> LandingPageContent. */
export function contentTypeNames(b: SpecBundle): Record<string, string> {
  const meta = metaSchema(b, 'content.schema.json');
  const kinds = (meta.properties.kind as { enum: string[] }).enum;
  return Object.fromEntries(kinds.map((kind) => [kind, String(meta.definitions?.[kind]?.title)]));
}

export async function emitContentTypes(b: SpecBundle): Promise<string> {
  const meta = metaSchema(b, 'content.schema.json');
  const all = meta.definitions ?? {};
  const definitions = Object.fromEntries(
    Object.entries(all)
      .filter(([, s]) => s.title)
      .map(([name, s]) => [name, inlineUntitled(s, all)]),
  );
  return `${BANNER}/* eslint-disable */\n${await typesOf(definitions)}`;
}

export async function emitFlowTypes(b: SpecBundle): Promise<string> {
  const { definitions = {}, ...flow } = metaSchema(b, 'flow.schema.json') as MetaSchema & Schema;
  const { $id: _id, $schema: _schema, description: _about, ...shape } = flow;
  return `${BANNER}/* eslint-disable */\n${await typesOf({ FlowDefinition: inlineUntitled({ ...shape, title: 'FlowDefinition' }, definitions) })}`;
}

/** A data module; with a type name, typed by that type from the given module. */
export function emitTypedModule(data: unknown, description: string | undefined, type?: { name: string; from: string }): string {
  if (!type) return `${BANNER}\n${doc(description)}const data = ${literal(data)} as const;\n\nexport default data;\n`;
  return `${BANNER}import type { ${type.name} } from '${type.from}';\n\n${doc(description)}const data: ${type.name} = ${literal(data)};\n\nexport default data;\n`;
}

export function emitContentModule(f: ContentDoc, typeName: string | undefined): string {
  return emitTypedModule(f, f.description, typeName ? { name: typeName, from: '../content-types' } : undefined);
}
