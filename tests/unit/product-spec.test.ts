import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { productSpecPath, readProductSpec, repositoryRoot } from '../support/product-spec';

describe('the product spec helper', () => {
  it('looks for the spec beside the repository, not at a fixed absolute place', () => {
    expect(productSpecPath).toBe(join(dirname(repositoryRoot), 'shared', 'spec', 'product-spec.md'));
    expect(existsSync(join(repositoryRoot, 'package.json'))).toBe(true);
  });

  it('reads the spec when it is there', () => {
    expect(readProductSpec()).toMatch(/^## 2\./m);
  });

  it('names the expected place when the spec is missing', () => {
    const nowhere = join(repositoryRoot, 'no-such-folder', 'product-spec.md');
    expect(() => readProductSpec(nowhere)).toThrow(/product spec is missing: expected \.\.\/shared\/spec\/product-spec\.md beside the repository/);
    expect(() => readProductSpec(nowhere)).toThrow(nowhere);
  });
});
