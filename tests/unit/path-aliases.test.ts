/** The path-alias codemod (scripts/codemods/path-aliases.ts): what it rewrites, what it leaves, and that a second run changes nothing. */
import { join } from 'node:path';
import { readAliases, rewrite } from '../../scripts/codemods/path-aliases';

const root = process.cwd();
const aliases = readAliases();
const file = join(root, 'src/server/routes/billing/index.ts');

describe('path-aliases codemod', () => {
  it('reads the aliases of tsconfig.json', () => {
    expect(aliases.map((a) => a.prefix).sort()).toEqual(['@/', '@tests/']);
  });

  it('writes imports that climb two folders or more through an alias, in every place a module is named', () => {
    const before = [
      "import { enums } from '../../../generated/enums';",
      "import type { Clock } from '../../clock';",
      "export { x } from '../../../domain/dates';",
      "const m = await import('../../../domain/money');",
      "jest.mock('../../../../tests/support/app');",
      "type T = import('../../../domain/names').Name;",
    ].join('\n');
    expect(rewrite(file, before, aliases)).toBe(
      [
        "import { enums } from '@/generated/enums';",
        "import type { Clock } from '@/server/clock';",
        "export { x } from '@/domain/dates';",
        "const m = await import('@/domain/money');",
        "jest.mock('@tests/support/app');",
        "type T = import('@/domain/names').Name;",
      ].join('\n'),
    );
  });

  it('leaves nearby imports, packages and paths outside the aliases as they are; a second run changes nothing', () => {
    const text = [
      "import { a } from './a';",
      "import { b } from '../registry';",
      "import Fastify from 'fastify';",
      "import { c } from '../../../../../outside';",
    ].join('\n');
    expect(rewrite(file, text, aliases)).toBe(text);
    const once = rewrite(file, "import { enums } from '../../../generated/enums';", aliases);
    expect(rewrite(file, once, aliases)).toBe(once);
  });
});
