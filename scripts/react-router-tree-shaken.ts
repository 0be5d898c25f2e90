/**
 * React Router in the browser build (vite.config.ts, which resolves it to its production build): made tree-shakable.
 * Its one big module keeps, in every first script, the data router's and the framework's
 * parts (Form, ScrollRestoration, their contexts and what they call) that our declarative router never renders: each
 * is made by a call (createContext, forwardRef, memo) a bundler cannot know is pure, and named by a top-level
 * `X.displayName = "X"` (a name for React's developer tools). Marking those calls pure and leaving the names out lets
 * the bundler drop what nothing uses (1.2 KB brotli of every first script); what is used is unchanged.
 */
import type { Plugin } from 'vite';

/** The production build's modules the transform applies to (its entry re-exports them). */
export const REACT_ROUTER_CHUNK = /\/node_modules\/react-router\/dist\/production\/chunk-[^/]+\.mjs$/;

/** React Router's module without its top-level display names, its contexts and components marked pure. */
export function treeShakableReactRouter(code: string): string {
  return code
    .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";\n/gm, '')
    .replace(/^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2');
}

/** The client build's transform (not the server renderer's: the server bundles React Router as it comes). */
export function reactRouterTreeShaken(): Plugin {
  return {
    name: 'react-router-tree-shaken',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id)) return null;
      return { code: treeShakableReactRouter(code), map: null };
    },
  };
}
