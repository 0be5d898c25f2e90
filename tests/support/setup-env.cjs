// Tests run from the project root with quiet logs, in test mode. No TZ here: setting it inside Jest's
// sandbox changed neither this process's zone nor its children's, and only hid that tests read the
// host's zone. Zones are stated where they matter (tests/e2e/harness.ts, tests/unit/host-zone.test.ts).
process.env.NODE_ENV = 'test';

// This project's time limit per test (jest.config.cjs).
/* global jest */
if (globalThis.testTimeoutMs) jest.setTimeout(globalThis.testTimeoutMs);
