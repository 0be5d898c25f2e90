import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
