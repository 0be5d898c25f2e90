import { copySpecs, type SpecCopy } from '@tests/support/spec-copy';
import { specProblems } from '@tests/support/spec-problems';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadSpecs } from './load';

/** Every Spanish spec file, relative to the specs folder. */
function spanishFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.es.yaml')).map((f) => relative(dir, join(dir, f)));
}

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

  it('refuses markdown in a form: the browser build shows form text as written', () => {
    copy.edit('forms/sign-in-email.yaml', (t) =>
      t.replace('    ui:autocomplete: email', '    ui:autocomplete: email\n    ui:enableMarkdownInDescription: true'),
    );
    expect(problemsOf()).toMatch(/specs\/forms\/sign-in-email\.yaml.*enableMarkdownInDescription: forms show their text as written/);
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

describe('languages', () => {
  /**
   * Declares a third language, "fr", in the copy of the specs, with a file beside every file with copy (the Spanish
   * text stands in for the French, except the dates each test writes).
   */
  const declareFrench = () => {
    copy.edit('constants/locales.yaml', (t) =>
      t.replace('      - tag: es\n', '      - tag: fr\n        intl: fr-FR\n        name: Français\n        pathPrefix: /fr\n      - tag: es\n'),
    );
    for (const file of spanishFiles(copy.dir))
      if (file !== 'messages/dates.es.yaml') cpSync(join(copy.dir, file), join(copy.dir, file.replace(/\.es\.yaml$/, '.fr.yaml')));
  };
  const frenchDates = (omit?: string) =>
    [
      'messages:',
      '  validation.date.invalid: Veuillez saisir une date valide',
      '  validation.date.notInPast: La date doit être passée',
      '  validation.dateOfBirth.required: Veuillez saisir la date de naissance',
      '  validation.dateOfBirth.tooOld: Veuillez choisir une date de naissance après le {date}',
      '  validation.dateOfBirth.minor: Ne peut pas être mineur',
      '  dates.dayAtTime: "{day} à {time}"',
    ]
      .filter((line) => !omit || !line.includes(omit))
      .join('\n');

  it('accepts a complete file of a third language', () => {
    declareFrench();
    copy.write('messages/dates.fr.yaml', frenchDates());
    expect(() => loadSpecs(copy.dir)).not.toThrow();
  });

  it('fails naming the file when a third language has no file beside one with copy', () => {
    declareFrench();
    expect(problemsOf()).toMatch(/specs\/messages\/dates\.yaml\s+at \(document\): has no "fr" copy: add specs\/messages\/dates\.fr\.yaml with its keys/);
  });

  it('fails naming the file and the key when a third language misses one key', () => {
    declareFrench();
    copy.write('messages/dates.fr.yaml', frenchDates('validation.dateOfBirth.minor'));
    expect(problemsOf()).toMatch(
      /specs\/messages\/dates\.fr\.yaml(:\d+)?\s+at \/messages\/validation\.dateOfBirth\.minor: missing key "messages › validation\.dateOfBirth\.minor"/,
    );
  });

  it('fails when a translation drops or renames a placeholder', () => {
    declareFrench();
    copy.write('messages/dates.fr.yaml', frenchDates().replace('après le {date}', 'après le {jour}'));
    expect(problemsOf()).toMatch(
      /dates\.fr\.yaml.*placeholders of "messages › validation\.dateOfBirth\.tooOld" differ: the default locale has \{date\}, this file has \{jour\}/,
    );
  });

  it('refuses a file of a language that is not declared', () => {
    copy.write('messages/dates.de.yaml', 'messages:\n  validation.date.invalid: Ungültiges Datum\n');
    expect(problemsOf()).toMatch(/specs\/messages\/dates\.de\.yaml.*"de" is not a language of specs\/constants\/locales\.yaml/);
  });

  it('checks every kind of copy: a mail template missing its subject names it', () => {
    copy.write('mail/sign-in-code.es.yaml', 'text: "Hola"\n');
    expect(problemsOf()).toMatch(/specs\/mail\/sign-in-code\.es\.yaml(:\d+)?\s+at \/subject: missing key "subject"/);
  });

  it("checks a route's description like its title: a language file without it names the route", () => {
    copy.edit('routes.es.yaml', (t) => t.replace(/\n {4}description: Busque [^\n]*/, ''));
    expect(problemsOf()).toMatch(
      /specs\/routes\.es\.yaml(:\d+)?\s+at \/routes\/providerSearch\/description: missing key "routes › providerSearch › description"/,
    );
    copy.edit('routes.es.yaml', (t) =>
      t.replace(
        '  providersState: Proveedores de salud mental en su estado',
        '  providersState:\n    title: Proveedores de salud mental en su estado\n    description: Sin descripción en inglés',
      ),
    );
    expect(problemsOf()).toMatch(/"routes › providersState › description" is not copy of the default locale file/);
  });

  it('reads a form field named description as a field: its title is copy, its schema and messages are not', () => {
    copy.edit('forms/care-request-change.es.yaml', (t) => t.replace(/\n {4}description:\n {6}title: [^\n]*/, ''));
    const problems = problemsOf();
    expect(problems).toMatch(/care-request-change\.es\.yaml(:\d+)?\s+at \/schema\/properties\/description\/title: missing key/);
    expect(problems).not.toMatch(/description › \$ref|description › ui:widget|description › required/);
  });

  it("needs an entity's field titles in every language (forms show them as labels) and not its type names", () => {
    rmSync(join(copy.dir, 'entities/PersonName.es.yaml'));
    expect(problemsOf()).toMatch(/specs\/entities\/PersonName\.yaml\s+at \(document\): has no "es" copy: add specs\/entities\/PersonName\.es\.yaml/);
    copy.write('entities/PersonName.es.yaml', 'properties:\n  firstName: { title: Nombre }\n');
    expect(problemsOf()).toMatch(/PersonName\.es\.yaml(:\d+)?\s+at \/properties\/lastName\/title: missing key/);
    // "LatestMeasures" names the generated type of a nested object: nothing to translate.
    expect(problemsOf()).not.toMatch(/CareClient/);
  });

  it("refuses a landing page's structure in a language file: its blocks and page type are not copy", () => {
    copy.edit('content/landing-city.es.yaml', (t) => `${t}pageType: ciudad\nblocks: [awards]\n`);
    const problems = problemsOf();
    expect(problems).toMatch(/landing-city\.es\.yaml.*"pageType" is not copy of the default locale file/);
    expect(problems).toMatch(/landing-city\.es\.yaml.*"blocks › 0" is not copy of the default locale file/);
  });
});
