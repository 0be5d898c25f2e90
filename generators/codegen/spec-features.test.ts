/** Spec features beyond plain JSON Schema: shared fields, message merging, enum exclusions, picked constants, flow and route checks. */
import { copySpecs, type SpecCopy } from '@tests/support/spec-copy';
import { specProblems } from '@tests/support/spec-problems';
import { inlineRefs } from '@/domain/validation/schema-refs';
import { fieldSchema } from '@/domain/validation/schema-path';
import { dereference } from './deref';
import { loadSpecs } from './load';
import type { JsonSchema, SpecBundle } from './model';
import { emitApi, rawEndpoints, resolveEndpoint, sharedSchemas } from './emit/structure';

let copy: SpecCopy;
beforeEach(() => {
  copy = copySpecs();
});
afterEach(() => copy.remove());

const problemsOf = () => specProblems(copy.dir);

const resolve = (b: SpecBundle, schema: JsonSchema) => dereference(schema, { entities: b.entities, enums: b.enums, constants: b.constants }, schema);

describe('references in schemas', () => {
  it('writes each entity once in the API table and points at it, field references inlined', () => {
    const b = loadSpecs(copy.dir);
    const verify = b.apis.flatMap((f) => f.data.endpoints.map((e) => resolveEndpoint(b, f.data.resource, e))).find((e) => e.id === 'verifyEmailOtp')!;
    const body = verify.body as { properties: Record<string, JsonSchema & { properties?: Record<string, JsonSchema> }> };
    expect(body.properties.otp).toEqual({ $ref: 'OneTimeCode' });
    expect(body.properties.newAccount!.properties!.address).toEqual({ $ref: 'Address' });
    expect(body.properties.email!.$ref).toBeUndefined();
    expect(body.properties.email!.format).toBe('email');
    const shared = sharedSchemas(b);
    expect(Object.keys(shared).sort()).toEqual([...b.entities.keys()].sort());
    expect(shared.Address).toMatchObject({ $id: 'Address', properties: { zipcode: { $ref: 'Zip', title: 'Zip code' } } });
    const api = emitApi(b);
    // The entity's description (a sentence of its own) is written once, in apiSchemas.
    expect(api.split(String(b.entities.get('Address')!.data.description)).length - 1).toBe(1);
  });

  it('reads the same through $ref as the inlined schema did (every endpoint part)', () => {
    const b = loadSpecs(copy.dir);
    const shared = sharedSchemas(b);
    const inline = (s: JsonSchema | undefined) => (s ? dereference(s, { entities: b.entities, enums: b.enums, constants: b.constants }, s) : undefined);
    const raw = new Map(rawEndpoints(b).map((e) => [e.id, e]));
    for (const f of b.apis)
      for (const e of f.data.endpoints) {
        const kept = resolveEndpoint(b, f.data.resource, e);
        const written = raw.get(e.id)!;
        for (const part of ['params', 'query', 'body'] as const) {
          const schema = kept[part];
          expect([e.id, part, schema && inlineRefs(schema, shared)]).toEqual([e.id, part, inline(written[part])]);
        }
        for (const [status, r] of Object.entries(kept.responses))
          expect([e.id, status, r.schema && inlineRefs(r.schema, shared)]).toEqual([e.id, status, inline(written.responses[status]!.schema)]);
      }
  });

  it("finds a field's messages through references", () => {
    const b = loadSpecs(copy.dir);
    const shared = sharedSchemas(b);
    const schema = { type: 'object', properties: { home: { $ref: 'Address', 'x-messages': { required: 'validation.address.line1.required' } } } };
    expect(fieldSchema(schema, 'home.zipcode', shared)).toMatchObject({ title: 'Zip code', 'x-messages': { pattern: 'validation.address.zipcode.invalid' } });
    expect(fieldSchema(schema, 'home', shared)?.['x-messages']).toMatchObject({ required: 'validation.address.line1.required' });
    // Without the table a reference reads as written: no messages of its own, never an error.
    expect(fieldSchema(schema, 'home.zipcode')).toBeUndefined();
  });

  it("adds messages named beside a $ref to the field's own, and drops an entity's type name and notes", () => {
    const b = loadSpecs(copy.dir);
    const dob = resolve(b, { $ref: 'DateOfBirth', title: 'Date of birth', 'x-messages': { 'x-minAgeYears': 'validation.dateOfBirth.minor' } });
    expect(dob.title).toBe('Date of birth');
    expect(dob.description).toBeUndefined();
    expect(dob['x-messages']).toMatchObject({ required: 'validation.dateOfBirth.required', 'x-minAgeYears': 'validation.dateOfBirth.minor' });
  });

  it('leaves out excluded enumeration values beside x-enum or a $ref', () => {
    const b = loadSpecs(copy.dir);
    const all = b.enums.gender!.values.map((v) => v.value);
    const gender = resolve(b, { $ref: 'Patient#/properties/gender', 'x-enumExclude': ['Unknown'] });
    expect(gender.enum).toEqual(all.filter((v) => v !== 'Unknown'));
    expect(gender['x-enumExclude']).toBeUndefined();
  });

  it('picks one property of each item of a constant list', () => {
    const b = loadSpecs(copy.dir);
    const codes = (b.constants.usStates!.value as { code: string }[]).map((s) => s.code);
    expect(resolve(b, { type: 'string', enum: { $constant: 'usStates', pick: 'code' } }).enum).toEqual(codes);
  });

  it('reports an excluded value that the enumeration does not have', () => {
    copy.edit('forms/booking-patient-information.yaml', (t) => t.replace('x-enumExclude: [Unknown]', 'x-enumExclude: [Other]'));
    expect(problemsOf()).toMatch(/booking-patient-information\.yaml.*x-enumExclude: "Other" is not a value of x-enum "gender"/);
  });

  it('reports a pick from a constant that is not a list of objects', () => {
    copy.edit('entities/StateCode.yaml', (t) => t.replace('{ $constant: usStates, pick: code }', '{ $constant: stateListPrimary, pick: code }'));
    expect(problemsOf()).toMatch(/StateCode\.yaml.*\$constant "stateListPrimary" with pick "code"/);
  });
});

