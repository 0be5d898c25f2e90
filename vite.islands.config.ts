/**
 * The islands script of document pages (src/client/islands/main.ts), built on its own after the app
 * (`npm run build`): a separate build shares no chunk with the app, so a document page can never
 * load the app's entry (React, router, store, sagas) through a shared import. Its manifest is
 * dist/client/.vite/islands-manifest.json, read by the server (src/server/plugins/client.ts).
 */
import { defineConfig } from 'vite';
import { precompressAssets } from './vite.config';
import { ISLANDS_ENTRY } from './src/client/islands/names';

export default defineConfig({
  plugins: [precompressAssets()],
  publicDir: false,
  // Path aliases (`@/domain/...`) from tsconfig.json's paths, as in vite.config.ts.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    manifest: '.vite/islands-manifest.json',
    sourcemap: false,
    target: 'es2022',
    rollupOptions: { input: { islands: ISLANDS_ENTRY } },
  },
});
