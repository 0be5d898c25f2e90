import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tally } from '../../scripts/test-results';

describe("npm test's counts and slowest tests", () => {
  let dir: string;
  const root = '/repo';
  const file = (name: string, json: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(json));
    return path;
  };
  const results = (testResults: unknown[], counts: Partial<Record<'numPassedTests' | 'numFailedTests' | 'numPendingTests' | 'numTodoTests', number>>) => ({
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 0,
    numTodoTests: 0,
    ...counts,
    testResults,
  });
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'test-results-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds the steps up and ranks every test by its time', () => {
    const unit = file(
      'unit.json',
      results(
        [
          {
            name: '/repo/src/a.test.ts',
            status: 'passed',
            assertionResults: [
              { fullName: 'a works', status: 'passed', duration: 1200 },
              { fullName: 'a is quick', status: 'passed', duration: 3 },
            ],
          },
        ],
        { numPassedTests: 2, numTodoTests: 1 },
      ),
    );
    const e2e = file(
      'e2e.json',
      results([{ name: '/repo/tests/e2e/b.e2e.test.ts', status: 'failed', assertionResults: [{ fullName: 'b books', status: 'failed', duration: 9000 }] }], {
        numFailedTests: 1,
      }),
    );
    const t = tally(
      [
        { step: 'unit', resultsFile: unit, outcome: 'passed' },
        { step: 'e2e', resultsFile: e2e, outcome: 'failed' },
      ],
      root,
    );
    expect([t.passed, t.failed, t.skipped]).toEqual([2, 1, 1]);
    expect(t.timings.map((x) => [x.seconds, x.test, x.step])).toEqual([
      [9, 'tests/e2e/b.e2e.test.ts › b books', 'e2e'],
      [1.2, 'src/a.test.ts › a works', 'unit'],
      [0.003, 'src/a.test.ts › a is quick', 'unit'],
    ]);
  });

  it('counts a test file that could not run, and a step that wrote no results, as failed', () => {
    const broken = file('broken.json', results([{ name: '/repo/src/c.test.ts', status: 'failed', assertionResults: [] }], {}));
    const t = tally(
      [
        { step: 'unit', resultsFile: broken, outcome: 'failed' },
        { step: 'e2e', resultsFile: join(dir, 'missing.json'), outcome: 'failed' },
        { step: 'postgres', resultsFile: join(dir, 'skipped.json'), outcome: 'skipped' },
      ],
      root,
    );
    expect([t.passed, t.failed]).toEqual([0, 2]);
    expect(t.notes).toEqual([
      'unit: 1 test file(s) failed without a failing test, counted as 1 failed test each',
      'e2e wrote no results: counted as 1 failed test',
    ]);
  });
});
