// Lint: TypeScript-aware rules, React hooks, and the architecture's walls:
// feature folders do not import from each other; src/domain stays free of UI, server and I/O.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Path aliases (`@/client/...`, `@tests/...`) from tsconfig.json's paths, the one place they are declared.
const root = path.dirname(fileURLToPath(import.meta.url));
const aliases = Object.entries(JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8')).compilerOptions.paths ?? {}).map(([alias, [target]]) => [
  alias.replace(/\*$/, ''),
  path.resolve(root, target.replace(/\*$/, '')),
]);

/** The file an import names: relative to the importing file, or through an alias; undefined for packages. */
function resolveImport(file, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  const alias = aliases.find(([prefix]) => source.startsWith(prefix));
  return alias ? path.join(alias[1], source.slice(alias[0].length)) : undefined;
}

const featureWalls = {
  meta: { type: 'problem', docs: { description: 'feature folders do not import from each other' }, schema: [] },
  create(context) {
    const file = context.filename;
    const mine = /src[\\/]client[\\/]features[\\/]([^\\/]+)/.exec(file)?.[1];
    if (!mine) return {};
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        const target = typeof source === 'string' ? resolveImport(file, source) : undefined;
        if (!target) return;
        const theirs = /src[\\/]client[\\/]features[\\/]([^\\/]+)/.exec(target)?.[1];
        if (theirs && theirs !== mine) {
          context.report({
            node,
            message: `Feature "${mine}" must not import from feature "${theirs}"; move shared code to runtime/, store/, ui/ or domain/.`,
          });
        }
      },
    };
  },
};

/**
 * Screens read copy in the page's language (issue 22): never the default language's tables directly. The
 * message table is read through message()/messageTemplate() (@/domain/messages); enumeration labels and
 * options through enumLabelOf()/enumOptionsOf(), error sentences through errorTemplate() or the API's
 * catalogueText(), and a content document or flow only as the argument of liveDocument()/localizedDocument()/
 * localizedContent() (@/domain/translations), which answer in the active language.
 */
const LOCALIZING_CALLS = new Set(['liveDocument', 'localizedDocument', 'localizedContent']);
const copyInLanguage = {
  meta: { type: 'problem', docs: { description: 'screens read copy through the locale-aware functions' }, schema: [] },
  create(context) {
    const report = (node, message) => context.report({ node, message });
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (source === '@/generated/messages' || /generated\/messages$/.test(source)) {
          for (const s of node.specifiers) {
            if (s.type === 'ImportSpecifier' && s.imported.name === 'messages' && s.importKind !== 'type')
              report(s, "Read messages with message() or messageTemplate() from '@/domain/messages' (the page's language), not the English table.");
          }
        }
        if (/generated\/(content|flows)\//.test(source)) {
          for (const s of node.specifiers) {
            if (s.type !== 'ImportDefaultSpecifier' || node.importKind === 'type') continue;
            const variable = context.sourceCode.getDeclaredVariables(s)[0];
            for (const ref of variable?.references ?? []) {
              const parent = ref.identifier.parent;
              const wrapped =
                parent.type === 'CallExpression' &&
                parent.arguments.includes(ref.identifier) &&
                parent.callee.type === 'Identifier' &&
                LOCALIZING_CALLS.has(parent.callee.name);
              if (!wrapped && parent.type !== 'TSTypeQuery')
                report(ref.identifier, `Read ${source} through liveDocument() or localizedContent() from '@/domain/translations' (the page's language).`);
            }
          }
        }
      },
      MemberExpression(node) {
        const object = node.object;
        const name = node.property.type === 'Identifier' ? node.property.name : undefined;
        if (
          object.type === 'MemberExpression' &&
          object.object.type === 'Identifier' &&
          object.object.name === 'enums' &&
          (name === 'labels' || name === 'options')
        )
          report(node, "Read enumeration labels with enumLabelOf() / enumOptionsOf() from '@/domain/translations' (the page's language).");
        if (
          object.type === 'MemberExpression' &&
          object.object.type === 'Identifier' &&
          object.object.name === 'errorCatalogue' &&
          (name === 'message' || name === 'audiences' || name === 'title')
        )
          report(node, "Read error sentences with errorTemplate() from '@/domain/translations' or catalogueText() (the page's language).");
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'coverage/**', 'node_modules/**', 'src/generated/**', '.tmp/**', 'generators/templates/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, house: { rules: { 'feature-walls': featureWalls, 'copy-in-language': copyInLanguage } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'house/feature-walls': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'fastify', '@fastify/*', 'pg', '@electric-sql/*', 'node:*', 'fs', 'path'],
              message: 'src/domain holds pure rules: no UI, server or I/O imports.',
            },
            {
              group: ['**/client/**', '**/server/**', '@/client/**', '@/server/**'],
              message: 'src/domain is shared by client and server and imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    // One road to the API: a screen's query keys come from src/generated/client/hooks.ts (queryKeys,
    // queryRoot, apiQueries, use*Query), never a hand-written ['name', …] literal.
    files: ['src/client/**/*.ts', 'src/client/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Property[key.name='queryKey'] > ArrayExpression > Literal:first-child, Property[key.name='queryKey'] > TSAsExpression > ArrayExpression > Literal:first-child",
          message: 'Use the generated query keys (queryKeys, queryRoot, apiQueries or a use*Query hook from @/generated/client/hooks).',
        },
      ],
    },
  },
  {
    // Screens write in the page's language: no default-language copy table read directly (tests may).
    files: ['src/client/**/*.ts', 'src/client/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'house/copy-in-language': 'error' },
  },
  {
    files: ['scripts/**', 'generators/**', 'tests/**', 'src/server/main.ts', 'src/server/db/seed/cli.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
