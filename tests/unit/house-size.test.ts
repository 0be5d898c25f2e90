/**
 * The house's size rules: no file under src/ over 400 lines (a file that long does several jobs: split it by
 * job), and few `as unknown as` casts (each one is a type the code does not know; type it instead). Generated
 * code (src/generated, written by `npm run generate`) and seed data (src/server/db/seed) are left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = process.cwd();
const MAX_LINES = 400;
const leftOut = ['src/generated/', 'src/server/db/seed/'];

/**
 * `as unknown as` left in src/: each is a stand-in for a type the code does not name yet (test doubles of
 * framework objects, a library typed for another major version). Must only go down, to 2.
 */
const MAX_UNKNOWN_CASTS = 1;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(join(root, 'src'))
  .map((path) => ({ path, name: relative(root, path).split(sep).join('/') }))
  .filter((f) => !leftOut.some((prefix) => f.name.startsWith(prefix)))
  .map((f) => ({ ...f, text: readFileSync(f.path, 'utf8') }));

/** Lines as an editor counts them (a last line break ends the last line, it does not start another). */
const lineCount = (text: string) => text.replace(/\n$/, '').split('\n').length;

/** The casts written in code, not a sentence of a comment that happens to use the words. */
function unknownCasts(text: string): number {
  return text.split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && /\bas unknown as\b/.test(line)).length;
}

describe('the size of the house', () => {
  it('reads the source files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.name === 'src/server/app.ts')).toBe(true);
  });

  it(`has no file in src/ over ${MAX_LINES} lines`, () => {
    const over = files.filter((f) => lineCount(f.text) > MAX_LINES).map((f) => `${f.name}: ${lineCount(f.text)} lines`);
    expect(over).toEqual([]);
  });

  it(`has at most ${MAX_UNKNOWN_CASTS} \`as unknown as\` casts in src/`, () => {
    const where = files.filter((f) => unknownCasts(f.text) > 0).map((f) => `${f.name}: ${unknownCasts(f.text)}`);
    const count = files.reduce((n, f) => n + unknownCasts(f.text), 0);
    // The list shows where they are when there are too many.
    expect({ tooMany: count > MAX_UNKNOWN_CASTS, where }).toEqual({ tooMany: false, where });
  });

  it('counts a cast in code and not the words in a comment', () => {
    expect(unknownCasts('const x = y as unknown as Z;\n// an id of another is as unknown as a missing one\n * as unknown as\n')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
  });
});
