/**
 * The product spec lives beside the project, not inside it: `../shared/spec/product-spec.md` from the
 * repository root (README, "Mental-health care marketplace..."). Tests that read it go through here, so
 * the place is written once and a missing spec fails with what to do instead of a bare ENOENT.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root: this file is tests/support/product-spec.ts. */
export const repositoryRoot = resolve(__dirname, '..', '..');

/** Where the product spec is expected, resolved from the repository root. */
export const productSpecPath = resolve(repositoryRoot, '..', 'shared', 'spec', 'product-spec.md');

/** The product spec's Markdown (`path` only for testing this helper); throws a message naming the expected place when it is missing. */
export function readProductSpec(path: string = productSpecPath): string {
  if (!existsSync(path)) {
    throw new Error(
      `The product spec is missing: expected ${join('..', 'shared', 'spec', 'product-spec.md')} beside the repository ` +
        `(${path}). Tests that check the code against the spec's wording need it: put the shared spec folder next to this repository.`,
    );
  }
  return readFileSync(path, 'utf8');
}
