// `npm run new`: scaffolds that follow the architecture. Each writes the spec entry, the code and a test.
// A test (generators/generators.test.ts) runs every generator into a temporary copy and type-checks it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const kebab = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const pascal = /^[A-Z][A-Za-z0-9]*$/;
const required = (pattern, hint) => (value) => (pattern.test(value) ? true : hint);

/** The page-title files of the languages other than the default (specs/routes.es.yaml …), relative to the project. */
function routeTitleFiles(root = process.cwd()) {
  return readdirSync(join(root, 'specs'))
    .filter((name) => /^routes\.[a-z]{2,3}(-[A-Z]{2})?\.yaml$/.test(name))
    .map((name) => `specs/${name}`);
}

/** The tags of the languages other than the default (es …), from their page-title files. */
function otherLanguageTags(root = process.cwd()) {
  return routeTitleFiles(root).map((file) => file.replace(/^specs\/routes\.|\.yaml$/g, ''));
}

function nextMigrationNumber(root) {
  const dir = join(root, 'src/server/db/migrations');
  const numbers = readdirSync(dir)
    .map((f) => Number(f.slice(0, 4)))
    .filter(Number.isFinite);
  return String(Math.max(0, ...numbers) + 1).padStart(4, '0');
}

export default function generators(plop) {
  const root = plop.getDestBasePath();
  plop.setHelper('json', (v) => JSON.stringify(v));

  plop.setGenerator('screen', {
    description: 'a screen: route in specs/routes.yaml, component in src/client/features/<area>, component test',
    prompts: [
      {
        type: 'input',
        name: 'area',
        message: 'Feature area (folder under src/client/features, e.g. partners)',
        validate: required(kebab, 'lower-case words joined by hyphens'),
      },
      { type: 'input', name: 'name', message: 'Screen name (PascalCase, e.g. PartnerDirectory)', validate: required(pascal, 'PascalCase') },
      { type: 'input', name: 'routeId', message: 'Route id (camelCase)', default: (a) => a.name.charAt(0).toLowerCase() + a.name.slice(1) },
      { type: 'input', name: 'path', message: 'Route path (e.g. /app/partners)', validate: required(/^\/[a-zA-Z0-9/:_-]*$/, 'a path starting with /') },
      { type: 'input', name: 'title', message: 'Page title', validate: (v) => (v.trim() ? true : 'a title is needed') },
      { type: 'input', name: 'access', message: 'Who may open it (comma-separated: anyone, patient, support, ...)', default: 'anyone' },
      { type: 'input', name: 'form', message: 'Form to show (id in specs/forms, empty for none)', default: '' },
      { type: 'input', name: 'next', message: 'Where to go after the form is sent', default: '/' },
    ],
    actions: (answers) => [
      {
        type: 'append',
        path: 'specs/routes.yaml',
        template: [
          '  - id: {{routeId}}',
          '    path: {{path}}',
          '    area: {{area}}',
          '    screen: {{name}}Page',
          '    title: {{{json title}}}',
          `    access: [${answers.access
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .join(', ')}]`,
          '',
        ].join('\n'),
        separator: '',
      },
      // Every language's page titles must name the new route too (the spec check fails otherwise): the
      // title is written in the default language with a marker, for a translator to replace.
      ...routeTitleFiles(root).map((file) => ({
        type: 'append',
        path: file,
        template: '  {{routeId}}: {{{json title}}} # TRANSLATE: written by npm run new in the default language\n',
        separator: '',
      })),
      {
        type: 'add',
        path: 'src/client/features/{{area}}/{{name}}Page.tsx',
        templateFile: answers.form ? 'templates/screen-with-form.tsx.hbs' : 'templates/screen.tsx.hbs',
      },
      {
        type: 'add',
        path: 'src/client/features/{{area}}/{{name}}Page.test.tsx',
        templateFile: answers.form ? 'templates/screen-with-form.test.tsx.hbs' : 'templates/screen.test.tsx.hbs',
      },
      'Now run `npm run generate`: the route is registered because its screen exists. Translate its title in specs/routes.<language>.yaml.',
    ],
  });

  plop.setGenerator('form', {
    description: 'a form: specs/forms/<id>.yaml with fields taken from an entity, and a test of its messages',
    prompts: [
      { type: 'input', name: 'id', message: 'Form id (kebab-case, e.g. contact-details)', validate: required(kebab, 'lower-case words joined by hyphens') },
      { type: 'input', name: 'title', message: 'Title', validate: (v) => (v.trim() ? true : 'a title is needed') },
      { type: 'input', name: 'entity', message: 'Entity the fields come from (specs/entities)', default: 'User' },
      { type: 'input', name: 'fields', message: 'Fields (comma-separated, all required)', default: 'email' },
      { type: 'input', name: 'submitLabel', message: 'Submit button label', default: 'Continue' },
    ],
    actions: (answers) => {
      answers.fieldList = answers.fields
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return [
        { type: 'add', path: 'specs/forms/{{id}}.yaml', templateFile: 'templates/form.yaml.hbs' },
        // Every language needs the form's copy too (the spec check fails otherwise): written in the default
        // language with a marker, for a translator to replace, as for a route's title.
        ...otherLanguageTags(root).map((tag) => ({
          type: 'add',
          path: `specs/forms/{{id}}.${tag}.yaml`,
          template: [
            `# ${tag} copy of {{id}}.yaml. TRANSLATE: written by npm run new in the default language`,
            'title: {{{json title}}}',
            'submitLabel: {{{json submitLabel}}}',
            '',
          ].join('\n'),
        })),
        { type: 'add', path: 'tests/forms/{{id}}.test.tsx', templateFile: 'templates/form.test.tsx.hbs' },
        'Now run `npm run generate`, then `npm run new screen` to show the form on a page. Translate its copy in specs/forms/<id>.<language>.yaml.',
      ];
    },
  });

  plop.setGenerator('api', {
    description: 'an API resource: specs/api/<resource>.yaml, table migration, repository (typed queries), handlers, integration test',
    prompts: [
      {
        type: 'input',
        name: 'resource',
        message: 'Resource (kebab-case plural, e.g. referral-notes)',
        validate: required(kebab, 'lower-case words joined by hyphens'),
      },
      { type: 'input', name: 'summary', message: 'What the list endpoint returns', default: 'Lists the records' },
    ],
    actions: (answers) => {
      answers.migration = nextMigrationNumber(root);
      answers.table = answers.resource.replace(/-/g, '_');
      answers.camel = answers.resource.replace(/-([a-z0-9])/g, (_m, c) => c.toUpperCase());
      answers.Pascal = answers.camel.charAt(0).toUpperCase() + answers.camel.slice(1);
      return [
        { type: 'add', path: 'specs/api/{{resource}}.yaml', templateFile: 'templates/api.yaml.hbs' },
        { type: 'add', path: 'src/server/db/migrations/{{migration}}_{{table}}.sql', templateFile: 'templates/migration.sql.hbs' },
        { type: 'add', path: 'src/server/{{resource}}/repository.ts', templateFile: 'templates/repository.ts.hbs' },
        { type: 'add', path: 'src/server/{{resource}}/routes.ts', templateFile: 'templates/handlers.ts.hbs' },
        { type: 'add', path: 'src/server/{{resource}}/{{resource}}.int.test.ts', templateFile: 'templates/handlers.int.test.ts.hbs' },
        {
          type: 'modify',
          path: 'src/server/routes/index.ts',
          pattern: /( *\/\/ plop: handler imports\n)/,
          template: "import { {{camel}}Handlers } from '../{{resource}}/routes';\n$1",
        },
        { type: 'modify', path: 'src/server/routes/index.ts', pattern: /( *\/\/ plop: handlers\n)/, template: '    ...{{camel}}Handlers,\n$1' },
        'Now run `npm run generate`: the endpoints appear in the API and in /api/docs.',
      ];
    },
  });
}
