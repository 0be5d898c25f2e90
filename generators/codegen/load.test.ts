import { copySpecs, type SpecCopy } from '@tests/support/spec-copy';
import { specProblems } from '@tests/support/spec-problems';
import { loadSpecs } from './load';

let copy: SpecCopy;
beforeEach(() => {
  copy = copySpecs();
});
afterEach(() => copy.remove());

const problemsOf = () => specProblems(copy.dir);

describe('spec validation', () => {
  it('accepts the specs as committed', () => {
    expect(() => loadSpecs(copy.dir)).not.toThrow();
  });

  it('names the file and line of a YAML syntax error', () => {
    copy.edit('routes.yaml', (t) => `${t}\n  - id: [unclosed\n`);
    expect(problemsOf()).toMatch(/specs\/routes\.yaml:\d+ .*YAML syntax/);
  });

  it('names the file, the path inside it and the problem when a spec breaks its meta-schema', () => {
    copy.edit('routes.yaml', (t) => t.replace('path: /app/404', 'path: app-404-without-slash'));
    const message = problemsOf();
    expect(message).toMatch(/specs\/routes\.yaml:\d+\s+at \/routes\/\d+\/path: must match/);
  });

  it('reports an unknown property with its path', () => {
    copy.edit('routes.yaml', (t) => t.replace('    specRow: Home', '    spec_row: Home'));
    expect(problemsOf()).toMatch(/at \/routes\/0\/spec_row: unknown property "spec_row"/);
  });

  it('reports a message key that does not exist', () => {
    copy.edit('entities/User.yaml', (t) => t.replace('format: validation.email.invalid', 'format: validation.email.nope'));
    expect(problemsOf()).toMatch(
      /specs\/entities\/User\.yaml:\d+\s+at \/properties\/email\/x-messages\/format: message "validation.email.nope" is not in specs\/messages.yaml/,
    );
  });

  it('reports a $ref to an entity that does not exist', () => {
    copy.edit('forms/sign-in-email.yaml', (t) => t.replace('$ref: User#/properties/email', '$ref: Nobody#/properties/email'));
    expect(problemsOf()).toMatch(/specs\/forms\/sign-in-email\.yaml.*\$ref "Nobody#\/properties\/email" names no entity/);
  });

  it('reports a name defined twice across catalogue files', () => {
    copy.write('messages/extra.yaml', 'messages:\n  validation.email.required: Twice\n');
    expect(problemsOf()).toMatch(/"validation.email.required" is already defined in specs\/messages(\.yaml|\/extra\.yaml)/);
  });

  it('reports a spec file no meta-schema covers', () => {
    copy.write('stray.yaml', 'a: 1\n');
    expect(problemsOf()).toMatch(/specs\/stray\.yaml.*no meta-schema covers this file/);
  });

  it('reports an endpoint path parameter that is not declared', () => {
    copy.edit('api/health.yaml', (t) => t.replace('path: /health', 'path: /health/{id}'));
    expect(problemsOf()).toMatch(/path parameter "id" is not declared in params/);
  });
});
