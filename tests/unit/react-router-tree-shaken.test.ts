/**
 * The browser build's React Router (scripts/react-router-tree-shaken.ts) on the installed package: an upgrade that
 * changes how its module is written would leave the transform silently doing nothing, and the data router back in
 * every first script.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { treeShakableReactRouter } from '../../scripts/react-router-tree-shaken';

const production = join(__dirname, '../../node_modules/react-router/dist/production');
const chunks = [...readFileSync(join(production, 'index.mjs'), 'utf8').matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((m) => m[1]!);
const code = [...new Set(chunks)].map((chunk) => readFileSync(join(production, chunk), 'utf8')).join('\n');

describe("the browser's React Router", () => {
  it('is the production build, with its warnings off', () => {
    expect(code).toContain('var ENABLE_DEV_WARNINGS = false;');
  });

  it('names nothing at top level, and its unused contexts and components can be dropped', () => {
    expect(code).toMatch(/^Form\.displayName = "Form";$/m);
    const shaken = treeShakableReactRouter(code);
    expect(shaken.match(/^[\w$]+\.displayName = /gm)).toBeNull();
    for (const [name, maker] of [
      ['Form', 'forwardRef'],
      ['FrameworkContext', 'createContext'],
      ['MemoizedDataRoutes', 'memo'],
    ])
      expect(shaken).toMatch(new RegExp(`^var ${name} = /\\* @__PURE__ \\*/ React\\d*\\.${maker}\\(`, 'm'));
  });

  it('changes nothing else', () => {
    const withoutNames = code.replace(/^[\w$]+\.displayName = "[^"\n]*";\n/gm, '');
    expect(treeShakableReactRouter(code).replaceAll('/* @__PURE__ */ React', 'React')).toBe(withoutNames.replaceAll('/* @__PURE__ */ React', 'React'));
  });
});
