/**
 * Printed by `npm run build`: the script of document pages (home, hubs, landing pages, profiles: the
 * islands); for each screen with a budget (the first app screen, the booking steps, the portal home,
 * sign-in), the script it loads before its first interaction against its budget (scripts/app-script.ts);
 * the first app screen's files; and the lazily loaded parts it does not download. All brotli, as served.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ISLANDS_ENTRY } from '../src/client/islands/names';
import { constants } from '../src/generated/constants';
import { routeById } from '../src/generated/routes';
import { BUDGETED_SCREENS, brotliMeter, routeScript, type Manifest } from './app-script';

const clientDir = process.env.CLIENT_DIR ?? 'dist/client';
const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

const islandsManifestPath = join(clientDir, '.vite', 'islands-manifest.json');
if (existsSync(islandsManifestPath)) {
  const islands = JSON.parse(readFileSync(islandsManifestPath, 'utf8')) as Manifest;
  const file = islands[ISLANDS_ENTRY]?.file;
  if (file)
    console.log(
      `\nDocument pages (home, hubs, landing pages, profiles) load only the islands: ${(brotliMeter(clientDir)(file) / 1024).toFixed(1)} KB brotli  ${file}`,
    );
}

const brotliBytes = brotliMeter(clientDir);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;

// each budgeted screen's script before its first interaction, brotli, against its budget.
console.log('\nScript before the first interaction, brotli (budgets: specs/constants/pages.yaml):');
const screens = BUDGETED_SCREENS.map((s) => ({
  ...s,
  route: routeById[s.route],
  script: routeScript(clientDir, manifest, routeById[s.route], brotliBytes),
}));
let over = 0;
for (const { name, route, budget, script } of screens) {
  const limit = constants[budget];
  if (script.bytes > limit) over += 1;
  const sdk = script.cardSdk.length ? `  + card SDK ${(script.cardSdkBytes / 1024).toFixed(1)} KB apart` : '';
  console.log(
    `  ${kb(script.bytes)} of ${(limit / 1024).toFixed(0)} KB ${script.bytes > limit ? 'OVER' : 'ok  '}  ${name.padEnd(34)} ${route.path} (${script.files.length} files)${sdk}`,
  );
}
if (over) console.log(`  ${over} of ${screens.length} screens over their budget`);

const first = screens[0]!;
console.log(`\n${first.name} (${first.route.path}), brotli:`);
for (const f of first.script.files) console.log(`  ${kb(f.bytes)}  ${f.file}`);
const firstFiles = new Set(first.script.files.map((f) => f.file));
const later = [...new Set(Object.values(manifest).map((c) => c.file))]
  .filter((file) => !firstFiles.has(file) && file.endsWith('.js'))
  .map((file) => ({ file, bytes: brotliBytes(file) }))
  .sort((a, b) => b.bytes - a.bytes);
console.log('Loaded later or by other screens only (flags SDK, storage, forms, screens), brotli:');
for (const r of later.slice(0, 12)) console.log(`  ${kb(r.bytes)}  ${r.file}`);
