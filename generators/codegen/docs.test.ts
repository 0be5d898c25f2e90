import { join } from 'node:path';
import { loadSpecs } from './load';
import { renderSpecDocs } from './docs';

const bundle = loadSpecs(join(process.cwd(), 'specs'));
const docs = renderSpecDocs(bundle);
const inTable = (text: string) => text.replace(/\|/g, '\\|');

describe('spec catalogue (npm run specs:docs)', () => {
  it('lists every form with its fields and the text of its messages', () => {
    for (const [id, f] of bundle.forms) expect(docs).toContain(`### ${f.data.title} (\`${id}\`)`);
    expect(docs).toMatch(
      /\| firstName \| First name \| string \| yes \| at most 50 characters; matches `\^\\p\{L\}\[\\p\{L\}\\p\{M\}'’ -\]\*\$`; not only spaces \| “Please enter the first name” \(required, minLength, x-notBlank\)/,
    );
    expect(docs).toContain('When relationship is not one of Child, Grandchild, Stepchild: dateOfBirth required.');
  });

  it('lists every flow with its variants, steps, routes and copy', () => {
    for (const [id, f] of bundle.flows) {
      expect(docs).toContain(`(\`${id}\`)`);
      for (const step of f.data.steps) expect(docs).toContain(`| ${step.id} | ${step.title} |`);
    }
    expect(docs).toContain('| child-therapy | select-age-group → select-location → select-insurance |');
    expect(docs).toContain('heading (child-therapy): “Where do they live?”');
  });

  it('lists every message and every error with its texts per audience', () => {
    for (const m of Object.values(bundle.messages)) expect(docs).toContain(inTable(m.text));
    for (const [name, e] of Object.entries(bundle.errors)) {
      expect(docs).toContain(`| ${name} | ${e.status} |`);
      for (const text of Object.values(e.audiences ?? {})) expect(docs).toContain(inTable(text));
    }
  });

  it('lists the flags routes and flows depend on', () => {
    const flags = new Set([
      ...bundle.routes.flatMap((r) => (r.flag ? [r.flag] : [])),
      ...[...bundle.flows.values()].flatMap((f) => (f.data.start?.flag ? [f.data.start.flag] : [])),
    ]);
    expect(flags.size).toBeGreaterThan(0);
    for (const flag of flags) expect(docs).toMatch(new RegExp(`\\| ${flag} \\| .*route `));
  });
});
