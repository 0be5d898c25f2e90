/**
 * `npm test`: every check, with a pass/fail line for each, the ten slowest tests and a summary.
 *
 * - Nothing is skipped silently: a step that cannot run says why and counts as failed, except the
 *   PostgreSQL pass, which runs only when TEST_DATABASE_URL names a server and says so when it does not.
 * - Fast: the cheap independent checks (type-check, lint, format, lockfile, spec validation and drift) and the
 *   builds run two at a time, each mostly on one core; type-check is incremental and lint cached
 *   (node_modules/.cache); the jest steps then run one after another, each with a worker per core, and each
 *   starts its longest files first (tests/support/test-sequencer.cjs, tests/durations.json).
 * - Audible: a step that has printed nothing for 30 s gets a line saying it is still running.
 *   Checks that run side by side keep their output in node_modules/.cache/test-logs/ and print it when
 *   they finish, so two outputs never interleave.
 * - Logs without colour codes when the output is not a terminal, or under CI.
 * - The last line is `N passed, N failed`: tests counted across the jest steps (CI reads it).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { productSpecChecks } from './product-spec-checks';
import { tally } from './test-results';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** reason to not run; the step is reported as skipped with this reason */
  skip?: string;
  /** names of steps that must pass first */
  needs?: string[];
  /** may run beside another such step (one core each); the others run alone, in order, afterwards */
  parallel?: boolean;
  /** jest writes its results here (counted and ranked at the end) */
  jestResults?: string;
}

type Outcome = 'passed' | 'failed' | 'skipped' | 'not run';

interface Result {
  name: string;
  outcome: Outcome;
  seconds: number;
  note?: string;
  /** the summary's word for it, when not the outcome's */
  mark?: string;
}

const cacheDir = join('node_modules', '.cache');
const logDir = join(cacheDir, 'test-logs');
const resultsDir = join(cacheDir, 'test-results');
const heartbeatSeconds = 30;
const cores = availableParallelism();
/** jest workers per step: one per core (TEST_WORKERS overrides) */
const workers = process.env.TEST_WORKERS ?? String(cores);
const colour = Boolean(process.stdout.isTTY) && !process.env.CI && !process.env.NO_COLOR && process.env.FORCE_COLOR !== '0';
/** Children write into a pipe, not the terminal: tell them whether colour is wanted. */
const colourEnv: Record<string, string> = colour ? { FORCE_COLOR: '1' } : { FORCE_COLOR: '0', NO_COLOR: '1' };

const slug = (name: string) =>
  name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
const jest = (name: string, ...args: string[]): Pick<Step, 'command' | 'jestResults'> => {
  const jestResults = join(resultsDir, `${slug(name)}.json`);
  return {
    // --forceExit: the results are written before Jest exits; a handle a test file leaves open (a
    // timer of a library) must not hold the whole run hostage when Jest runs a project in band.
    // --max-old-space-size: workers inherit Node's flags; a clean-clone run's integration worker ran out of
    // the default heap in no-5xx after many files (jest.config.cjs also replaces a worker that grew large).
    command: [
      'node',
      '--experimental-vm-modules',
      '--max-old-space-size=6144',
      'node_modules/jest/bin/jest.js',
      ...args,
      '--forceExit',
      '--json',
      `--outputFile=${jestResults}`,
    ],
    jestResults,
  };
};
const pgUrl = process.env.TEST_DATABASE_URL;
/** The spec-wording checks run inside the unit step where the product spec sits beside the repository; otherwise they skip, and the summary says so. */
const specChecks = productSpecChecks(process.cwd());
const only = process.argv.slice(2);

