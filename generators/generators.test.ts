/**
 * Runs every `npm run new` generator into a temporary copy of the project, regenerates, and
 * type-checks the result: a generator that writes broken code fails here, not in someone's hands.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();
let copy: string;

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { cwd: copy, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, FORCE_COLOR: '0' } });
}

function plop(...answers: string[]): string {
  return run('node', ['node_modules/plop/bin/plop.js', '--plopfile', 'generators/plopfile.js', '--dest', '.', ...answers]);
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'generators-'));
  for (const entry of ['specs', 'src', 'generators', 'scripts', 'tests', 'tsconfig.json', 'package.json']) {
    cpSync(join(root, entry), join(copy, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('npm run new', () => {
  it('adds a form, a screen showing it, a plain screen and an API resource that type-check together', () => {
    expect(plop('form', 'contact-details', 'Contact details', 'User', 'firstName,email', 'Continue')).not.toMatch(/✖/);
    expect(plop('screen', 'contact', 'ContactDetails', 'contactDetails', '/app/contact', 'Your contact details', 'anyone', 'contact-details', '/')).not.toMatch(
      /✖/,
    );
    expect(plop('screen', 'help', 'HelpCenter', 'helpCenter', '/app/help', 'Help center', 'anyone', '', '/')).not.toMatch(/✖/);
    expect(plop('api', 'referral-notes', 'Lists referral notes')).not.toMatch(/✖/);

    run('npx', ['tsx', 'generators/codegen/cli.ts', 'generate']);
    // Not incremental: the copy shares node_modules, where the project keeps its own tsc build info.
    run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json', '--incremental', 'false']);

    const routesTs = readFileSync(join(copy, 'src/generated/routes.ts'), 'utf8');
    expect(routesTs).toMatch(/id: 'contactDetails',[\s\S]*?registered: true/);
    expect(routesTs).toMatch(/id: 'helpCenter',[\s\S]*?registered: true/);
    expect(readFileSync(join(copy, 'src/generated/api.ts'), 'utf8')).toContain("path: '/referral-notes'");
    // One folder per resource: its routes, repository and test together; src/server/routes keeps only the registry.
    expect(readdirSync(join(copy, 'src/server/referral-notes')).sort()).toEqual(['referral-notes.int.test.ts', 'repository.ts', 'routes.ts']);
    expect(existsSync(join(copy, 'src/server/routes/referral-notes'))).toBe(false);
    expect(readFileSync(join(copy, 'src/server/routes/index.ts'), 'utf8')).toContain("from '../referral-notes/routes'");
    expect(readFileSync(join(copy, 'src/generated/client/screens.ts'), 'utf8')).toContain(
      "contactDetails: () => import('../../client/features/contact/ContactDetailsPage')",
    );
  }, 180_000);
});
