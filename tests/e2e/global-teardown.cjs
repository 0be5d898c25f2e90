const { rmSync } = require('node:fs');

module.exports = async function globalTeardown() {
  if (process.env.E2E_TEMPLATE_DATA_DIR) rmSync(process.env.E2E_TEMPLATE_DATA_DIR, { recursive: true, force: true });
  globalThis.__E2E_FHIR__?.close();
  const children = (globalThis.__E2E_SERVERS__ ?? []).filter((child) => child.exitCode === null);
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10000).unref();
        }),
    ),
  );
};