const steps: Step[] = [
  { name: 'type-check', command: ['node_modules/.bin/tsc', '--noEmit', '-p', 'tsconfig.json', '--pretty', String(colour)], parallel: true },
  {
    name: 'lint',
    command: ['node_modules/.bin/eslint', '--max-warnings', '0', '--cache', '--cache-strategy', 'content', '--cache-location', `${cacheDir}/eslint/`, '.'],
    parallel: true,
  },
  {
    name: 'format',
    command: ['node_modules/.bin/prettier', '--check', '--log-level', 'warn', '--cache', '--cache-location', `${cacheDir}/prettier/cache`, '.'],
    parallel: true,
  },
  { name: 'lockfile', command: ['node', 'scripts/complete-lockfile.mjs', '--check'], parallel: true },
  { name: 'spec validation', command: ['node_modules/.bin/tsx', 'generators/codegen/cli.ts', 'validate'], parallel: true },
  { name: 'generated-code drift', command: ['node_modules/.bin/tsx', 'generators/codegen/cli.ts', 'check'], needs: ['spec validation'], parallel: true },
  // The builds need only the generated code: they run beside the checks (the client build first), not after the tests.
  { name: 'build', command: ['node_modules/.bin/vite', 'build', '--logLevel', 'warn'], needs: ['generated-code drift'], parallel: true },
  {
    name: 'build (server renderer)',
    command: ['node_modules/.bin/vite', 'build', '--ssr', 'src/client/entry-server.tsx', '--outDir', 'dist/ssr', '--logLevel', 'warn'],
    needs: ['build'],
    parallel: true,
  },
  // The server as `npm start` runs it: one bundle of src/server for plain Node.
  { name: 'build (server)', command: ['npm', 'run', '--silent', 'build:server'], needs: ['build'], parallel: true },
  // Document pages' islands script: its own build and manifest, as `npm run build` makes it.
  {
    name: 'build (islands)',
    command: ['node_modules/.bin/vite', 'build', '-c', 'vite.islands.config.ts', '--logLevel', 'warn'],
    needs: ['build'],
    parallel: true,
  },
  { name: 'unit + component tests', ...jest('unit + component tests', '--selectProjects', 'unit', 'client', `--maxWorkers=${workers}`) },
  {
    name: 'integration tests (PGlite)',
    ...jest('integration tests (PGlite)', '--selectProjects', 'integration', `--maxWorkers=${workers}`),
    // With a PostgreSQL pass to follow, the properties run their full counts there and half here: no-5xx 200
    // cases an endpoint (tests/integration/no-5xx.test.ts prints the count it ran), the money properties 200
    // sequences (src/server/money/money.property.int.test.ts; its test names carry the count).
    env: { TEST_DB: 'pglite', ...(pgUrl ? { NO_5XX_CASES: '100', MONEY_SEQUENCES: '25' } : {}) },
  },
  {
    name: 'integration tests (PostgreSQL)',
    ...jest('integration tests (PostgreSQL)', '--selectProjects', 'integration', `--maxWorkers=${workers}`),
    env: { TEST_DB: 'postgres' },
    skip: pgUrl ? undefined : 'TEST_DATABASE_URL is not set (CI sets it; e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test)',
  },
  {
    name: 'browser end-to-end tests',
    // Workers: one more than cores (jest.e2e.config.cjs), unless TEST_WORKERS says otherwise.
    ...jest('browser end-to-end tests', '-c', 'jest.e2e.config.cjs', ...(process.env.TEST_WORKERS ? [`--maxWorkers=${process.env.TEST_WORKERS}`] : [])),
    // Its servers run the server bundle, as `npm start` does (tests/e2e/server-process.ts).
    needs: ['build (server renderer)', 'build (islands)', 'build (server)'],
  },
];

// ── Output: whole lines, and a heartbeat for steps that have been quiet for 30 s ──────────────────

let atLineStart = true;
function say(line: string): void {
  process.stdout.write(`${atLineStart ? '' : '\n'}${line}\n`);
  atLineStart = true;
}

interface Running {
  name: string;
  started: number;
  lastSign: number;
}
const running = new Set<Running>();
const seconds = (ms: number) => Math.round(ms / 1000);
const heartbeat = setInterval(() => {
  const now = Date.now();
  for (const r of running) {
    if (now - r.lastSign < heartbeatSeconds * 1000) continue;
    say(`… ${r.name} still running (${seconds(now - r.started)} s)`);
    r.lastSign = now;
  }
}, 1000);
heartbeat.unref();

/** Runs a step; its output goes to the terminal as it comes (alone) or to a log printed at the end (side by side). */
function run(step: Step, captured: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const [cmd, ...args] = step.command as [string, ...string[]];
    const state: Running = { name: step.name, started: Date.now(), lastSign: Date.now() };
    running.add(state);
    const logFile = join(logDir, `${slug(step.name)}.log`);
    const log = createWriteStream(logFile);
    const chunks: Buffer[] = [];
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...colourEnv, ...step.env } });
    const forward = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
      log.write(chunk);
      if (captured) {
        chunks.push(chunk);
        return;
      }
      target.write(chunk);
      atLineStart = chunk[chunk.length - 1] === 0x0a;
      state.lastSign = Date.now();
    };
    child.stdout.on('data', forward(process.stdout));
    child.stderr.on('data', forward(process.stderr));
    let done = false;
    const finish = (ok: boolean, why?: string) => {
      if (done) return;
      done = true;
      running.delete(state);
      log.end();
      const took = `${((Date.now() - state.started) / 1000).toFixed(1)} s`;
      if (captured) {
        const output = Buffer.concat(chunks).toString().trimEnd();
        say(`\n━━ ${step.name}: ${ok ? 'passed' : 'FAILED'} in ${took}${why ? ` (${why})` : ''}`);
        if (output) say(output);
      } else if (why) {
        say(`${step.name}: ${why}`);
      }
      resolve(ok);
    };
    child.on('error', (err) => finish(false, `could not start ${cmd}: ${err.message}`));
    child.on('close', (code, signal) => finish(code === 0 && !signal, signal ? `stopped by ${signal}` : undefined));
  });
}

