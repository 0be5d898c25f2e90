/**
 * Run by `npm run build` after the client build: writes `<file>.br` (brotli, best quality) and
 * `<file>.gz` (gzip -9) beside every text asset of dist/client, which @fastify/static sends as they are
 * (`preCompressed`), so no visitor's request compresses a script or stylesheet.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;
/** Below this a compressed copy saves nothing worth a file. */
const MIN_BYTES = 256;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(dir: string): { files: number } {
  let count = 0;
  for (const path of files(dir)) {
    // A second build into the same folder (the islands) compresses only what it added.
    if (!TEXT.test(path) || path.includes(`${join('.vite', '')}`) || existsSync(`${path}.br`)) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    );
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return { files: count };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? process.env.CLIENT_DIR ?? 'dist/client';
  const { files: n } = precompress(dir);
  console.log(`precompressed ${n} files in ${dir} (.br, .gz)`);
}
