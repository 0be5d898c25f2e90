// Browser end-to-end tests: the real server, built client and a fresh database, driven in Chromium.
const base = require('./jest.config.cjs').projects[0];

module.exports = {
  rootDir: __dirname,
  displayName: 'e2e',
  transform: base.transform,
  setupFiles: base.setupFiles,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/e2e/**/*.e2e.test.ts'],
  globalSetup: '<rootDir>/tests/e2e/global-setup.cjs',
  globalTeardown: '<rootDir>/tests/e2e/global-teardown.cjs',
  testTimeout: 60000,
  maxWorkers: 2,
};
