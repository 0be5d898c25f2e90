/**
 * fast-check arbitraries of API requests derived from the endpoint table generated from specs/api
 * (the same schemas the OpenAPI document shows): mostly values the schema describes, often values
 * next to it (wrong type, one past a limit), and hostile ones (control characters, NUL, lone
 * surrogates, Infinity, 1e400, broken percent-encoding, broken JSON, multipart without a boundary).
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { apiSchemas } from '@/generated/api';
import type { EndpointDefinition, JsonSchema } from '@/generated/types';
import { inlineRefs } from '@/domain/validation/schema-refs';

type Schema = JsonSchema & Record<string, unknown>;

/** Ids of records in the seeded database, so requests reach handlers and not only validation. */
export interface KnownIds {
  uuids: readonly string[];
  codes: readonly string[];
}

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\ud800',
  'x\udc00',
  '\udbff\udbff',
  '\ufffe',
  '\u202e',
  '%00',
  '%FF',
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '{{constructor}}',
  '__proto__',
  'Infinity',
  'NaN',
  '-0',
  '1e400',
  ' ',
  '',
  'null',
  'true',
  '[]',
  '{}',
  'é'.repeat(300),
  'x'.repeat(5000),
];
const HOSTILE_NUMBERS_TEXT = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '-1e400',
  '9'.repeat(30),
  '-9007199254740993',
  '0x10',
  '1.5',
  '1e3',
  '',
  ' 1',
  '1 ',
  '+1',
];

/** A marker a JSON body carries where a non-finite number literal (1e400) is put after JSON.stringify. */
const HUGE = '\u0000__huge_number__';

function hostileText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...HOSTILE_TEXT),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 5 }),
  );
}

/** The characters of a pattern that is one character class repeated ("^[A-Za-z0-9 -]*$"), else undefined. */
function characterClass(pattern: string): string[] | undefined {
  const match = /^\^\[([^\]]+)\][+*]\$$/.exec(pattern);
  if (!match) return undefined;
  const body = match[1]!.replace(/\\(.)/g, '$1');
  const chars: string[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-' && i + 2 < body.length) {
      for (let c = body.charCodeAt(i); c <= body.charCodeAt(i + 2); c++) chars.push(String.fromCharCode(c));
      i += 2;
    } else chars.push(body[i]!);
  }
  return chars.length ? chars : undefined;
}

function stringFor(schema: Schema, ids: KnownIds): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
  switch (schema.format) {
    case 'uuid':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids.uuids) }, { weight: 1, arbitrary: fc.uuid() });
    case 'date':
      return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
    default:
  }
  if (typeof schema.pattern === 'string') {
    // A single character class ("^[A-Za-z0-9_-]+$") with length limits: strings of those characters.
    const chars = characterClass(schema.pattern);
    if (chars) return fc.string({ unit: fc.constantFrom(...chars), minLength: min, maxLength: Math.min(max, Math.max(min, 60)) });
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      pattern = undefined;
    }
    // Not filtered by length: a filter that rarely passes would spin; a string of the wrong length is a case too.
    if (pattern) return fc.stringMatching(pattern).map((s) => s.slice(0, max));
  }
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...ids.codes) },
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 60) }) },
  );
}

function integerOrNumber(schema: Schema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 100_000;
  return schema.type === 'integer' ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema describes (most of the time) or something near or hostile. */
export function valueFor(schema: Schema | undefined, ids: KnownIds, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.constant(null);
  const faithful = faithfulValue(schema, ids, depth);
  return fc.oneof(
    { weight: 6, arbitrary: faithful },
    { weight: 1, arbitrary: hostileText() },
    { weight: 1, arbitrary: fc.oneof(fc.constant(HUGE), fc.constant(null), fc.boolean(), fc.integer(), fc.constant([]), fc.constant({}), fc.double()) },
  );
}

function faithfulValue(schema: Schema, ids: KnownIds, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length)
    return fc.oneof(...alternatives.map((s) => faithfulValue({ ...schema, anyOf: undefined, oneOf: undefined, ...s } as Schema, ids, depth + 1)));
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
  switch (type) {
    case 'string':
      return stringFor(schema, ids);
    case 'integer':
    case 'number':
      return integerOrNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items as Schema | undefined) ?? {};
      const maxItems = typeof schema.maxItems === 'number' ? Math.min(schema.maxItems, 4) : 3;
      return fc.array(valueFor(items, ids, depth + 1), {
        minLength: typeof schema.minItems === 'number' ? Math.min(schema.minItems, maxItems) : 0,
        maxLength: maxItems,
      });
    }
    case 'object':
    default:
      return objectFor(schema, ids, depth);
  }
}