describe('routes and flows', () => {
  it('reports a flag-off route that does not exist', () => {
    copy.edit('routes.yaml', (t) => t.replace('flagOffRoute: careMaintenance', 'flagOffRoute: nowhere'));
    expect(problemsOf()).toMatch(/routes\.yaml:\d+\s+at \/routes\/\d+\/flagOffRoute: route "nowhere" is not in specs\/routes.yaml/);
  });

  it('reports a flow step on an unknown route, form or variant', () => {
    copy.edit('flows/booking.yaml', (t) =>
      t.replace('patient: userBookingPayment', 'patients: userBookingPayments').replace('form: booking-email', 'form: no-such-form'),
    );
    const problems = problemsOf();
    expect(problems).toMatch(/booking\.yaml.*variant "patients" is not one of this flow's variants \(support, patient\)/);
    expect(problems).toMatch(/booking\.yaml.*route "userBookingPayments" is not in specs\/routes.yaml/);
    expect(problems).toMatch(/booking\.yaml.*at \/steps\/0\/form: form "no-such-form" is not in specs\/forms/);
  });

  it('reports a variant that lists a step the flow does not have', () => {
    copy.edit('flows/search-questionnaire.yaml', (t) => t.replace('steps: [select-service, select-insurance]', 'steps: [select-service, select-payment]'));
    expect(problemsOf()).toMatch(/search-questionnaire\.yaml.*at \/variants\/generic\/steps\/1: step "select-payment" is not a step of this flow/);
  });

  it('reports choices from an unknown enumeration', () => {
    copy.edit('flows/search-questionnaire.yaml', (t) => t.replace('enum: clientAgeGroup', 'enum: ageGroups'));
    expect(problemsOf()).toMatch(/enumeration "ageGroups" is not in specs\/enums/);
  });
});

describe('content', () => {
  it('checks a content file against the shape of its kind', () => {
    copy.edit('content/testimonials.yaml', (t) => t.replace('    name: Dana R.\n', ''));
    expect(problemsOf()).toMatch(/testimonials\.yaml.*missing required property "name"/);
  });

  it('reports a landing page block that is not a content file', () => {
    copy.edit('content/landing-city.yaml', (t) => t.replace('blocks: [city-faq,', 'blocks: [city-questions,'));
    expect(problemsOf()).toMatch(/landing-city\.yaml.*content "city-questions" is not in specs\/content/);
  });
});
