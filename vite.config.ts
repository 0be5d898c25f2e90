import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';
import { reactRouterTreeShaken } from './scripts/react-router-tree-shaken';

/** After the client build: .br and .gz beside every text asset (served as they are by @fastify/static). */
export function precompressAssets(): Plugin {
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

/**
 * `npm run dev`: when a spec edit regenerates a message area (src/generated/message-areas/<area>.<language>.ts), the
 * running page takes the new texts (the module accepts its own updates: run again, it writes them into the table
 * every module reads) and src/client/main.tsx draws the tree again: the text changes without a reload. Other
 * generated files (forms, flows, routes) reload through Vite's usual hot update.
 */
function liveSpecMessages(): Plugin {
  return {
    name: 'live-spec-messages',
    apply: 'serve',
    transform(code, id) {
      if (!/\/src\/generated\/message-areas\/[^/]+\.[^/]+\.ts$/.test(id)) return undefined;
      return `${code}
if (import.meta.hot) import.meta.hot.accept(() => window.dispatchEvent(new Event('specs:messages')));
`;
    },
  };
}

/**
 * The browser formats messages without FormatJS: a text with {name} placeholders only (all the catalogue's) is filled
 * without parsing (src/domain/messages.ts), so the ICU parser and formatter (about 13 KB brotli) stay on the server.
 */
const browserWithoutIcu = {
  find: /^intl-messageformat$/,
  replacement: fileURLToPath(new URL('./src/client/runtime/messages/no-icu-formatter.ts', import.meta.url)),
};

/**
 * The browser build runs on Preact's React compatibility layer (about 45 KB brotli less than react-dom:
 * the script budgets of specs/constants/pages.yaml). Only the client build: the server renders with React
 * (entry-server.tsx), `npm run dev` and the component tests run React, and Preact hydrates React's HTML.
 * react-dom/client is Preact's with the attributes in React's order (src/client/runtime/preact/react-dom-client.ts);
 * react-redux's use-sync-external-store/with-selector is ours over named imports (its CommonJS required all of react,
 * which kept every part of preact/compat: 1.3 KB brotli).
 */
const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: fileURLToPath(new URL('./src/client/runtime/preact/react-dom-client.ts', import.meta.url)) },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  {
    find: /^use-sync-external-store\/with-selector(\.js)?$/,
    replacement: fileURLToPath(new URL('./src/client/runtime/preact/use-sync-external-store-with-selector.ts', import.meta.url)),
  },
];

/**
 * React Router's production build in the browser: the package's exports name only its development build, the same
 * code with its warnings on (ENABLE_DEV_WARNINGS). The client build also makes it tree-shakable
 * (scripts/react-router-tree-shaken.ts).
 */
const reactRouterForProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
};

/**
 * rjsf in the browser without two libraries our spec forms never call on: its two URI calls on the browser's URL
 * (src/client/runtime/forms/uri.ts, instead of fast-uri's 7 KB) and its allOf merge on its own mergeSchemas
 * (src/client/runtime/forms/all-of.ts, instead of @x0k/json-schema-merge's 4 KB). Brotli bytes.
 */
const lighterRjsf = [
  { find: /^fast-uri$/, replacement: fileURLToPath(new URL('./src/client/runtime/forms/uri.ts', import.meta.url)) },
  { find: /^\.\/shallowAllOfMerge\.js$/, replacement: fileURLToPath(new URL('./src/client/runtime/forms/all-of.ts', import.meta.url)) },
];

/** rjsf's fields, widgets and templates for schema features no spec form has (src/client/runtime/forms/not-in-browser.tsx). */
const RJSF_PARTS_LEFT_OUT =
  /^\.\/(ArrayField|LayoutGridField|LayoutHeaderField|LayoutMultiSchemaField|MultiSchemaField|NumberField|AltDateTimeWidget|AltDateWidget|CheckboxesWidget|ColorWidget|FileWidget|RangeWidget|RatingWidget|UpDownWidget|ArrayFieldDescriptionTemplate|ArrayFieldItemButtonsTemplate|ArrayFieldItemTemplate|ArrayFieldTemplate|ArrayFieldTitleTemplate|GridTemplate|MultiSchemaFieldTemplate)\.js$/;

function rjsfWithoutUnusedParts(): Plugin {
  const stub = fileURLToPath(new URL('./src/client/runtime/forms/not-in-browser.tsx', import.meta.url));
  return {
    name: 'rjsf-without-unused-parts',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.includes('/node_modules/@rjsf/core/lib/components/') && RJSF_PARTS_LEFT_OUT.test(source)) return stub;
      return null;
    },
  };
}

/**
 * A lazily loaded chunk's preload list (Vite's __vite__mapDeps, fetched in parallel with the chunk) leaves out
 * what the chunk that loads it imports statically, transitively: that is loaded before it runs. In the entry,
 * whose lists cover every screen and message area, that is a good part of each list: bytes of every first script.
 */
function preloadListsWithoutLoaded(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[], host: { hostId: string }) => string[] } {
  const loadedBefore = new Map<string, Set<string>>();
  const importsOf = new Map<string, readonly string[]>();
  const closure = (file: string): Set<string> => {
    const known = loadedBefore.get(file);
    if (known) return known;
    const seen = new Set<string>();
    const visit = (f: string) => {
      if (seen.has(f)) return;
      seen.add(f);
      importsOf.get(f)?.forEach(visit);
    };
    visit(file);
    loadedBefore.set(file, seen);
    return seen;
  };
  return {
    plugin: {
      name: 'preload-lists-without-loaded',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          loadedBefore.clear();
          importsOf.clear();
          for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') importsOf.set(chunk.fileName, chunk.imports);
        },
      },
    },
    // Nor the chunk itself: the import fetches it at the moment its preload would (Vite awaits only stylesheets), and
    // a chunk whose list was only itself (a message area, most screens) is then named once in the entry, not twice.
    resolveDependencies: (file, deps, { hostId }) => {
      const loaded = closure(hostId);
      return deps.filter((dep) => dep !== file && !loaded.has(dep));
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => {
  const preloadLists = preloadListsWithoutLoaded();
  return {
    plugins: [react(), precompressAssets(), liveSpecMessages(), rjsfWithoutUnusedParts(), reactRouterTreeShaken(), preloadLists.plugin],
    publicDir: 'public',
    // Path aliases (`@/domain/...`) from tsconfig.json's paths, the one place they are declared.
    // rjsf's markdown renderer: our forms show their text as written (src/client/runtime/forms/plain-markdown.tsx).
    resolve: {
      tsconfigPaths: true,
      alias: [
        { find: 'markdown-to-jsx/react', replacement: fileURLToPath(new URL('./src/client/runtime/forms/plain-markdown.tsx', import.meta.url)) },
        ...(isSsrBuild ? [] : [browserWithoutIcu]),
        ...(command === 'build' && !isSsrBuild ? [...reactOnPreact, reactRouterForProduction, ...lighterRjsf] : []),
      ],
    },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      manifest: true,
      sourcemap: false,
      target: 'es2022',
      modulePreload: { resolveDependencies: preloadLists.resolveDependencies },
    },
    ssr: {
      // Bundle our own code and the React ecosystem for the server renderer; keep Node built-ins external.
      noExternal: ['react-router', '@reduxjs/toolkit', 'react-redux'],
    },
    server: {
      proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '3001'}` },
    },
  };
});