function objectFor(schema: Schema, ids: KnownIds, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(properties);
  if (!names.length) return fc.oneof(fc.constant({}), fc.dictionary(hostileText(), fc.string(), { maxKeys: 2 }));
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) record[name] = valueFor(properties[name], ids, depth + 1);
  return fc
    .tuple(
      fc.record(record, { requiredKeys: [] }),
      // Usually every required field is present, so requests get past "required".
      fc.boolean(),
      fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.tuple(hostileText(), fc.string()) }),
    )
    .chain(([partial, keepRequired, extra]) => {
      const fill: Record<string, fc.Arbitrary<unknown>> = {};
      if (keepRequired) for (const name of required) if (!(name in partial)) fill[name] = faithfulValue(properties[name] ?? {}, ids, depth + 1);
      return fc.record(fill).map((filled) => ({ ...partial, ...filled, ...(extra ? { [extra[0]]: extra[1] } : {}) }));
    });
}

/** Text of a value in a path or query: encoded, or (sometimes) broken percent-encoding as is. */
function urlText(value: unknown): fc.Arbitrary<string> {
  const text = value === HUGE ? '1e400' : typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  // encodeURIComponent throws on a lone surrogate; send the bytes Node would write instead.
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    encoded = [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
  return fc.oneof({ weight: 8, arbitrary: fc.constant(encoded) }, { weight: 1, arbitrary: fc.constantFrom('%', '%FF', '%C0%AF', '%zz', '%00', '%ED%A0%80') });
}

function queryValue(schema: Schema, ids: KnownIds): fc.Arbitrary<unknown> {
  if (schema.type === 'integer' || schema.type === 'number')
    return fc.oneof({ weight: 3, arbitrary: valueFor(schema, ids) }, { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS_TEXT) });
  return valueFor(schema, ids);
}

function pathFor(endpoint: EndpointDefinition, ids: KnownIds): fc.Arbitrary<string> {
  const params = ((endpoint.params as Schema | undefined)?.properties ?? {}) as Record<string, Schema>;
  const names = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  if (!names.length) return fc.constant(`/api${endpoint.path}`);
  return fc
    .tuple(...names.map((name) => valueFor(params[name] ?? { type: 'string' }, ids).chain(urlText)))
    .map((values) => `/api${names.reduce((path, name, i) => path.replace(`{${name}}`, values[i] || 'x'), endpoint.path)}`);
}

