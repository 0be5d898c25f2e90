/**
 * Which message keys a piece of the browser app can show, read from its source: the modules a screen (or the
 * shell, src/client/main.tsx) imports, followed through the project's own files (src/domain, src/client/ui, the
 * generated tables, another feature's modules alike), and the message keys written in them (a key as a string,
 * `prefix.${x}` or 'prefix.' + x standing for every key under the prefix). Sources are read by the TypeScript parser,
 * not by patterns: a template literal with `${…}` inside, a quote in a comment or a regular expression cannot hide the
 * keys that follow it (the date formatter's `dates.*` keys once went unseen that way). Used by
 * tests/unit/screen-messages.test.ts to hold every screen to the message files its route area loads.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
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

/** What one source says: the modules it imports (statically, lazily) and the string pieces it writes. */
interface Source {
  statics: string[];
  dynamics: string[];
  /** Each string written: `open` when a key is put together from it (`a.${x}`, 'a.' + x). */
  strings: { value: string; open: boolean }[];
}

function readSource(fileName: string, text: string): Omit<Source, 'statics' | 'dynamics'> & { statics: string[]; dynamics: string[] } {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const out = { statics: [] as string[], dynamics: [] as string[], strings: [] as { value: string; open: boolean }[] };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      // `import type …` brings nothing to the browser; the specifier itself is not a message.
      if (!node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) out.statics.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) out.statics.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [spec] = node.arguments;
      if (spec && ts.isStringLiteralLike(spec)) out.dynamics.push(spec.text);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.strings.push({ value: node.text, open: node.text.endsWith('.') });
    else if (ts.isTemplateExpression(node)) out.strings.push({ value: node.head.text, open: true });
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

const sourceCache = new Map<string, Source>();
function sourceOf(file: string): Source {
  let found = sourceCache.get(file);
  if (!found) {
    const read = readSource(file, readFileSync(file, 'utf8'));
    const resolve = (specs: string[]) => specs.map((s) => resolveImport(file, s)).filter((f): f is string => Boolean(f));
    found = { statics: resolve(read.statics), dynamics: resolve(read.dynamics), strings: read.strings };
    sourceCache.set(file, found);
  }
  return found;
}

/** The project files `entries` bring in: their static imports, and with `dynamic` their lazy imports too, transitively. */
export function moduleClosure(entries: readonly string[], options: { dynamic: boolean }): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || OTHER_SCREENS.test(file) || CATALOGUES.some((re) => re.test(file))) return;
    seen.add(file);
    const { statics, dynamics } = sourceOf(file);
    statics.forEach(visit);
    if (options.dynamic) dynamics.forEach(visit);
  };
  entries.map((e) => join(ROOT, e)).forEach(visit);
  return seen;
}

function keysOfStrings(strings: Source['strings'], keys: readonly string[], keySet: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const { value, open } of strings) {
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

/** The keys a source text names: whole keys, and every key under a prefix it builds a key from. */
export function keysNamedIn(text: string, keys: readonly string[], keySet: ReadonlySet<string>): Set<string> {
  return keysOfStrings(readSource('snippet.tsx', text).strings, keys, keySet);
}

/** Each key the files name, with the first file (relative to the repository) that names it. */
export function keysOfModules(files: Iterable<string>, keyToFile: ReadonlyMap<string, string>): Map<string, string> {
  const keys = [...keyToFile.keys()];
  const keySet = new Set(keys);
  const out = new Map<string, string>();
  for (const file of files) for (const key of keysOfStrings(sourceOf(file).strings, keys, keySet)) if (!out.has(key)) out.set(key, relative(ROOT, file));
  return out;
}
