// Longest test files first, so no worker is left with a long file at the end while the other idles.
// Jest's own sequencer orders by the durations of this checkout's earlier runs (its cache) and, on a
// clean clone, by file size: the slowest integration file (no-5xx, about two minutes) is a short file,
// and started last it alone ran on for minutes. Here a file's duration is Jest's cached one, else the one
// recorded in tests/durations.json (`npm run test:durations` writes it from npm test's results), else
// unknown (after every file with a duration, largest first). Files that failed last time still come first.
const { readFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const root = join(__dirname, '..', '..');

function recorded() {
  try {
    return JSON.parse(readFileSync(join(root, 'tests', 'durations.json'), 'utf8'));
  } catch {
    return {};
  }
}

class LongestFirst extends Sequencer {
  constructor(options) {
    super(options);
    /** seconds a file took, by path relative to the project root */
    this.recorded = recorded();
  }

  /** milliseconds: Jest's cache of this checkout's runs, else the recorded figure */
  time(test) {
    const cached = super.time(test);
    if (cached != null && cached > 0) return cached;
    const seconds = this.recorded[relative(root, test.path).split('\\').join('/')];
    return typeof seconds === 'number' ? seconds * 1000 : undefined;
  }

  sort(tests) {
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    for (const test of tests) test.duration = this.time(test);
    return tests.sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      const known = (a.duration != null) - (b.duration != null);
      if (known !== 0) return -known;
      if (a.duration != null && b.duration != null && a.duration !== b.duration) return b.duration - a.duration;
      return size(b) - size(a);
    });
  }
}

module.exports = LongestFirst;