function queryFor(endpoint: EndpointDefinition, ids: KnownIds): fc.Arbitrary<string> {
  const properties = ((endpoint.query as Schema | undefined)?.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties);
  if (!names.length) return fc.oneof(fc.constant(''), fc.constant('?x=%00'));
  return fc
    .subarray(names)
    .chain((chosen) =>
      fc.tuple(
        ...chosen.map((name) => {
          const schema = properties[name]!;
          const isArray = schema.type === 'array';
          const item = isArray ? ((schema.items as Schema | undefined) ?? {}) : schema;
          return fc
            .array(queryValue(item, ids).chain(urlText), { minLength: 1, maxLength: isArray ? 3 : 1 })
            .map((values) => values.map((v) => `${encodeURIComponent(name)}${isArray ? '[]' : ''}=${v}`).join('&'));
        }),
      ),
    )
    .map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

const BOUNDARY = 'prop-boundary';
function multipartBody(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }): Buffer {
  const parts: Uint8Array[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

type Body = Pick<InjectOptions, 'payload' | 'headers'>;

function multipartFor(ids: KnownIds): fc.Arbitrary<Body> {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const field = fc.oneof(fc.constantFrom('other', 'insurance_card_front', 'id'), hostileText(), fc.constantFrom(...ids.uuids));
  return fc.oneof(
    fc.record({ kind: field, insuranceId: fc.option(field, { nil: undefined }) }).chain((fields) =>
      fc.tuple(fc.option(fc.oneof(fc.constant('a.png'), hostileText()), { nil: undefined }), fc.boolean()).map(([name, broken]) => {
        const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
        const body = multipartBody(defined, name === undefined ? undefined : { name, bytes: png });
        return {
          payload: broken ? body.subarray(0, Math.floor(body.length / 2)) : body,
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        };
      }),
    ),
    fc.constant({ payload: multipartBody({ kind: 'other' }), headers: { 'content-type': 'multipart/form-data' } }),
    fc.constant({ payload: 'not multipart at all', headers: { 'content-type': 'multipart/form-data; boundary=' } }),
    fc.constant({ payload: multipartBody({ kind: 'other' }), headers: { 'content-type': 'multipart/form-data; boundary=other-boundary' } }),
  );
}

function jsonBodyFor(endpoint: EndpointDefinition, ids: KnownIds): fc.Arbitrary<Body> {
  const json = (value: unknown) => JSON.stringify(value ?? null).replaceAll(JSON.stringify(HUGE), '1e400');
  const body = endpoint.body ? valueFor(endpoint.body as Schema, ids) : fc.constant(undefined);
  return fc.oneof(
    {
      weight: 12,
      arbitrary: body.map((value): Body => (value === undefined ? {} : { payload: json(value), headers: { 'content-type': 'application/json' } })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { payload: '{"a":', headers: { 'content-type': 'application/json' } },
        { payload: '', headers: { 'content-type': 'application/json' } },
        { payload: '{"__proto__":{"x":1},"constructor":{"prototype":{}}}', headers: { 'content-type': 'application/json' } },
        { payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), headers: { 'content-type': 'application/json' } },
        { payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        { payload: 'plain', headers: { 'content-type': 'text/plain' } },
        { payload: '{}', headers: { 'content-type': 'application/json; charset=latin1' } },
        { payload: multipartBody({ a: 'b' }), headers: { 'content-type': 'multipart/form-data' } },
      ),
    },
  );
}

export interface GeneratedRequest {
  method: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers: Record<string, string>;
}

/** The endpoint with the shared entities it points at written in place, so values are drawn from what they say. */
function selfContained(endpoint: EndpointDefinition): EndpointDefinition {
  const inline = (schema: JsonSchema | undefined) => (schema ? inlineRefs(schema, apiSchemas) : undefined);
  return { ...endpoint, params: inline(endpoint.params), query: inline(endpoint.query), body: inline(endpoint.body) };
}

export function requestFor(described: EndpointDefinition, ids: KnownIds): fc.Arbitrary<GeneratedRequest> {
  const endpoint = selfContained(described);
  const isUpload = endpoint.id === 'uploadPatientDocument';
  const body = isUpload
    ? fc.oneof({ weight: 4, arbitrary: multipartFor(ids) }, { weight: 1, arbitrary: jsonBodyFor(endpoint, ids) })
    : endpoint.method === 'GET' || endpoint.method === 'DELETE'
      ? fc.constant<Body>({})
      : jsonBodyFor(endpoint, ids);
  return fc.tuple(pathFor(endpoint, ids), queryFor(endpoint, ids), body).map(([path, query, b]) => ({
    method: endpoint.method,
    url: `${path}${query}`,
    ...(b.payload !== undefined ? { payload: b.payload } : {}),
    headers: { ...((b.headers ?? {}) as Record<string, string>) },
  }));
}
