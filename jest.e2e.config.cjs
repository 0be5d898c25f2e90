// Browser end-to-end tests: the real server, built client and a fresh database, driven in Chromium.
const base = require('./jest.config.cjs').projects[0];

module.exports = {
  rootDir: __dirname,
  displayName: 'e2e',
  transform: base.transform,
  // The same ES-module-only dependencies as the other projects (pg-boss when a test opens the database).
  transformIgnorePatterns: base.transformIgnorePatterns,
  setupFiles: base.setupFiles,
  moduleNameMapper: base.moduleNameMapper,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/e2e/**/*.e2e.test.ts'],
  // Longest journeys first (jest.config.cjs).
  testSequencer: require('./jest.config.cjs').testSequencer,
  globalSetup: '<rootDir>/tests/e2e/global-setup.cjs',
  globalTeardown: '<rootDir>/tests/e2e/global-teardown.cjs',
  // A browser test is a journey of many steps (pages, clicks, mail); each step may take up to
  // stepTimeoutMs (tests/e2e/harness.ts) on a busy machine. Tests wait for states, so this costs
  // nothing when the machine is quiet.
  testTimeout: 180_000,
  // Two workers (each with its own server: global-setup.cjs). A third would use the idle third of the 2 cores (a browser
  // test's worker keeps a core busy about two thirds of the time), but at a load of ~20 it let a step time out; `npm test`
  // passes TEST_WORKERS on when it is set (TEST_WORKERS=3 to try).
  maxWorkers: 2,
};
