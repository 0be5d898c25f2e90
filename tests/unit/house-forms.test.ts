/**
 * Staff forms through SpecForm: a form a person fills and sends (a note, a decision, a profile, a refund) is a spec
 * form (specs/forms), drawn by the form renderer with its schema's rules and the catalogue's words in the reader's
 * language. A raw `<input>`, `<select>` or `<textarea>` in a staff screen is a second way to build a form; what may stay
 * is listed below, each with why it is not such a form: a search or a filter (a query: it changes nothing), a switch
 * that saves on its own, an editor of many rows. The list only shrinks.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
/** The staff screens: support (front desk) and care (clinicians, clinical admins, the RCD). */
const STAFF_FOLDERS = ['src/client/features/support', 'src/client/features/care'];

/** Staff files that may draw raw controls, and why each is not a spec form. */
const NOT_FORMS: Readonly<Record<string, string>> = {
  'src/client/features/care/AvailabilityForm.tsx': 'the weekly hours editor: rows of times added and removed, saved together',
  'src/client/features/care/CareAdminPage.tsx': 'a search box that filters the providers as it is typed',
  'src/client/features/care/ClientsPage.tsx': 'a search box that filters the list as it is typed',
  'src/client/features/care/NewClientsSwitch.tsx': 'a switch that saves on its own when turned',
  'src/client/features/care/ProviderRequestsPanel.tsx': 'the kind of request, which only chooses the spec form shown below it',
  'src/client/features/care/MakeReferralPage.tsx': 'the search box that finds the receiving provider as it is typed',
  'src/client/features/support/SessionSearch.tsx': 'the session search: a query of several fields, it changes nothing',
  'src/client/features/support/SyncAuditPage.tsx': 'filters of the sync audit list: a query, it changes nothing',
  'src/client/features/support/Pick.tsx': 'the state and practice dropdowns that narrow what a screen lists',
  'src/client/features/support/AgendaPage.tsx': 'the practice and day whose agenda is shown',
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [path] : [];
  });
}

/** The raw form controls a source draws (JSX elements only: not the words in a comment or a string). */
export function rawControls(source: string, fileName = 'file.tsx'): number {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let count = 0;
  const visit = (node: ts.Node) => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && ['input', 'select', 'textarea'].includes(node.tagName.getText(file))) count++;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return count;
}

const staffFilesWithRawControls = () =>
  STAFF_FOLDERS.flatMap((folder) => filesUnder(join(ROOT, folder)))
    .filter((path) => rawControls(readFileSync(path, 'utf8'), path) > 0)
    .map((path) => relative(ROOT, path).split('\\').join('/'))
    .sort();

test('the counter finds raw controls in JSX, and not the words in comments or strings', () => {
  expect(rawControls('const a = <div><input id="x" /><select>{o}</select><textarea /></div>;')).toBe(3);
  expect(rawControls("// no <input> here\nconst s = '<select>';\nconst b = <Input />;")).toBe(0);
});

test('staff screens draw raw form controls only where they are not forms (searches, filters, switches, editors)', () => {
  const files = staffFilesWithRawControls();
  // The walk must see the staff screens, not an empty list.
  expect(STAFF_FOLDERS.flatMap((folder) => filesUnder(join(ROOT, folder))).length).toBeGreaterThan(20);
  expect(files.filter((file) => !(file in NOT_FORMS))).toEqual([]);
});

test('every file the list allows still draws a raw control (the list only shrinks)', () => {
  const files = staffFilesWithRawControls();
  expect(Object.keys(NOT_FORMS).filter((file) => !files.includes(file))).toEqual([]);
});
