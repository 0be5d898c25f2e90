/** Turns a SpecBundle into the files of src/generated/, and writes or compares them. */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { SpecBundle } from './model';
import type { SpecKind } from './kinds';
import { memo } from './memo';
import { textsKey } from './semantics';
import { emitConstants, emitEnums, emitErrors, emitMessages } from './emit/data';
import { emitApi, emitForm, emitFormIndex, formDefinition, emitRoutes, emitScreens, emitTypes } from './emit/structure';
import { emitEntityTypes } from './emit/typescript';
import { contentTypeNames, emitContentModule, emitContentTypes, emitFlowTypes, emitTypedModule } from './emit/meta-types';
import { emitApiClient, emitApiHooks, emitFlags } from './emit/client';
import { emitFormValidators } from './emit/validators';
import { emitTranslations } from './emit/translations';
import { emitMessageAreas } from './emit/message-areas';
import { BANNER, literal, quote, union } from './emit/util';
import { emitDatabaseTypes } from './emit/database';
import { emitRecords } from './records';

export type GeneratedFiles = Map<string, string>;

function emitCollection(dir: string, ids: string[]): string {
  return `${BANNER}\nexport type ${dir === 'content' ? 'ContentId' : dir === 'flows' ? 'FlowId' : 'MailId'} = ${union(ids)};\n\nexport const loaders = {\n${ids
    .map((id) => `  ${quote(id)}: () => import('./${id}').then((m) => m.default),`)
    .join('\n')}\n} as const;\n`;
}

/** Every kind but messages: only messages.ts reads the message texts (the rest name message keys). */
const STRUCTURE: readonly SpecKind[] = ['constants', 'enums', 'errors', 'routes', 'entity', 'form', 'api', 'content', 'flags', 'flow', 'mail'];

export async function buildGeneratedFiles(b: SpecBundle, root: string): Promise<GeneratedFiles> {
  const out: GeneratedFiles = new Map();
  // The slow files are written again only when a spec they read changed (npm run dev: a message edit
  // redoes messages.ts alone). Routes and screens also read which screen files exist: always written.
  const structure = textsKey(b, STRUCTURE);
  const once = <T>(file: string, make: () => T): T => memo('emitted', `${structure}\n${file}`, make);
  out.set('types.ts', emitTypes(b));
  for (const [path, text] of emitConstants(b)) out.set(path, text);
  for (const [path, text] of emitEnums(b)) out.set(path, text);
  out.set(
    'messages.ts',
    memo('emitted', `${textsKey(b, ['messages'])}\nmessages.ts`, () => emitMessages(b)),
  );
  out.set('errors.ts', emitErrors(b));
  out.set('routes.ts', emitRoutes(b, root));
  out.set(
    'api.ts',
    once('api.ts', () => emitApi(b)),
  );
  out.set('records.ts', emitRecords(b));
  out.set('entities.ts', await once('entities.ts', () => emitEntityTypes(b)));
  out.set('client/screens.ts', emitScreens(b, root));
  out.set(
    'client/api.ts',
    once('client/api.ts', () => emitApiClient(b)),
  );
  out.set(
    'client/hooks.ts',
    once('client/hooks.ts', () => emitApiHooks(b)),
  );
  for (const id of b.forms.keys()) {
    out.set(
      `forms/${id}.ts`,
      once(`forms/${id}.ts`, () => emitForm(b, id)),
    );
    out.set(
      `validators/${id}.ts`,
      once(`validators/${id}.ts`, () => emitFormValidators(formDefinition(b, id).schema, '../../domain/validation/standalone-runtime')),
    );
  }
  out.set('forms/index.ts', emitFormIndex(b));
  const contentTypes = contentTypeNames(b);
  for (const [id, f] of b.content)
    out.set(`content/${id}.ts`, emitContentModule(f.data, typeof f.data.kind === 'string' ? contentTypes[f.data.kind] : undefined));
  if (b.content.size) out.set('content/index.ts', emitCollection('content', [...b.content.keys()]));
  out.set('content-types.ts', await emitContentTypes(b));
  for (const [id, f] of b.flows) out.set(`flows/${id}.ts`, emitTypedModule(f.data, f.data.description, { name: 'FlowDefinition', from: '../flow-types' }));
  if (b.flows.size) out.set('flows/index.ts', emitCollection('flows', [...b.flows.keys()]));
  out.set('flow-types.ts', await emitFlowTypes(b));
  if (b.mail.size) {
    const templates = Object.fromEntries([...b.mail].map(([id, f]) => [id, f.data]));
    out.set('mail.ts', `${BANNER}\nexport const mailTemplates = ${literal(templates)} as const;\n\nexport type MailTemplateId = keyof typeof mailTemplates;\n`);
  }
  if (b.flags) out.set('flags.ts', emitFlags(b.flags));
  for (const [path, text] of emitTranslations(b)) out.set(path, text);
  out.set('database.ts', await emitDatabaseTypes(root));
  for (const [path, text] of emitMessageAreas(b)) out.set(path, text);
  return out;
}

function listFiles(dir: string, root = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, root) : [relative(root, full).split(sep).join('/')];
  });
}

export function writeGenerated(outDir: string, files: GeneratedFiles): { written: string[]; removed: string[] } {
  const written: string[] = [];
  for (const [path, content] of files) {
    const full = join(outDir, path);
    if (existsSync(full) && readFileSync(full, 'utf8') === content) continue;
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    written.push(path);
  }
  const removed = listFiles(outDir).filter((p) => !files.has(p));
  for (const p of removed) rmSync(join(outDir, p));
  return { written, removed };
}

/** Files whose committed content differs from what generation would write. */
export function diffGenerated(outDir: string, files: GeneratedFiles): string[] {
  const stale: string[] = [];
  for (const [path, content] of files) {
    const full = join(outDir, path);
    if (!existsSync(full)) stale.push(`${path} (missing)`);
    else if (readFileSync(full, 'utf8') !== content) stale.push(`${path} (differs)`);
  }
  for (const p of listFiles(outDir)) if (!files.has(p)) stale.push(`${p} (no longer generated)`);
  return stale;
}