// ── Running the steps ─────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  mkdirSync(logDir, { recursive: true });
  mkdirSync(resultsDir, { recursive: true });
  const startedAt = Date.now();
  const chosen = steps.filter((step) => !only.length || only.some((o) => step.name.includes(o)));
  for (const step of chosen) if (step.jestResults) rmSync(step.jestResults, { force: true });
  const results: Result[] = [];
  const outcomeOf = (name: string) => results.find((r) => r.name === name)?.outcome;
  const blockedBy = (step: Step) => (step.needs ?? []).find((n) => outcomeOf(n) && outcomeOf(n) !== 'passed');

  async function runOne(step: Step, captured: boolean): Promise<void> {
    const blocked = blockedBy(step);
    if (blocked) {
      results.push({ name: step.name, outcome: 'not run', seconds: 0, note: `needs "${blocked}" to pass` });
      return;
    }
    if (step.skip) {
      say(`\n━━ ${step.name}: SKIPPED: ${step.skip}`);
      results.push({ name: step.name, outcome: 'skipped', seconds: 0, note: step.skip });
      return;
    }
    say(`\n━━ ${step.name}: ${step.command.join(' ')}${captured ? `  (output when it ends; log: ${join(logDir, `${slug(step.name)}.log`)})` : ''}`);
    const started = Date.now();
    const ok = await run(step, captured);
    results.push({ name: step.name, outcome: ok ? 'passed' : 'failed', seconds: (Date.now() - started) / 1000 });
  }

  // Side by side, two at a time (a step waits for the steps it needs); then the rest alone, in order.
  const sideBySide = chosen.filter((s) => s.parallel);
  const slots = Math.max(1, Math.min(2, cores));
  const waiting = [...sideBySide];
  const inFlight = new Set<string>();
  await Promise.all(
    Array.from({ length: slots }, async () => {
      for (;;) {
        const next = waiting.findIndex((s) => (s.needs ?? []).every((n) => !waiting.some((w) => w.name === n) && !inFlight.has(n)));
        if (next < 0) {
          if (!waiting.length) return;
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        const [step] = waiting.splice(next, 1) as [Step];
        inFlight.add(step.name);
        await runOne(step, sideBySide.length > 1);
        inFlight.delete(step.name);
      }
    }),
  );
  for (const step of chosen.filter((s) => !s.parallel)) await runOne(step, false);

  // Summary in the order of the steps, not of their ending.
  results.sort((a, b) => steps.findIndex((s) => s.name === a.name) - steps.findIndex((s) => s.name === b.name));
  const counts = tally(
    chosen.filter((s) => s.jestResults).map((s) => ({ step: s.name, resultsFile: s.jestResults!, outcome: results.find((r) => r.name === s.name)?.outcome })),
    process.cwd(),
  );
  // One line for the product-spec wording checks: the unit step ran them, or they could not run (a plain clone: not run,
  // and npm test passes), or the spec is required and missing (CI: failed).
  if (!specChecks.run && chosen.some((s) => s.name === 'unit + component tests'))
    results.push({
      name: 'product-spec wording checks',
      outcome: specChecks.required ? 'failed' : 'skipped',
      ...(specChecks.required ? {} : { mark: 'NOT RUN' }),
      seconds: 0,
      note: specChecks.reason,
    });
  const width = Math.max(...results.map((r) => r.name.length));
  say('\n━━ Summary');
  for (const r of results) {
    const mark = r.mark ?? { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP', 'not run': 'NOT RUN' }[r.outcome];
    say(`  ${mark.padEnd(7)} ${r.name.padEnd(width)} ${r.seconds ? `${r.seconds.toFixed(1)}s` : ''}${r.note ? `  (${r.note})` : ''}`);
  }
  const slowest = counts.timings.slice(0, 10);
  if (slowest.length) {
    say('\n━━ Ten slowest tests');
    for (const s of slowest) say(`  ${s.seconds.toFixed(1).padStart(6)} s  ${s.test}  [${s.step}]`);
  }
  for (const note of counts.notes) say(`note: ${note}`);
  if (counts.skipped) say(`${counts.skipped} test${counts.skipped === 1 ? '' : 's'} marked skip or todo, not run`);

  const failed = results.filter((r) => r.outcome === 'failed' || r.outcome === 'not run');
  const skipped = results.filter((r) => r.outcome === 'skipped');
  const total = (Date.now() - startedAt) / 1000;
  if (failed.length) {
    say(
      `\nnpm test: FAILED (${failed.length} of ${results.length} steps failed or could not run: ${failed.map((f) => f.name).join(', ')}) in ${total.toFixed(0)}s`,
    );
  } else {
    say(
      `\nnpm test: PASSED (${results.length - skipped.length} steps${skipped.length ? `, ${skipped.length} skipped: ${skipped.map((s) => s.name).join(', ')}` : ''}) in ${total.toFixed(0)}s`,
    );
  }
  say(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(failed.length ? 1 : 0);
}

void main();
