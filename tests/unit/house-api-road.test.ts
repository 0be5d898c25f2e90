/**
 * One road for server state: screens read and write server data through the generated hooks
 * (src/generated/client/hooks.ts: use*Query, use*Mutation, apiQueries, queryKeys), so every read is cached
 * under its generated key and every change invalidates the same keys. A screen that takes the typed client
 * itself (`useApi()`) and wraps it in a hand-written query or mutation is a second road. File downloads, one query
 * per patient and checks run on submit take the generated options bound to the client (src/client/api/api-queries.ts:
 * useApiQueries, useFetchNow), not the client; what still calls `useApi()` may only go down: the ceiling is lowered
 * as screens move over, never raised.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
const CLIENT = join(ROOT, 'src', 'client');
/** Where useApi is defined (and handed to the generated hooks): not a caller. */
const API_DOOR = 'src/client/api/api-context.tsx';

// 45: before the move (screens wrapping the client in their own useQuery/useMutation and keys).
// 33: the patient portal, verification and partner screens read through the generated hooks.
// 32: the support session search.
// 17: the patient, support, care and partner screens take the generated options (src/client/api/api-queries.ts), not the client.
// 3: the visitor, landing and booking screens, the slot picker dialog, the card gateway and the submit-time checks
//    (what stays: api-queries.ts itself, the app frame's language choice outside the query frame, the hubs' folded places).
// 2: the hubs' folded list of places reads each page through the generated options (what stays: api-queries.ts
//    itself and the app frame's language choice, outside the query frame).
const USE_API_FILE_CEILING = 2;

/** Every file of the client (tests aside). */
function clientFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return clientFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The number of `useApi()` calls in a source (calls only: not a word in a comment or a string). */
export function useApiCalls(source: string, fileName = 'file.tsx'): number {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let calls = 0;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'useApi') calls++;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls;
}

const filesCallingUseApi = () =>
  clientFiles(CLIENT)
    .map((path) => ({ file: relative(ROOT, path).split('\\').join('/'), calls: useApiCalls(readFileSync(path, 'utf8'), path) }))
    .filter((f) => f.file !== API_DOOR && f.calls > 0)
    .map((f) => f.file);

test('the counter finds useApi() calls, in components and hooks, and not the word in comments or strings', () => {
  expect(useApiCalls('function A() {\n  const api = useApi();\n  return <p>{api ? 1 : 0}</p>;\n}')).toBe(1);
  expect(useApiCalls("// screens call useApi() no more\nconst text = 'useApi()';\nimport { useApi } from './api-context';")).toBe(0);
});

test(`no more than ${USE_API_FILE_CEILING} client files call useApi() (the rest read and write through the generated hooks)`, () => {
  const files = filesCallingUseApi();
  // The counter must see the client's files, not an empty list.
  expect(files.length).toBeGreaterThan(0);
  expect(files.length).toBeLessThanOrEqual(USE_API_FILE_CEILING);
});

test('the portal, verification and partner screens keep no query key of their own: their reads go through the generated keys', () => {
  const handWritten = clientFiles(CLIENT)
    .map((path) => relative(ROOT, path).split('\\').join('/'))
    .filter((file) => /^src\/client\/(features\/(patient|verification|partners)|api)\//.test(file))
    .filter((file) => /\b\w+Keys\s*=\s*\{/.test(readFileSync(join(ROOT, file), 'utf8')));
  expect(handWritten).toEqual([]);
});
