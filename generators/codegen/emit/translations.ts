/** Emits src/generated/translations/<tag>.ts: the copy of one language other than the default, by kind. */
import type { Translation } from '@/generated/translations/types';
import { copyOf } from '../locales';
import type { EntityDoc, LoadedFile, SpecBundle } from '../model';
import { formDefinition } from './structure';
import { BANNER, literal } from './util';

/**
 * One language's copy, by kind of spec: the text of src/generated/translations/types.ts, written here once. The
 * generator reads its own output's type (Translation above, a type-only import that leaves no trace at run time), so
 * collecting a kind this text lacks, or in another shape, fails the type-check once generated.
 */
const TRANSLATION_TYPE = `/** One language's copy, by kind of spec (see generators/codegen/locales.ts). */
export interface Translation {
  errors: Record<string, { message?: string; title?: string; audiences?: Record<string, string> }>;
  enums: Record<string, Record<string, { label?: string; shortLabel?: string; description?: string }>>;
  routes: Record<string, { title?: string; description?: string }>;
  mail: Record<string, { subject?: string; text?: string; html?: string }>;
  content: Record<string, unknown>;
  flows: Record<string, unknown>;
  forms: Record<string, unknown>;
  /** constants marked \`copy\`, by name: their value in the language */
  constants: Record<string, unknown>;
}
`;

type Tree = Record<string, unknown>;

