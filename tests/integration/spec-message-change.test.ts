/**
 * A product owner changes a validation message in specs/ and regenerates: the new sentence is what
 * the form validation and the API answer with, without any code change.
 */
import { parseDocument } from 'yaml';
import type { FastifyInstance } from 'fastify';
import { messages } from '@/generated/messages';
import type { FormDefinition } from '@/generated/types';
import { openTestDatabase, type TestDatabase } from '../support/database';
import { testConfig } from '../support/app';
import { regenerateSpecs, useRegenerated, type RegeneratedSpecs } from '../support/regenerated-specs';

const KEY = 'validation.firstName.requiredAlt';
const CHANGED = 'Tell us the first name of the person the session is for';
const FORM = 'booking-patient-information';

let regenerated: RegeneratedSpecs;
let db: TestDatabase;

beforeAll(async () => {
  regenerated = await regenerateSpecs((copy) => {
    copy.edit('messages/names.yaml', (text) => {
      const doc = parseDocument(text);
      doc.setIn(['messages', KEY, 'text'], CHANGED);
      return doc.toString();
    });
    // An endpoint whose body is the booking patient form, declared in the changed specs.
    copy.write(
      'api/message-probe.yaml',
      [
        'resource: message-probe',
        'description: Echoes a booking patient form, to see its validation from the API.',
        'endpoints:',
        '  - id: echoPatientInformation',
        '    method: POST',
        '    path: /message-probe',
        '    summary: Echo the patient information',
        '    access: [anyone]',
        `    bodyForm: ${FORM}`,
        '    responses:',
        '      "200": { description: The body as sent. }',
        '',
      ].join('\n'),
    );
  });
  db = await openTestDatabase();
});

afterAll(async () => {
  await db.close();
  regenerated.remove();
});

it('the committed message is not the changed one (the change is visible)', () => {
  expect(messages[KEY]).not.toBe(CHANGED);
});

it('form validation (describeIssues) shows the changed message', async () => {
  await jest.isolateModulesAsync(async () => {
    useRegenerated(regenerated, ['messages']);
    const { describeIssues, issuesFromAjv } = await import('@/domain/validation/field-errors');
    const { createAjv } = await import('@/domain/validation/ajv');
    const form = ((await import(`${regenerated.dir}/forms/${FORM}.ts`)) as { default: FormDefinition }).default;
    const validate = createAjv().compile(form.schema);
    validate({ relationship: 'Self', lastName: 'Rivera', gender: 'Female', dateOfBirth: '1990-04-02' });
    expect(describeIssues(issuesFromAjv(validate.errors), form.schema, form.messages)).toEqual([{ field: 'firstName', keyword: 'required', message: CHANGED }]);
  });
});

it('the API answers 400 with the changed message', async () => {
  let app: FastifyInstance | undefined;
  await jest.isolateModulesAsync(async () => {
    useRegenerated(regenerated, ['messages', 'api']);
    const { buildApp } = await import('@/server/app');
    const { registerEndpoints } = await import('@/server/routes/registry');
    app = await buildApp({ config: testConfig(), database: db.database, serveClient: false, seed: false, logger: false });
    await app.register(
      // The endpoint exists only in the regenerated specs, so the committed Handlers type does not know it.
      async (api) => registerEndpoints(api, { echoPatientInformation: async (request: { body: unknown }) => request.body } as never),
      { prefix: '/api' },
    );
    await app.ready();
  });
  try {
    const res = await app!.inject({
      method: 'POST',
      url: '/api/message-probe',
      payload: { relationship: 'Self', firstName: '', lastName: 'Rivera', gender: 'Female', dateOfBirth: '1990-04-02' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'firstName', keyword: 'minLength', reason: CHANGED, in: 'body' }]);
  } finally {
    await app?.close();
  }
});
