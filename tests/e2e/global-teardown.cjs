module.exports = async function globalTeardown() {
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
