/**
 * Typed content: a content file with a `kind` is typed by that kind's definition in
 * specs/schema/content.schema.json, so pages read landing copy, testimonials or carriers through
 * named types (LandingPageContent, Testimonial...) and a missing field fails the type-check.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import type { ContentDoc, SpecBundle } from '../model';
import { BANNER, doc, literal } from './util';

type Schema = Record<string, unknown>;

interface ContentMetaSchema {
  properties: { kind: { enum: string[] } };
  definitions: Record<string, Schema>;
}

function contentMeta(b: SpecBundle): ContentMetaSchema {
  return JSON.parse(readFileSync(join(b.dir, 'schema', 'content.schema.json'), 'utf8')) as ContentMetaSchema;
}

/** Definitions without a title (plain text, image paths) are inlined so they do not become types of their own. */
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
  const meta = contentMeta(b);
  return Object.fromEntries(meta.properties.kind.enum.map((kind) => [kind, String(meta.definitions[kind]?.title)]));
}

export async function emitContentTypes(b: SpecBundle): Promise<string> {
  const meta = contentMeta(b);
  const definitions: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(meta.definitions)) {
    if (schema.title) definitions[name] = inlineUntitled(schema, meta.definitions);
  }
  const root = { title: 'ContentTypesRoot', type: 'object', additionalProperties: false, properties: {}, definitions };
  const ts = await compile(root as never, 'ContentTypesRoot', {
    bannerComment: '',
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    strictIndexSignatures: true,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
  });
  return `${BANNER}/* eslint-disable */\n${ts.replace(/export interface ContentTypesRoot \{\}\n?/, '')}`;
}

export function emitContentModule(f: ContentDoc, typeName: string | undefined): string {
  if (!typeName) return `${BANNER}\n${doc(f.description)}const data = ${literal(f)} as const;\n\nexport default data;\n`;
  return `${BANNER}import type { ${typeName} } from '../content-types';\n\n${doc(f.description)}const data: ${typeName} = ${literal(f)};\n\nexport default data;\n`;
}
