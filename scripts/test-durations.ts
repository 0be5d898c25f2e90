/**
 * `npm run test:durations`: records how long each test file took in the last `npm test` (jest's results in
 * node_modules/.cache/test-results/) into tests/durations.json, which the test sequencer reads to start the
 * longest files first on a clean clone (tests/support/test-sequencer.cjs). Files the results do not name keep
 * their figure; a file's figure is its longest among the steps (PGlite or PostgreSQL). Commit the file.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface JestJson {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const root = process.cwd();
const resultsDir = join(root, 'node_modules', '.cache', 'test-results');
const target = join(root, 'tests', 'durations.json');

const durations: Record<string, number> = existsSync(target) ? (JSON.parse(readFileSync(target, 'utf8')) as Record<string, number>) : {};
const fresh: Record<string, number> = {};
const files = existsSync(resultsDir) ? readdirSync(resultsDir).filter((f) => f.endsWith('.json')) : [];
for (const file of files) {
  const json = JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) as JestJson;
  for (const result of json.testResults) {
    const path = relative(root, result.name).split('\\').join('/');
    const seconds = Math.round((result.endTime - result.startTime) / 100) / 10;
    fresh[path] = Math.max(fresh[path] ?? 0, seconds);
  }
}
if (!Object.keys(fresh).length) {
  console.error(`No test results in ${resultsDir}: run npm test (or one of its jest steps, e.g. npm test -- integration) first.`);
  process.exit(1);
}
Object.assign(durations, fresh);
const sorted = Object.fromEntries(
  Object.entries(durations)
    .filter(([path]) => existsSync(join(root, path)))
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(target, `${JSON.stringify(sorted, null, 2)}\n`);
console.warn(`${Object.keys(fresh).length} files' durations written to ${relative(root, target)}`);
