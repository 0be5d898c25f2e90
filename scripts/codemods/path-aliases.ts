/**
 * Codemod: deep relative imports become path aliases (tsconfig.json's `paths`: `@/` is src/, `@tests/` is tests/).
 *
 *   npx tsx scripts/codemods/path-aliases.ts [--check] [files or folders...]   (default: src tests scripts generators)
 *
 * An import that climbs two folders or more (`../../domain/dates`) and lands under an alias's folder is
 * written through the alias (`@/domain/dates`); `./x` and `../x` (code nearby) stay as they are. Every
 * place a module is named is covered: import and export declarations, `import()`, `import type`,
 * `require()` and `jest.mock()` / `jest.requireActual()`. src/generated/ is left alone (the generator
 * writes it). Running it again changes nothing. `--check` lists what it would change and exits 1 if anything.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const root = resolve(process.env.PROJECT_ROOT ?? process.cwd());
const SKIP = new Set(['node_modules', 'dist', 'data', 'coverage', '.tmp']);
const GENERATED = join(root, 'src', 'generated') + sep;

export interface Alias {
  prefix: string;
  dir: string;
}

export function readAliases(): Alias[] {
  const { config, error } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const paths = (config.compilerOptions?.paths ?? {}) as Record<string, string[]>;
  return Object.entries(paths)
    .map(([alias, [target]]) => ({ prefix: alias.replace(/\*$/, ''), dir: resolve(root, target!.replace(/\*$/, '')) }))
    .sort((a, b) => b.dir.length - a.dir.length);
}

/** The aliased form of a specifier, or undefined when it stays as it is. */
export function aliased(fromFile: string, specifier: string, aliases: readonly Alias[]): string | undefined {
  if (!specifier.startsWith('../../')) return undefined;
  const target = resolve(dirname(fromFile), specifier);
  const alias = aliases.find((a) => target === a.dir || target.startsWith(a.dir + sep));
  if (!alias) return undefined;
  return alias.prefix + relative(alias.dir, target).split(sep).join('/');
}

function isModuleCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return true;
  if (ts.isIdentifier(callee)) return callee.text === 'require';
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'jest' &&
    ['mock', 'unmock', 'doMock', 'requireActual', 'requireMock', 'createMockFromModule'].includes(callee.name.text)
  );
}

/** The module-name string literals of a file. */
function specifiers(source: ts.SourceFile): ts.StringLiteralLike[] {
  const out: ts.StringLiteralLike[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      out.push(node.moduleSpecifier);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) out.push(node.argument.literal);
    else if (ts.isCallExpression(node) && isModuleCall(node) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) out.push(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The file's text with its deep relative imports aliased (the same text when there are none). */
export function rewrite(file: string, text: string, aliases: readonly Alias[]): string {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits = specifiers(source)
    .map((literal) => ({ literal, to: aliased(file, literal.text, aliases) }))
    .filter((e): e is { literal: ts.StringLiteralLike; to: string } => e.to !== undefined)
    .sort((a, b) => b.literal.getStart() - a.literal.getStart());
  let out = text;
  for (const { literal, to } of edits) {
    const quote = text[literal.getStart()]!;
    out = out.slice(0, literal.getStart()) + quote + to + quote + out.slice(literal.getEnd());
  }
  return out;
}

function listFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return /\.(ts|tsx|mts|cts)$/.test(path) && !path.endsWith('.d.ts') ? [path] : [];
  if ((path + sep).startsWith(GENERATED)) return [];
  return readdirSync(path)
    .filter((name) => !SKIP.has(name))
    .flatMap((name) => listFiles(join(path, name)));
}

function main(): void {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const targets = args.filter((a) => a !== '--check');
  const aliases = readAliases();
  const files = (targets.length ? targets : ['src', 'tests', 'scripts', 'generators']).flatMap((t) => listFiles(resolve(root, t)));
  const changed: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const next = rewrite(file, text, aliases);
    if (next === text) continue;
    changed.push(relative(root, file));
    if (!check) writeFileSync(file, next);
  }
  const verb = check ? 'would change' : 'changed';
  console.log(`path-aliases: ${changed.length} of ${files.length} files ${verb}${changed.length && check ? `:\n  ${changed.join('\n  ')}` : ''}`);
  if (check && changed.length) process.exit(1);
}

// Run as a script (tests import rewrite and aliased).
if (process.argv[1]?.endsWith(join('codemods', 'path-aliases.ts'))) main();
