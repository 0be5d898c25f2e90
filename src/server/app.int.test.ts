import { startTestApp, type TestApp } from '@tests/support/app';
import { testDatabaseKind } from '@tests/support/database';
import { errorCatalogue } from '../generated/errors';
import { messages } from '../generated/messages';
import form from '../generated/forms/sign-in-email';
import { routeOptionsFor } from './routes/registry';
import { compileEverySchema } from './plugins/validation';
import type { EndpointDefinition } from '../generated/types';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  // An endpoint whose body is the sign-in form, to see form validation come back from the API.
  const echo: EndpointDefinition = {
    id: 'echoSignIn',
    resource: 'test',
    method: 'POST',
    path: '/test/echo',
    summary: 'echo',
    access: ['anyone'],
    body: form.schema,
    responses: { '200': { description: 'ok' } },
    errors: [],
    audit: false,
    messages: form.messages,
  };
  await t.app.close();
  const { buildApp } = await import('./app');
  const app = await buildApp({ config: t.config, database: t.db.database, serveClient: false, seed: false, logger: false });
  app.register(
    async (api) => {
      api.route(routeOptionsFor(echo, async (request) => request.body as never));
    },
    { prefix: '/api' },
  );
  await app.ready();
  // This app replaces the first: closing it stops its job engine (pg-boss timers), then the database.
  const { db } = t;
  t = {
    ...t,
    app,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
});

afterAll(async () => {
  await t.close();
});

describe('API basics', () => {
  it('answers health with status, version and the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/), database: testDatabaseKind() });
  });

  it('answers unknown API paths with the catalogue 404 in JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ errorCode: 'NOT_FOUND', message: errorCatalogue.NOT_FOUND.message });
  });

  it('publishes an OpenAPI 3 document built from the spec schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.operationId).toBe('getHealth');
    expect(doc.paths['/api/health'].get.responses['200'].content['application/json'].schema.properties.database.enum).toEqual(['pglite', 'postgres']);
  });

  it('writes each entity once in the OpenAPI document and points at it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Address', 'BookedAppointment', 'Patient']));
    expect(doc.components.schemas.Address.properties.zipcode).toEqual({ $ref: '#/components/schemas/Zip' });
    expect(doc.paths['/api/appointments'].get.responses['200'].content['application/json'].schema.properties.items.items).toEqual({
      $ref: '#/components/schemas/BookedAppointment',
    });
    // Nothing inlines an entity: its own description appears in components only.
    expect(JSON.stringify(doc).split(doc.components.schemas.Address.description).length - 1).toBe(1);
  });

  it('serves the docs UI without any network', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    // Every script and stylesheet the page loads is served by this server, not a CDN.
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^https?:/);
      const url = new URL(asset, 'http://local/api/docs/').pathname;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });
});

describe('request validation speaks the spec messages', () => {
  it('names the missing field with its message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: {} });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errorCode).toBe('VALIDATION_FAILED');
    expect(body.errors[0]).toMatchObject({ field: 'email', reason: messages['validation.email.required'], in: 'body' });
    expect(body.description).toBe(messages['validation.email.required']);
  });

  it('rejects an invalid e-mail with its message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].reason).toBe(messages['validation.email.invalid']);
  });

  it('rejects unknown fields instead of dropping them silently', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'a@b.co', role: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'role', keyword: 'additionalProperties' });
  });

  it('accepts a valid body unchanged', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'a@b.co' } });
    expect(res.statusCode).toBe(200);
  });

  it("names a field of a shared entity with that entity's message (through $ref)", async () => {
    // verifyEmailOtp's otp is { $ref: OneTimeCode } and newAccount.address is { $ref: Address }.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email-otp',
      payload: {
        email: 'a@b.co',
        otp: '12',
        newAccount: { firstName: 'Ana', lastName: 'Rivera', address: { line1: 'Main St 1', city: 'Austin', state: 'TX' } },
      },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; reason: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'otp', reason: messages['validation.otp.length'] }),
        expect.objectContaining({ field: 'newAccount.address.zipcode', reason: messages['validation.address.zipcode.invalid'] }),
      ]),
    );
  });

  it('answers malformed JSON with a catalogue 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('MALFORMED_REQUEST');
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'x'.repeat(2_000_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().errorCode).toBe('PAYLOAD_TOO_LARGE');
  });

  it("compiles every route's request and response schemas (the app compiles each when first used)", () => {
    // A schema Ajv (strict) or the serializer refuses would otherwise surface only when its route is first called.
    expect(compileEverySchema(t.app)).toBeGreaterThan(100);
    expect(compileEverySchema(t.app)).toBe(0);
  });
});
