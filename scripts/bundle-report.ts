/**
 * Printed by `npm run build`: the script of document pages (home, hubs, landing pages, profiles: the
 * islands, brotli); what a visitor's first app page (provider search) downloads - the entry script
 * with its static imports, the stylesheets, and the screen's chunk that the server preloads -
 * gzip-compressed; and the lazily loaded parts they do not download.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ISLANDS_ENTRY } from '../src/client/islands/names';
import { routeById } from '../src/generated/routes';

interface Chunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const clientDir = process.env.CLIENT_DIR ?? 'dist/client';
const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
const gzipKb = (file: string) => gzipSync(readFileSync(join(clientDir, file))).length / 1024;

function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key]!.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

const islandsManifestPath = join(clientDir, '.vite', 'islands-manifest.json');
if (existsSync(islandsManifestPath)) {
  const islands = JSON.parse(readFileSync(islandsManifestPath, 'utf8')) as Record<string, Chunk>;
  const file = islands[ISLANDS_ENTRY]?.file;
  if (file)
    console.log(
      `\nDocument pages (home, hubs, landing pages, profiles) load only the islands: ${(brotliCompressSync(readFileSync(join(clientDir, file))).length / 1024).toFixed(1)} KB brotli  ${file}`,
    );
}

const home = routeById.providerSearch;
const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
const firstKeys = staticClosure([...entries, `src/client/features/${home.area}/${home.screen}.tsx`]);
const files = new Set<string>();
for (const key of firstKeys) {
  files.add(manifest[key]!.file);
  manifest[key]!.css?.forEach((c) => files.add(c));
}
const rows = [...files].map((f) => ({ file: f, kb: gzipKb(f) })).sort((a, b) => b.kb - a.kb);
const total = rows.reduce((sum, r) => sum + r.kb, 0);
const later = Object.values(manifest)
  .filter((c) => !files.has(c.file) && c.file.endsWith('.js'))
  .map((c) => ({ file: c.file, kb: gzipKb(c.file) }))
  .sort((a, b) => b.kb - a.kb);

console.log(`\nFirst app page (${home.path}) downloads, gzip:`);
for (const r of rows) console.log(`  ${r.kb.toFixed(1).padStart(7)} KB  ${r.file}`);
console.log(`  ${total.toFixed(1).padStart(7)} KB  total`);
console.log('Loaded later or by other pages only (flags SDK, storage, query library, forms, screens):');
for (const r of later.slice(0, 12)) console.log(`  ${r.kb.toFixed(1).padStart(7)} KB  ${r.file}`);
