/**
 * `npm test`: every check, in order, with a pass/fail line for each and a summary at the end.
 * Nothing is skipped silently: a step that cannot run says why and counts as failed, except the
 * PostgreSQL pass, which runs only when TEST_DATABASE_URL names a server and says so when it does not.
 */
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** reason to not run; the step is reported as skipped with this reason */
  skip?: string;
  /** names of steps that must pass first */
  needs?: string[];
}

const jest = ['node', '--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];
const pgUrl = process.env.TEST_DATABASE_URL;
const only = process.argv.slice(2);

const steps: Step[] = [
  { name: 'lockfile', command: ['node', 'scripts/complete-lockfile.mjs', '--check'] },
  { name: 'type-check', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: ['npx', 'eslint', '--max-warnings', '0', '.'] },
  { name: 'spec validation', command: ['npx', 'tsx', 'generators/codegen/cli.ts', 'validate'] },
  { name: 'generated-code drift', command: ['npx', 'tsx', 'generators/codegen/cli.ts', 'check'], needs: ['spec validation'] },
  { name: 'unit + component tests', command: [...jest, '--selectProjects', 'unit', 'client'] },
  { name: 'integration tests (PGlite)', command: [...jest, '--selectProjects', 'integration'], env: { TEST_DB: 'pglite' } },
  {
    name: 'integration tests (PostgreSQL)',
    command: [...jest, '--selectProjects', 'integration'],
    env: { TEST_DB: 'postgres' },
    skip: pgUrl ? undefined : 'TEST_DATABASE_URL is not set (CI sets it; e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test)',
  },
  { name: 'build', command: ['npx', 'vite', 'build', '--logLevel', 'warn'], needs: ['generated-code drift'] },
  { name: 'build (server renderer)', command: ['npx', 'vite', 'build', '--ssr', 'src/client/entry-server.tsx', '--outDir', 'dist/ssr', '--logLevel', 'warn'], needs: ['build'] },
  { name: 'browser end-to-end tests', command: [...jest, '-c', 'jest.e2e.config.cjs'], needs: ['build (server renderer)'] },
];

type Outcome = 'passed' | 'failed' | 'skipped' | 'not run';

function run(step: Step): Promise<boolean> {
  return new Promise((resolve) => {
    const [cmd, ...args] = step.command as [string, ...string[]];
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
    child.on('exit', (code, signal) => resolve(code === 0 && !signal));
    child.on('error', () => resolve(false));
  });
}

async function main(): Promise<void> {
  const results: { name: string; outcome: Outcome; seconds: number; note?: string }[] = [];
  const outcomeOf = (name: string) => results.find((r) => r.name === name)?.outcome;
  for (const step of steps) {
    if (only.length && !only.some((o) => step.name.includes(o))) continue;
    const blocked = (step.needs ?? []).find((n) => outcomeOf(n) && outcomeOf(n) !== 'passed');
    if (blocked) {
      results.push({ name: step.name, outcome: 'not run', seconds: 0, note: `needs "${blocked}" to pass` });
      continue;
    }
    if (step.skip) {
      console.log(`\n━━ ${step.name}: SKIPPED: ${step.skip}`);
      results.push({ name: step.name, outcome: 'skipped', seconds: 0, note: step.skip });
      continue;
    }
    console.log(`\n━━ ${step.name}: ${step.command.join(' ')}`);
    const started = Date.now();
    const ok = await run(step);
    results.push({ name: step.name, outcome: ok ? 'passed' : 'failed', seconds: (Date.now() - started) / 1000 });
  }

  const width = Math.max(...results.map((r) => r.name.length));
  console.log('\n━━ Summary');
  for (const r of results) {
    const mark = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP', 'not run': 'NOT RUN' }[r.outcome];
    console.log(`  ${mark.padEnd(7)} ${r.name.padEnd(width)} ${r.seconds ? `${r.seconds.toFixed(1)}s` : ''}${r.note ? `  (${r.note})` : ''}`);
  }
  const failed = results.filter((r) => r.outcome === 'failed' || r.outcome === 'not run');
  const skipped = results.filter((r) => r.outcome === 'skipped');
  const total = results.reduce((s, r) => s + r.seconds, 0);
  if (failed.length) {
    console.log(`\nnpm test: FAILED (${failed.length} of ${results.length} steps failed or could not run) in ${total.toFixed(0)}s`);
    process.exit(1);
  }
  console.log(`\nnpm test: PASSED (${results.length - skipped.length} steps${skipped.length ? `, ${skipped.length} skipped: ${skipped.map((s) => s.name).join(', ')}` : ''}) in ${total.toFixed(0)}s`);
}

void main();
