/**
 * The product spec lives beside the project, not inside it: `../shared/spec/product-spec.md` from the
 * repository root (README, "Mental-health care marketplace..."). Tests that read it go through here, so
 * the place is written once and a missing spec fails with what to do instead of a bare ENOENT.
 * In a plain clone (no spec beside it) the tests that need it are skipped through `describeWithProductSpec`
 * and `npm test` says so in its summary (scripts/product-spec-checks.ts); where the spec is required
 * (REQUIRE_PRODUCT_SPEC, .ci/run) they run and fail.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { productSpecChecks, productSpecPathOf } from '../../scripts/product-spec-checks';

/** The repository root: this file is tests/support/product-spec.ts. */
export const repositoryRoot = resolve(__dirname, '..', '..');

/** Where the product spec is expected, resolved from the repository root. */
export const productSpecPath = productSpecPathOf(repositoryRoot);

const checks = productSpecChecks(repositoryRoot);

/** `describe` where the spec can be read or is required, `describe.skip` in a plain clone. */
export const describeWithProductSpec: jest.Describe = checks.run || checks.required ? describe : describe.skip;

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
