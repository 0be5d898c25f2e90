/**
 * What `npm test` says about the tests of its jest steps, from jest's JSON results (--json
 * --outputFile): how many passed and failed (the closing `N passed, N failed` that CI reads) and
 * the slowest tests. A step that could not produce results, or a test file that failed without a
 * failing test (an import that throws, a failing beforeAll), still counts as failed: never zero by accident.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface JestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    assertionResults: { fullName: string; status: string; duration?: number | null }[];
  }[];
}

export interface JestStepRun {
  step: string;
  resultsFile: string;
  /** how the step ended; steps that did not run are left out */
  outcome: 'passed' | 'failed' | 'skipped' | 'not run' | undefined;
}

export interface Tally {
  passed: number;
  failed: number;
  /** it.skip and it.todo */
  skipped: number;
  notes: string[];
  /** every test with its time, slowest first */
  timings: { seconds: number; test: string; step: string }[];
}

export function tally(runs: readonly JestStepRun[], root: string): Tally {
  const t: Tally = { passed: 0, failed: 0, skipped: 0, notes: [], timings: [] };
  for (const { step, resultsFile, outcome } of runs) {
    if (outcome !== 'passed' && outcome !== 'failed') continue;
    if (!existsSync(resultsFile)) {
      // jest stopped before any test ran (a failing global setup, a configuration error)
      t.failed += 1;
      t.notes.push(`${step} wrote no results: counted as 1 failed test`);
      continue;
    }
    const json = JSON.parse(readFileSync(resultsFile, 'utf8')) as JestJson;
    t.passed += json.numPassedTests;
    t.failed += json.numFailedTests;
    t.skipped += json.numPendingTests + json.numTodoTests;
    const broken = json.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((a) => a.status === 'failed'));
    if (broken.length) {
      t.failed += broken.length;
      t.notes.push(`${step}: ${broken.length} test file(s) failed without a failing test, counted as 1 failed test each`);
    }
    for (const file of json.testResults) {
      for (const a of file.assertionResults) {
        if (typeof a.duration === 'number') t.timings.push({ seconds: a.duration / 1000, test: `${relative(root, file.name)} › ${a.fullName}`, step });
      }
    }
  }
  t.timings.sort((a, b) => b.seconds - a.seconds);
  return t;
}
