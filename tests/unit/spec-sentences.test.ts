/**
 * Every sentence the product spec quotes in §2 (screens), §5 (validation) and §8 (errors) is
 * written in specs/, word for word, and nowhere in hand-written code: src/ takes it from
 * src/generated, so a product owner changes it in one place.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describeWithProductSpec, readProductSpec, repositoryRoot } from '../support/product-spec';

const SECTIONS = ['2', '5', '8'];
const root = repositoryRoot;

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, keep);
    return keep(full) ? [full] : [];
  });
}

/** The text of the numbered sections ("## 5. Validation rules" up to the next "## "). */
function sections(markdown: string, numbers: readonly string[]): string {
  return markdown
    .split(/^(?=## )/m)
    .filter((part) => numbers.some((n) => part.startsWith(`## ${n}.`)))
    .join('\n');
}

/** Text in double quotes, then text in single quotes that are not apostrophes (user's, Something's). */
function quotedFragments(text: string): string[] {
  const doubles = [...text.matchAll(/"([^"\n]+)"/g)].map((m) => m[1]!);
  const rest = text.replace(/"[^"\n]+"/g, ' ');
  const singles = [...rest.matchAll(/(?<![\p{L}\p{N}])'([^'\n]+?)'(?![\p{L}\p{N}])/gu)].map((m) => m[1]!);
  return [...new Set([...doubles, ...singles])];
}

/** A sentence, as opposed to a single word the spec quotes ('required'): several words, or closing punctuation. */
/**
 * A sentence or a message, not a fragment of plain English: card-form parts such as 'not valid'
 * also occur in ordinary comments and test names, so lower-case two-word fragments are not counted.
 */
function isSentence(fragment: string): boolean {
  const text = fragment.trim();
  if (/[.!?]$/.test(text)) return true;
  const words = text.split(/\s+/).length;
  return words >= 3 || (words === 2 && /^[A-Z]/.test(text));
}

function stringsOf(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(stringsOf);
  if (node && typeof node === 'object') return Object.values(node).flatMap(stringsOf);
  return [];
}

/** The quoted fragments of §2, §5 and §8; a missing product spec fails every test with this message. */
function specFragments(): string[] {
  return quotedFragments(sections(readProductSpec(), SECTIONS));
}

describe('reading quotes', () => {
  it('tells apostrophes from single quotes', () => {
    expect(quotedFragments(`asks for the user's state; "Something's not right"; 'Invalid Email' / 'not valid'`)).toEqual([
      "Something's not right",
      'Invalid Email',
      'not valid',
    ]);
  });
});

// Skipped in a plain clone without the spec beside it (npm test's summary says so); run in CI, which requires it.
describeWithProductSpec('quoted sentences of the product spec', () => {
  it('finds the quoted sentences of §2, §5 and §8', () => {
    const fragments = specFragments();
    // §2 quotes the questionnaire copy, §5 the validation messages, §8 the error texts.
    expect(fragments).toEqual(expect.arrayContaining(['How old are they?', 'Please enter a valid date', 'Opps something went wrong.']));
  });

  it('writes each of them in specs/, word for word', () => {
    const fragments = specFragments();
    const specTexts = filesUnder(join(root, 'specs'), (p) => p.endsWith('.yaml')).flatMap((file) =>
      parseAllDocuments(readFileSync(file, 'utf8')).flatMap((doc) => stringsOf(doc.toJS())),
    );
    const missing = fragments.filter((fragment) => !specTexts.some((text) => text.includes(fragment)));
    expect(missing).toEqual([]);
  });

  it('writes none of the sentences in src/ outside src/generated', () => {
    const fragments = specFragments();
    const generated = join(root, 'src', 'generated');
    const sources = filesUnder(join(root, 'src'), (p) => !p.startsWith(generated) && /\.(ts|tsx|js|jsx|css|html)$/.test(p));
    const copies = sources.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return fragments.filter((f) => isSentence(f) && text.includes(f)).map((f) => `${relative(root, file)}: "${f}"`);
    });
    expect(copies).toEqual([]);
  });
});