function segmentsOf(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A copy of a default-locale document with its copy replaced by a locale file's (same pointers). */
export function translatedDocument(base: unknown, copy: Map<string, string>): unknown {
  const doc = structuredClone(base) as Tree;
  for (const [pointer, text] of copy) {
    const path = segmentsOf(pointer);
    let node: unknown = doc;
    for (const segment of path.slice(0, -1)) node = (node as Tree)[segment];
    if (node && typeof node === 'object') (node as Tree)[path.at(-1)!] = text;
  }
  return doc;
}

/**
 * The option names of a built form's dropdowns (`ui:enumNames`, filled from a constant such as usStates): copy once
 * built, though in the form's own file they are a `$constant` reference, not words, so copyOf does not list them.
 */
function optionNamesOf(built: unknown, at = ''): [string, string][] {
  if (!built || typeof built !== 'object') return [];
  return Object.entries(built as Tree).flatMap(([key, value]): [string, string][] => {
    const here = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (key === 'ui:enumNames' && Array.isArray(value)) return value.map((name, i): [string, string] => [`${here}/${i}`, String(name)]);
    return optionNamesOf(value, here);
  });
}

/**
 * The copy of a form as a person reads it in a language: the form built as src/generated/forms builds it (fields
 * taken from entities, $constant values), from the language's form, entities and constants, then only its copy kept
 * (at the same places as in the default form, which is all that localizedDocument lays over it).
 */
function translatedForm(b: SpecBundle, id: string, files: { base: LoadedFile; copy: Map<string, string> }[]): unknown {
  const inLanguage = (f: LoadedFile) => {
    // By file: an entity's record and update entities (x-record) are read from its file and take its copy.
    const copy = files.find((t) => t.base.file === f.file)?.copy;
    return copy ? { ...f, data: translatedDocument(f.data, copy) } : f;
  };
  const entities = new Map([...b.entities].map(([name, f]) => [name, inLanguage(f) as LoadedFile<EntityDoc>]));
  // Constants marked `copy` (the self-pay label a form's field shows) in the language; the others as they are.
  const constants = { ...b.constants };
  for (const f of b.files.filter((c) => c.kind === 'constants'))
    Object.assign(constants, (inLanguage(f).data as { constants?: SpecBundle['constants'] }).constants);
  const forms = new Map([[id, inLanguage(b.forms.get(id)!) as NonNullable<ReturnType<SpecBundle['forms']['get']>>]]);
  const built = formDefinition({ ...b, entities, constants, forms }, id);
  const out: Tree = { id };
  for (const [at, text] of [...copyOf('form', built), ...optionNamesOf(built)]) {
    const path = segmentsOf(at);
    let node = out;
    for (const [i, segment] of path.slice(0, -1).entries())
      node = (node[segment] ??= typeof path[i + 1] === 'string' && /^\d+$/.test(path[i + 1]!) ? [] : {}) as Tree;
    node[path.at(-1)!] = text;
  }
  return out;
}

export function collectTranslation(b: SpecBundle, files: { base: LoadedFile; copy: Map<string, string> }[]): Translation {
  const t: Translation = { errors: {}, enums: {}, routes: {}, mail: {}, content: {}, flows: {}, forms: {}, constants: {} };
  for (const { base, copy } of files) {
    for (const [pointer, text] of copy) {
      const [head, name, a, b2] = segmentsOf(pointer);
      // Messages are emitted by area and language on their own (./message-areas.ts).
      if (base.kind === 'routes') (t.routes[name!] ??= {})[a as 'title'] = text;
      else if (base.kind === 'enums') ((t.enums[name!] ??= {})[a!] ??= {})[b2 as 'label'] = text;
      else if (base.kind === 'errors') {
        const e = (t.errors[name!] ??= {});
        if (a === 'audiences') (e.audiences ??= {})[b2!] = text;
        else e[a as 'message'] = text;
      } else if (base.kind === 'mail') (t.mail[(base.data as { id: string }).id] ??= {})[head as 'subject'] = text;
    }
    const id = (base.data as { id?: string }).id;
    if (id && base.kind === 'content') t.content[id] = translatedDocument(base.data, copy);
    if (id && base.kind === 'flow') t.flows[id] = translatedDocument(base.data, copy);
    if (base.kind === 'constants') {
      const translated = translatedDocument(base.data, copy) as { constants: Record<string, { value: unknown }> };
      for (const pointer of copy.keys()) {
        const name = segmentsOf(pointer)[1]!;
        t.constants[name] = translated.constants[name]!.value;
      }
    }
  }
  // Every form, translated or not: its fields' labels may come from translated entities and constants.
  for (const id of b.forms.keys()) t.forms[id] = translatedForm(b, id, files);
  return t;
}

export function emitTranslations(b: SpecBundle): Map<string, string> {
  const out = new Map<string, string>();
  const tags = [...b.translations.keys()];
  for (const [tag, files] of b.translations) {
    const t = collectTranslation(b, files);
    out.set(
      `translations/${tag}.ts`,
      `${BANNER}import type { Translation } from './types';\n\n/** The "${tag}" copy of every translated spec file; what is missing falls back to the default language. */\nexport const translation: Translation = ${literal(t)};\n`,
    );
  }
  out.set('translations/types.ts', `${BANNER}\n${TRANSLATION_TYPE}`);
  // The registry starts empty: a page loads its reader's language (loadTranslation), the server all of them
  // (translations/all.ts), so a page in one language never downloads another's copy.
  const name = (tag: string) => tag.replace(/-/g, '_');
  out.set(
    'translations/index.ts',
    `${BANNER}import type { Translation } from './types';\n\nexport type { Translation } from './types';\n\n` +
      `/** The languages other than the default whose copy is loaded, by tag: a page's own (loadTranslation), on the server all (./all). */\n` +
      `export const translations: Record<string, Translation> = {};\n\n` +
      `const loaders: Readonly<Record<string, () => Promise<{ translation: Translation }>>> = { ${tags.map((tag) => `${literal(tag)}: () => import('./${tag}')`).join(', ')} };\n\n` +
      `/** Loads a language's copy, once; the default language (and a tag without copy) has none to load. */\n` +
      `export async function loadTranslation(tag: string): Promise<void> {\n  const load = loaders[tag];\n  if (!load || translations[tag]) return;\n  translations[tag] = (await load()).translation;\n}\n`,
  );
  out.set(
    'translations/all.ts',
    `${BANNER}/** Every language's copy, loaded at once: imported by the server, which writes in each reader's language. */\n` +
      `import '../message-areas/all';\nimport { translations } from './index';\n${tags.map((tag) => `import { translation as ${name(tag)} } from './${tag}';`).join('\n')}\n\n` +
      `${tags.map((tag) => `translations[${literal(tag)}] = ${name(tag)};`).join('\n')}\n`,
  );
  return out;
}
