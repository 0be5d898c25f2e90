/**
 * Emits src/generated/message-areas/: the message texts by area and language, so a page loads only the messages its
 * screen shows, in its reader's language. An area is a message file (specs/messages.yaml is `common`,
 * specs/messages/<name>.yaml is `<name>`); the file's `screens` names the route areas (specs/routes.yaml `area`)
 * whose screens load it in the browser, `every` for every screen; a file without `screens` is read by the server
 * only (mail, PDFs, jobs). The server and the tests load every area (./all).
 */
import type { SpecBundle } from '../model';
import type { SpecProblem } from '../problems';
import { BANNER, literal, quote } from './util';

export const EVERY_SCREEN = 'every';

interface MessageArea {
  name: string;
  file: string;
  keys: string[];
  screens: string[];
}

interface MessagesFile {
  messages?: Record<string, unknown>;
  screens?: string[];
}

/** The areas, in the order of the spec files. */
export function messageAreas(b: SpecBundle): MessageArea[] {
  return b.files
    .filter((f) => f.kind === 'messages')
    .map((f) => {
      const data = f.data as MessagesFile;
      const name = f.file === 'specs/messages.yaml' ? 'common' : f.file.replace(/^specs\/messages\//, '').replace(/\.yaml$/, '');
      return { name, file: f.file, keys: Object.keys(data.messages ?? {}), screens: data.screens ?? [] };
    });
}

/** A `screens` entry that names no route area (and is not `every`) is a mistake: its screens would not load the file. */
export function messageAreaProblems(b: Pick<SpecBundle, 'files' | 'routes'>): SpecProblem[] {
  const areas = new Set(b.routes.map((r) => r.area));
  return b.files
    .filter((f) => f.kind === 'messages')
    .flatMap((f) =>
      ((f.data as MessagesFile).screens ?? []).flatMap((screen, i) =>
        screen === EVERY_SCREEN || areas.has(screen)
          ? []
          : [
              {
                file: f.file,
                path: `/screens/${i}`,
                line: f.lineOf(`/screens/${i}`),
                message: `"${screen}" is not a route area of specs/routes.yaml (nor "${EVERY_SCREEN}")`,
              },
            ],
      ),
    );
}

export function emitMessageAreas(b: SpecBundle): Map<string, string> {
  const out = new Map<string, string>();
  const defaultTag = String(b.constants.defaultLocale?.value ?? 'en-US');
  const tags = [defaultTag, ...b.translations.keys()];
  const areas = messageAreas(b);
  const copyOf = (tag: string): Map<string, string> => {
    const texts = new Map<string, string>();
    if (tag === defaultTag) for (const [k, m] of Object.entries(b.messages)) texts.set(k, m.text);
    else
      for (const { base, copy } of b.translations.get(tag) ?? [])
        if (base.kind === 'messages') for (const [pointer, text] of copy) texts.set(pointer.split('/')[2]!.replace(/~1/g, '/').replace(/~0/g, '~'), text);
    return texts;
  };
  for (const tag of tags) {
    const texts = copyOf(tag);
    for (const area of areas) {
      const table = Object.fromEntries(area.keys.filter((k) => texts.has(k)).map((k) => [k, texts.get(k)!]));
      out.set(
        `message-areas/${area.name}.${tag}.ts`,
        `${BANNER}import { addMessages } from './registry';\n\n/** The "${tag}" texts of ${area.file}. */\naddMessages(${quote(tag)}, ${literal(table)});\n`,
      );
    }
  }
  out.set(
    'message-areas/registry.ts',
    `${BANNER}\n/** The message texts loaded so far, by language and key: a page's own areas (./index), on the server all (./all). */\n` +
      `export const messageTexts: Record<string, Record<string, string>> = {};\n\n` +
      `/** Adds texts of a language (each area's module calls it once loaded, and again when npm run dev changes it). */\n` +
      `export function addMessages(locale: string, texts: Readonly<Record<string, string>>): void {\n  Object.assign((messageTexts[locale] ??= {}), texts);\n}\n`,
  );
  const routeAreas = [...new Set(b.routes.map((r) => r.area))].sort();
  const every = areas.filter((a) => a.screens.includes(EVERY_SCREEN)).map((a) => a.name);
  const byScreen = Object.fromEntries([
    [EVERY_SCREEN, every],
    ...routeAreas.map((r) => [r, areas.filter((a) => a.screens.includes(EVERY_SCREEN) || a.screens.includes(r)).map((a) => a.name)]),
  ]);
  const inBrowser = areas.filter((a) => a.screens.length > 0);
  const loaders = inBrowser.flatMap((a) => tags.map((tag) => `  ${quote(`${a.name}.${tag}`)}: () => import('./${a.name}.${tag}'),`));
  out.set(
    'message-areas/index.ts',
    `${BANNER}export { messageTexts } from './registry';\n\n` +
      `/** The message areas the screens of each route area load (their files' \`screens\`), "${EVERY_SCREEN}" being what every screen loads. */\n` +
      `export const messageAreasOfScreens: Readonly<Record<string, readonly string[]>> = ${literal(byScreen)};\n\n` +
      `const DEFAULT_TAG = ${quote(defaultTag)};\n\n` +
      `const loaders: Readonly<Record<string, () => Promise<unknown>>> = {\n${loaders.join('\n')}\n};\n\n` +
      `const loading = new Map<string, Promise<unknown>>();\n\n` +
      `/** The module of an area in a language (the default language's when it has none in that one), as the build names it. */\n` +
      `export function messageAreaModule(area: string, locale: string): string {\n  return \`src/generated/message-areas/\${area}.\${loaders[\`\${area}.\${locale}\`] ? locale : DEFAULT_TAG}.ts\`;\n}\n\n` +
      `/** Loads, once each, the messages the screens of a route area show, in a language. */\n` +
      `export async function loadMessages(locale: string, screenArea: string): Promise<void> {\n` +
      `  const areas = messageAreasOfScreens[screenArea] ?? messageAreasOfScreens[${quote(EVERY_SCREEN)}] ?? [];\n` +
      `  await Promise.all(\n    areas.map((area) => {\n      const id = loaders[\`\${area}.\${locale}\`] ? \`\${area}.\${locale}\` : \`\${area}.\${DEFAULT_TAG}\`;\n` +
      `      let done = loading.get(id);\n      if (!done) {\n        done = loaders[id]?.() ?? Promise.resolve();\n        loading.set(id, done);\n      }\n      return done;\n    }),\n  );\n}\n`,
  );
  out.set(
    'message-areas/all.ts',
    `${BANNER}/** Every area's messages in every language, loaded at once: imported by the server, its renderer and the tests. */\n` +
      tags.flatMap((tag) => areas.map((a) => `import './${a.name}.${tag}';`)).join('\n') +
      '\n',
  );
  return out;
}
