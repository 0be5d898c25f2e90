// Unit tests (node), component tests (jsdom) and integration tests (database), side by side with their code.
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
      module: { type: 'commonjs' },
    },
  ],
};
// When this run started: its workers (which inherit this environment) build database templates of one hour (tests/support/database.ts).
process.env.TEST_RUN_STARTED ??= new Date().toISOString();
const esmOnly = ['@x0k/json-schema-merge', 'content-disposition', 'cookie', 'jose'];
const common = {
  rootDir: __dirname,
  transform,
  // Jest (on Node 20) runs CommonJS; these dependencies ship only ES modules, so jest transforms them.
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: { '\\.css$': '<rootDir>/tests/support/style-stub.cjs' },
  setupFiles: ['<rootDir>/tests/support/setup-env.cjs'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/generators/**/*.test.ts', '<rootDir>/tests/unit/**/*.test.ts'],
      testPathIgnorePatterns: ['\\.int\\.test\\.ts$', '/node_modules/'],
    },
    {
      ...common,
      displayName: 'client',
      testEnvironment: '<rootDir>/tests/support/jsdom-environment.cjs',
      testMatch: ['<rootDir>/src/**/*.test.tsx', '<rootDir>/tests/forms/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/setup-client.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/tests/support/setup-integration.ts'],
      testMatch: ['<rootDir>/src/**/*.int.test.ts', '<rootDir>/tests/integration/**/*.test.ts'],
    },
  ],
};
