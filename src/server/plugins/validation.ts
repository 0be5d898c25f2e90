/**
 * Requests are validated with the shared ajv configuration (src/domain/validation), so the API
 * accepts exactly what the forms accept. Bodies are taken as sent; path and query values arrive
 * as text and may be coerced to the declared type. On top of each schema, every value is checked
 * for what no field may hold (control characters, broken Unicode, non-finite numbers: see
 * domain/validation/plain-input.ts), so such input is refused with a 400 naming the field.
 * Both walks recurse, as does ajv: a JSON body nested deeper than jsonBodyMaxDepth is refused (400
 * BODY_TOO_DEEP) by the JSON parser itself, from the raw text, before anything walks it; its size is
 * bounded by Fastify's bodyLimit (413 PAYLOAD_TOO_LARGE).
 * The entities the endpoint schemas point at (`{ $ref: 'Address' }`) are registered here once: with
 * both validators, and with Fastify for the response serializer and the OpenAPI document.
 *
 * Response serializers: Fastify's default compiler hands fast-json-stringify every shared entity for every
 * response schema (GET and its HEAD twin), and fast-json-stringify checks each of them against its meta-schema
 * again each time: 254 serializers × 47 entities, a second of CPU at every start of the app (every test file,
 * every browser test's server). Here a response schema is compiled with the entities it reaches, once per process.
 *
 * Both kinds are compiled on first use: an app compiled ~250 routes' request and response schemas at every start
 * (half a second of CPU, in every integration test file, of which most call a handful of routes). Every one is
 * still compiled when its route is first called; compileEverySchema does them all now, so a test can show that
 * every schema compiles (src/server/app.int.test.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ErrorObject, ValidateFunction } from 'ajv';
import fastJsonStringify, { type Schema as SerializerSchema } from 'fast-json-stringify';
import { createAjv } from '@/domain/validation/ajv';
import { apiSchemas } from '@/generated/api';
import { unsafeValueIssues } from '@/domain/validation/plain-input';
import { jsonNestingDepth } from '@/domain/validation/json-depth';
import { constants } from '@/generated/constants';
import { AppError } from '../errors';

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

export function withPlainInput(validate: ValidateFunction): Validator {
  const checked: Validator = (data) => {
    // The schema first: it coerces query and path text (so "Infinity" is seen as a number).
    const valid = validate(data);
    const unsafe = unsafeValueIssues(data).map((i): ErrorObject => ({
      keyword: i.keyword,
      instancePath: i.pointer,
      schemaPath: '#',
      params: i.params,
      message: `must pass ${i.keyword}`,
    }));
    checked.errors = [...unsafe, ...(valid ? [] : (validate.errors ?? []))];
    return checked.errors.length === 0;
  };
  return checked;
}

/** A schema object, as the serializer reads one (the generated entities are JSON schema objects; their keywords it checks itself). */
function isSchemaObject(schema: unknown): schema is SerializerSchema {
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema);
}

/** The shared entities a schema refers to, directly or through other entities (`$ref: 'Address'`). */
export function entitiesReachedBy(schema: unknown, found: Record<string, SerializerSchema> = {}): Record<string, SerializerSchema> {
  if (Array.isArray(schema)) {
    for (const item of schema) entitiesReachedBy(item, found);
  } else if (schema && typeof schema === 'object') {
    for (const [keyword, value] of Object.entries(schema)) {
      const name = keyword === '$ref' && typeof value === 'string' ? value.split('#')[0] : undefined;
      if (name && name in apiSchemas && !found[name]) {
        const entity: unknown = apiSchemas[name as keyof typeof apiSchemas];
        if (!isSchemaObject(entity)) continue;
        found[name] = entity;
        entitiesReachedBy(entity, found);
      } else if (keyword !== '$ref') {
        entitiesReachedBy(value, found);
      }
    }
  }
  return found;
}

/** Serializers are pure functions of their schema (and the shared entities, fixed for the process). */
const serializers = new Map<string, (data: unknown) => string>();

function serializerFor(schema: unknown): (data: unknown) => string {
  const key = JSON.stringify(schema);
  let serialize = serializers.get(key);
  if (!serialize) {
    const entities = entitiesReachedBy(schema);
    // As Fastify's own compiler: a response schema that is itself an entity is not also passed as one.
    const id = (schema as { $id?: unknown }).$id;
    if (typeof id === 'string') delete entities[id];
    serialize = fastJsonStringify(schema as SerializerSchema, { schema: entities });
    serializers.set(key, serialize);
  }
  return serialize;
}

/** Each app's schemas not compiled yet, for compileEverySchema. */
const uncompiled = new WeakMap<FastifyInstance, Set<() => unknown>>();

/** Compiles now every request and response schema of the app's routes not yet compiled (they are compiled on first use); returns how many. */
export function compileEverySchema(app: FastifyInstance): number {
  const pending = [...(uncompiled.get(app) ?? [])];
  for (const compile of pending) compile();
  return pending.length;
}

export default fp(
  async (app) => {
    // Date rules ("in the past", "at most 110 years back") read today from the app's clock.
    const now = () => app.clock.now();
    const bodyAjv = createAjv({}, now);
    const textAjv = createAjv({ coerceTypes: 'array' }, now);
    for (const schema of Object.values(apiSchemas)) {
      bodyAjv.addSchema(schema);
      textAjv.addSchema(schema);
      app.addSchema(schema);
    }
    // Fastify's own JSON parser (prototype poisoning refused, empty bodies refused), behind the depth check.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      // parseAs 'string' hands over text; the type also allows a Buffer.
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonNestingDepth(text, constants.jsonBodyMaxDepth) > constants.jsonBodyMaxDepth) {
        done(new AppError('BODY_TOO_DEEP'), undefined);
        return;
      }
      parseJson(request, text, done);
    });
    const pending = new Set<() => unknown>();
    uncompiled.set(app, pending);
    /** compile, once, when first needed (or by compileEverySchema) */
    function onFirstUse<T>(compile: () => T): () => T {
      let compiled: T | undefined;
      const get = () => {
        if (compiled === undefined) {
          compiled = compile();
          pending.delete(get);
        }
        return compiled;
      };
      pending.add(get);
      return get;
    }
    app.setSerializerCompiler(({ schema }) => {
      const serializer = onFirstUse(() => serializerFor(schema));
      return (data: unknown) => serializer()(data);
    });
    app.setValidatorCompiler(({ schema, httpPart }) => {
      const validator = onFirstUse(() => withPlainInput((httpPart === 'body' ? bodyAjv : textAjv).compile(schema)));
      const validate: Validator = (data) => {
        const inner = validator();
        const valid = inner(data);
        validate.errors = inner.errors;
        return valid;
      };
      return validate;
    });
  },
  { name: 'validation', dependencies: ['clock'] },
);
