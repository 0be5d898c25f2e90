// `npm run lockfile`: after `npm install`, record the other platforms' optional binaries in package-lock.json.
//
// This machine's registry serves only the packages for its own platform, so npm cannot fetch
// the manifests of optional binaries such as @swc/core-darwin-arm64 and leaves them out of the
// lockfile; `npm ci` then refuses the lockfile as out of sync. Each missing optional package is
// recorded as optional: `npm ci` skips it on this platform, as it would skip any other platform's
// binary, and installs it where the registry has it.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
let added = 0;

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // npm looks for a dependency beside the dependent first, then in the top-level node_modules.
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[nested] || packages[top]) continue;
    packages[top] = { version, dev: entry.dev || undefined, optional: true };
    added += 1;
  }
}

if (process.argv.includes('--check')) {
  if (added) {
    console.error(
      `package-lock.json lacks ${added} optional package${added === 1 ? '' : 's'} of other platforms, so \`npm ci\` would refuse it. Run \`npm run lockfile\` and commit package-lock.json.`,
    );
    process.exit(1);
  }
  console.log('package-lock.json: complete');
  process.exit(0);
}

if (added) {
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`package-lock.json: ${added} optional package${added === 1 ? '' : 's'} of other platforms recorded`);
