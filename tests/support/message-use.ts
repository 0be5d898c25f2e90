/**
 * Which message keys a piece of the browser app can show, read from its source: the modules a screen (or the
 * shell, src/client/main.tsx) imports, followed through the project's own files, and the message keys written in
 * them (a key as a string, `prefix.${x}` or 'prefix.' + x standing for every key under the prefix). Used by
 * tests/unit/screen-messages.test.ts to hold every screen to the message files its route area loads.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse } from 'yaml';

const ROOT = process.cwd();
const SRC = join(ROOT, 'src');

/** Generated tables that hold every key (or every language's copy): the catalogue itself, not a use of it. */
const CATALOGUES = [/src\/generated\/messages\.ts$/, /src\/generated\/message-areas\//, /src\/generated\/translations\//];
/** Not followed: the screens of other routes (a screen preloads the next step's), which load their own messages. */
const OTHER_SCREENS = /src\/generated\/client\/screens\.ts$/;

/** The message file (its area: `common` for specs/messages.yaml, else the file's name) of every key. */
export function messageFileOfKey(): Map<string, string> {
  const out = new Map<string, string>();
  const read = (path: string, area: string) => {
    const doc = parse(readFileSync(path, 'utf8')) as { messages?: Record<string, unknown> };
    for (const key of Object.keys(doc.messages ?? {})) out.set(key, area);
  };
  read(join(ROOT, 'specs', 'messages.yaml'), 'common');
  const dir = join(ROOT, 'specs', 'messages');
  for (const f of readdirSync(dir).sort()) if (/^[^.]+\.yaml$/.test(f)) read(join(dir, f), f.replace(/\.yaml$/, ''));
  return out;
}

function resolveImport(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = join(SRC, spec.slice(2));
  else if (spec.startsWith('.')) base = join(dirname(from), spec);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

const STATIC_IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Imports {
  statics: string[];
  dynamics: string[];
}

const importsCache = new Map<string, Imports>();
function importsOf(file: string): Imports {
  let found = importsCache.get(file);
  if (!found) {
    const text = readFileSync(file, 'utf8');
    const pick = (re: RegExp) => [...text.matchAll(re)].map((m) => resolveImport(file, m[1]!)).filter((f): f is string => Boolean(f));
    found = { statics: pick(STATIC_IMPORT), dynamics: pick(DYNAMIC_IMPORT) };
    importsCache.set(file, found);
  }
  return found;
}

/** The project files `entries` bring in: their static imports, and with `dynamic` their lazy imports too, transitively. */
export function moduleClosure(entries: readonly string[], options: { dynamic: boolean }): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || OTHER_SCREENS.test(file) || CATALOGUES.some((re) => re.test(file))) return;
    seen.add(file);
    const { statics, dynamics } = importsOf(file);
    statics.forEach(visit);
    if (options.dynamic) dynamics.forEach(visit);
  };
  entries.map((e) => join(ROOT, e)).forEach(visit);
  return seen;
}

const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.|\$(?!\{))*)(\$\{|`)/g;

/** The keys a source text names: whole keys, and every key under a prefix it builds a key from. */
export function keysNamedIn(text: string, keys: readonly string[], keySet: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(LITERAL)) {
    const value = m[1] ?? m[2] ?? m[3] ?? '';
    const open = m[4] === '${' || (m[1] ?? m[2] ?? '').endsWith('.');
    if (!open) {
      if (keySet.has(value)) out.add(value);
      continue;
    }
    // A key put together: `ui.care.status.${x}`, or 'ui.care.status.' + x; at least the first dot written.
    if (!value.includes('.')) continue;
    for (const key of keys) if (key.startsWith(value)) out.add(key);
  }
  return out;
}

/** Each key the files name, with the first file (relative to the repository) that names it. */
export function keysOfModules(files: Iterable<string>, keyToFile: ReadonlyMap<string, string>): Map<string, string> {
  const keys = [...keyToFile.keys()];
  const keySet = new Set(keys);
  const out = new Map<string, string>();
  for (const file of files) for (const key of keysNamedIn(readFileSync(file, 'utf8'), keys, keySet)) if (!out.has(key)) out.set(key, relative(ROOT, file));
  return out;
}
