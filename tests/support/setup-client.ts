import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor wait for a state to appear; testing-library gives up after 1 s by default,
// which a busy machine exceeds while React renders a form. They return as soon as the state is
// there, so a generous limit costs nothing when the machine is quiet (the test's own limit is in
// jest.config.cjs).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
