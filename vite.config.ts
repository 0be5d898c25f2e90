import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

/** After the client build: .br and .gz beside every text asset (served as they are by @fastify/static). */
function precompressAssets(): Plugin {
  let outDir = 'dist/client';
  let ssr = false;
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (!ssr) precompress(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompressAssets()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  ssr: {
    // Bundle our own code and the React ecosystem for the server renderer; keep Node built-ins external.
    noExternal: ['react-router', '@reduxjs/toolkit', 'react-redux'],
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '3001'}` },
  },
});
