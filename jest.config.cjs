// Unit tests (node), component tests (jsdom) and integration tests (database), side by side with their code.
const transform = {
  '^.+\\.((t|j)sx?|mjs)$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
      module: { type: 'commonjs' },
    },
  ],
};
// When this run started: its workers (which inherit this environment) build database templates of one hour (tests/support/database.ts).
process.env.TEST_RUN_STARTED ??= new Date().toISOString();
// preact (the browser build's React, src/client/runtime/preact) ships ES modules only, as .mjs files: transformed too.
const esmOnly = ['@x0k/json-schema-merge', 'preact', 'nanoid', 'content-disposition', 'cookie', 'jose', 'pg-boss', 'serialize-error', 'non-error'];
// Path aliases (`@/domain/...`, `@tests/support/...`): tsconfig.json's paths, the one place they are declared.
const aliases = Object.fromEntries(
  Object.entries(require('./tsconfig.json').compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace('/*', '/(.*)$')}`,
    `<rootDir>/${target.replace('./', '').replace('/*', '/$1')}`,
  ]),
);
const common = {
  rootDir: __dirname,
  transform,
  // Jest (on Node 20) runs CommonJS; these dependencies ship only ES modules, so jest transforms them.
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  // rjsf's markdown renderer is the browser build's (vite.config.ts): text as written.
  moduleNameMapper: {
    '\\.css$': '<rootDir>/tests/support/style-stub.cjs',
    '^markdown-to-jsx/react$': '<rootDir>/src/client/runtime/forms/plain-markdown.tsx',
    ...aliases,
  },
  // Tests read and write in every language, as the server does: every language's copy is loaded (a page loads only its own).
  setupFiles: ['<rootDir>/tests/support/setup-env.cjs', '<rootDir>/src/generated/translations/all.ts'],
};

// Time limits per project, sized to the work on a 2-core machine whose cores are busy (tests wait
// for states, so a generous limit costs nothing when the machine is quiet; a file that needs more
// says so itself): pure functions; screens rendered and typed into in jsdom; a database per file.
// A clean-clone run beside eight busy processes (load 30 on 2 cores) took over 60 s to open one
// PGlite database, hence three minutes for the integration project.
// Jest applies its testTimeout option only to a whole run, so each project states its limit in
// globals and tests/support/setup-env.cjs applies it.
const testTimeout = { unit: 30_000, client: 90_000, integration: 180_000 };

module.exports = {
  // Longest files first (timings of earlier runs, or tests/durations.json on a clean clone), so that no worker runs a long file alone at the end.
  testSequencer: '<rootDir>/tests/support/test-sequencer.cjs',
  // A worker that holds more than this after a test file is replaced before the next one: integration files
  // each open an embedded database, and a long run of them in one worker ran out of heap (no-5xx, on a clean clone).
  workerIdleMemoryLimit: '1536MB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      globals: { testTimeoutMs: testTimeout.unit },
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/generators/**/*.test.ts', '<rootDir>/tests/unit/**/*.test.ts'],
      testPathIgnorePatterns: ['\\.int\\.test\\.ts$', '/node_modules/'],
    },
    {
      ...common,
      displayName: 'client',
      globals: { testTimeoutMs: testTimeout.client },
      testEnvironment: '<rootDir>/tests/support/jsdom-environment.cjs',
      testMatch: ['<rootDir>/src/**/*.test.tsx', '<rootDir>/tests/forms/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/setup-client.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      globals: { testTimeoutMs: testTimeout.integration },
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.int.test.ts', '<rootDir>/tests/integration/**/*.test.ts'],
    },
  ],
};
