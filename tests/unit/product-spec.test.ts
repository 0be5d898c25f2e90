import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { productSpecChecks } from '../../scripts/product-spec-checks';
import { describeWithProductSpec, productSpecPath, readProductSpec, repositoryRoot } from '../support/product-spec';

describe('the product spec helper', () => {
  it('looks for the spec beside the repository, not at a fixed absolute place', () => {
    expect(productSpecPath).toBe(join(dirname(repositoryRoot), 'shared', 'spec', 'product-spec.md'));
    expect(existsSync(join(repositoryRoot, 'package.json'))).toBe(true);
  });

  it('names the expected place when the spec is missing', () => {
    const nowhere = join(repositoryRoot, 'no-such-folder', 'product-spec.md');
    expect(() => readProductSpec(nowhere)).toThrow(/product spec is missing: expected \.\.\/shared\/spec\/product-spec\.md beside the repository/);
    expect(() => readProductSpec(nowhere)).toThrow(nowhere);
  });
});

describeWithProductSpec('the product spec beside this repository', () => {
  it('is read', () => {
    expect(readProductSpec()).toMatch(/^## 2\./m);
  });
});

describe('whether npm test can run the spec-wording checks', () => {
  let folder: string;
  let clone: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'spec-checks-'));
    clone = join(folder, 'clone');
    mkdirSync(clone);
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('runs them where the spec sits beside the repository', () => {
    mkdirSync(join(folder, 'shared', 'spec'), { recursive: true });
    writeFileSync(join(folder, 'shared', 'spec', 'product-spec.md'), '## 2. Screens\n');
    expect(productSpecChecks(clone, {})).toEqual({ run: true });
    expect(productSpecChecks(clone, { REQUIRE_PRODUCT_SPEC: 'true' })).toEqual({ run: true });
  });

  it('in a plain clone, reports them as not run, naming the files and the missing spec', () => {
    const checks = productSpecChecks(clone, {});
    expect(checks).toMatchObject({ run: false, required: false });
    expect(!checks.run && checks.reason).toMatch(/\.\.\/shared\/spec\/product-spec\.md is not beside the repository/);
    expect(!checks.run && checks.reason).toContain('tests/unit/spec-sentences.test.ts');
  });

  it('fails where the spec is required (.ci/run sets REQUIRE_PRODUCT_SPEC)', () => {
    expect(productSpecChecks(clone, { REQUIRE_PRODUCT_SPEC: 'true' })).toMatchObject({ run: false, required: true });
  });
});
