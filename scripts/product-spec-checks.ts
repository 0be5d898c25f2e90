/**
 * The checks of the code against the product spec's wording (tests/unit/spec-sentences.test.ts and the
 * spec-reading test of tests/unit/product-spec.test.ts) need the spec document, which lives beside the
 * repository (`../shared/spec/product-spec.md`), not in it. Where it sits (CI, the team's machines) they run; in a plain
 * clone they are reported as not run, in one line of `npm test`'s summary, and everything else runs.
 * `.ci/run` sets REQUIRE_PRODUCT_SPEC=true: there a missing spec fails the run instead.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The test files that read the product spec (named in the summary line when they cannot run). */
export const productSpecTestFiles = ['tests/unit/spec-sentences.test.ts', 'tests/unit/product-spec.test.ts'] as const;

/** Where the product spec is expected for a repository at `root`. */
export function productSpecPathOf(root: string): string {
  return resolve(root, '..', 'shared', 'spec', 'product-spec.md');
}

export type ProductSpecChecks =
  | { run: true }
  /** not run: the spec is missing and nobody asked for it (a plain clone) */
  | { run: false; required: false; reason: string }
  /** the spec is missing where it is required (CI): the run fails */
  | { run: false; required: true; reason: string };

/** Whether the spec-wording checks can run for the repository at `root`; `env` says whether they are required (REQUIRE_PRODUCT_SPEC). */
export function productSpecChecks(root: string, env: Record<string, string | undefined> = process.env): ProductSpecChecks {
  const path = productSpecPathOf(root);
  if (existsSync(path)) return { run: true };
  const required = env.REQUIRE_PRODUCT_SPEC === 'true' || env.REQUIRE_PRODUCT_SPEC === '1';
  const where = `../shared/spec/product-spec.md is not beside the repository (${path})`;
  return required
    ? { run: false, required: true, reason: `${where}, and REQUIRE_PRODUCT_SPEC asks for it (.ci/run): put the shared spec folder next to the repository` }
    : { run: false, required: false, reason: `${where}: ${productSpecTestFiles.join(', ')} check the code against its wording only where it is` };
}
