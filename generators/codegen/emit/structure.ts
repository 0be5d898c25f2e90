/** Emitters for the structural specs: shared types, routes, API endpoints, forms, screens. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dereference } from '../deref';
import type { EndpointSpec, JsonSchema, SpecBundle } from '../model';
import { BANNER, doc, literal, quote, union } from './util';
import { shareRepeatedParts } from './shared-parts';

export function accessValues(specDir: string): string[] {
  const common = JSON.parse(readFileSync(join(specDir, 'schema', 'common.schema.json'), 'utf8')) as {
    definitions: { access: { items: { enum: string[] } } };
  };
  return common.definitions.access.items.enum;
}

export function emitTypes(b: SpecBundle): string {
  return `${BANNER}
export type JsonSchema = { [keyword: string]: unknown };

/** Who may open a route or call an endpoint (specs/schema/common.schema.json). */
export type Access = ${union(accessValues(b.dir))};

export type AppSource = 'support_web' | 'patient_web';

export interface ErrorDefinition {
  status: number;
  code: number | string;
  title?: string;
  message: string;
  audiences: Partial<Record<AppSource, string>>;
}

/** Field path (dotted) to validation keyword to message key. */
export type FieldMessageOverrides = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface RouteDefinition {
  id: string;
  path: string;
  area: string;
  screen?: string;
  title: string;
  description?: string;
  access: readonly Access[];
  flag?: string;
  /** route id people are sent to when the flag is off */
  flagOffRoute?: string;
  /** fragment: a piece of a document page an island loads (its screen alone, no page around it); not a page of the app */
  render: 'document' | 'server' | 'client' | 'fragment';
  /** a render: server route is rendered as a document when its address carries one of these query parameters */
  documentWhenQuery?: readonly string[];
  /** a document page whose island reads these flags: it carries the server's flag decisions for its visitor */
  islandFlags?: readonly string[];
  /** true when the screen component exists, so the route is served */
  registered: boolean;
}

export interface ResponseDefinition {
  description: string;
  schema?: JsonSchema;
  contentType?: string;
}

export interface EndpointDefinition {
  id: string;
  resource: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** path under /api, with {param} placeholders */
  path: string;
  summary: string;
  description?: string;
  access: readonly Access[];
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  responses: Readonly<Record<string, ResponseDefinition>>;
  errors: readonly string[];
  audit: boolean;
  messages?: FieldMessageOverrides;
}

export interface FormDefinition {
  id: string;
  title: string;
  description?: string;
  submitLabel?: string;
  schema: JsonSchema;
  uiSchema: { [key: string]: unknown };
  messages: FieldMessageOverrides;
  /** validators of the schema written ahead of time (src/generated/validators/), by rjsf's schema key */
  validateFns: Readonly<Record<string, (data: unknown) => boolean>>;
}
`;
}

export function screenFile(root: string, area: string, screen: string): string | undefined {
  const base = join(root, 'src', 'client', 'features', area, screen);
  return ['.tsx', '.ts'].map((ext) => base + ext).find((p) => existsSync(p));
}

export function emitRoutes(b: SpecBundle, root: string): string {
  const rows = b.routes.map((r) => ({
    id: r.id,
    path: r.path,
    area: r.area,
    screen: r.screen,
    title: r.title,
    description: r.description,
    access: r.access,
    flag: r.flag,
    flagOffRoute: r.flagOffRoute,
    render: r.render ?? 'client',
    documentWhenQuery: r.documentWhenQuery,
    islandFlags: r.islandFlags,
    registered: Boolean(r.screen && screenFile(root, r.area, r.screen)),
  }));
  return `${BANNER}import type { RouteDefinition } from './types';

export type RouteId = ${union(b.routes.map((r) => r.id))};

/** The route table of product-spec §2. Only rows with registered: true are served. */
export const routes: readonly (RouteDefinition & { id: RouteId })[] = ${literal(rows)};

export const routeById = Object.fromEntries(routes.map((r) => [r.id, r])) as Readonly<Record<RouteId, RouteDefinition & { id: RouteId }>>;
`;
}

export function emitScreens(b: SpecBundle, root: string): string {
  const lines = b.routes
    .filter((r) => r.screen && screenFile(root, r.area, r.screen))
    .map((r) => `  ${r.id}: () => import('../../client/features/${r.area}/${r.screen}'),`);
  return `${BANNER}import type { ComponentType } from 'react';
import type { RouteId } from '../routes';

export type ScreenModule = { default: ComponentType };

/** Lazy loaders of the screens that exist; a route without one is not registered. */
export const screenLoaders: Partial<Record<RouteId, () => Promise<ScreenModule>>> = {
${lines.join('\n')}
};
`;
}

/**
 * The endpoint as the server and client see it: bodyForm resolved to its schema, field references,
 * enumerations and constants inlined, and each reference to a whole entity kept as `{ $ref: Name }`
 * (the entity is written once, in apiSchemas, and registered with the validator and the OpenAPI document).
 */
export function resolveEndpoint(b: SpecBundle, resource: string, e: EndpointSpec) {
  const deref = (s: JsonSchema | undefined) =>
    s ? dereference(s, { entities: b.entities, enums: b.enums, constants: b.constants, keepEntities: true }, s) : undefined;
  const form = e.bodyForm ? b.forms.get(e.bodyForm)?.data : undefined;
  return {
    id: e.id,
    resource,
    method: e.method,
    path: e.path,
    summary: e.summary,
    description: e.description,
    access: e.access,
    params: deref(e.params),
    query: deref(e.query),
    body: form ? deref(form.schema) : deref(e.body),
    responses: Object.fromEntries(
      Object.entries(e.responses).map(([status, r]) => [status, { description: r.description, schema: deref(r.schema), contentType: r.contentType }]),
    ),
    errors: e.errors ?? [],
    audit: e.audit ?? false,
    messages: form?.messages,
  };
}

/** Each entity once, under its name as `$id`; references to other whole entities stay references. */
export function sharedSchemas(b: SpecBundle): Record<string, JsonSchema> {
  return Object.fromEntries(
    [...b.entities.entries()].map(([id, f]) => {
      const { $id: _id, ...rest } = f.data;
      return [id, { $id: id, ...dereference(rest, { entities: b.entities, enums: b.enums, constants: b.constants, keepEntities: true }, rest) }];
    }),
  );
}

/** The endpoints as written in specs/api (references kept), bodyForm replaced by the form's schema. */
export function rawEndpoints(b: SpecBundle) {
  return b.apis.flatMap((f) =>
    f.data.endpoints.map((e) => ({
      id: e.id,
      params: e.params,
      query: e.query,
      body: e.bodyForm ? (b.forms.get(e.bodyForm)?.data.schema ?? e.body) : e.body,
      responses: e.responses,
    })),
  );
}

export function allEndpoints(b: SpecBundle) {
  return b.apis.flatMap((f) => f.data.endpoints.map((e) => resolveEndpoint(b, f.data.resource, e)));
}

export function emitApi(b: SpecBundle): string {
  const endpoints = allEndpoints(b);
  const entities = sharedSchemas(b);
  const schemaRoots: Record<string, unknown> = { ...entities };
  for (const e of endpoints) {
    Object.assign(schemaRoots, { [`${e.id} params`]: e.params, [`${e.id} query`]: e.query, [`${e.id} body`]: e.body });
    for (const [status, r] of Object.entries(e.responses)) schemaRoots[`${e.id} ${status === '200' || status === '201' ? '' : status} response`] = r.schema;
  }
  const parts = shareRepeatedParts(schemaRoots);
  const body = endpoints.map((e) => `${doc(e.summary, 1)}  ${e.id}: ${parts.write(e, 1)},`).join('\n');
  const resources = b.apis.map((f) => ({ resource: f.data.resource, description: f.data.description }));
  const schemas = Object.entries(entities)
    .map(([id, schema]) => `  ${quote(id)}: ${parts.write(schema, 1)},`)
    .join('\n');
  return `${BANNER}import type { EndpointDefinition, JsonSchema } from './types';

/** Schema parts the specs use in more than one place, each written once. */
${parts.declarations}

export type EntityName = ${union([...b.entities.keys()])};

/**
 * The entities of product-spec §3, each written once: an endpoint schema points at one with
 * \`{ $ref: 'Patient' }\`. The server registers them with its validators and the OpenAPI document
 * (components/schemas); read a field through src/domain/validation/schema-refs.ts.
 */
export const apiSchemas: Readonly<Record<EntityName, JsonSchema & { $id: EntityName }>> = {
${schemas}
};

export type EndpointId = ${union(endpoints.map((e) => e.id))};

/** The API contract of product-spec §7: the server implements it, the client calls it. */
export const endpoints: Readonly<Record<EndpointId, EndpointDefinition>> = {
${body}
};

export const apiResources = ${literal(resources)} as const;
`;
}

/** A form spec as the client renders it: references, enumerations and constants inlined. */
export function formDefinition(b: SpecBundle, id: string) {
  const f = b.forms.get(id)!.data;
  return {
    id: f.id,
    title: f.title,
    description: f.description,
    submitLabel: f.submitLabel,
    schema: dereference(f.schema, { entities: b.entities, enums: b.enums, constants: b.constants }, f.schema),
    // uiSchema may take values from constants too (e.g. state names for the state dropdown).
    uiSchema: dereference(f.uiSchema ?? {}, { entities: b.entities, enums: b.enums, constants: b.constants }),
    messages: f.messages ?? {},
  };
}

export function emitForm(b: SpecBundle, id: string): string {
  const definition = literal(formDefinition(b, id)).replace(/\n\}$/, '\n  validateFns,\n}');
  return `${BANNER}import type { FormDefinition } from '../types';
import { validateFns } from '../validators/${id}';

const form: FormDefinition = ${definition};

export default form;
`;
}

export function emitFormIndex(b: SpecBundle): string {
  const ids = [...b.forms.keys()];
  return `${BANNER}import type { FormDefinition } from '../types';

export type FormId = ${union(ids)};

/** Each form loads with the screen that needs it, never with public pages. */
export const formLoaders: Readonly<Record<FormId, () => Promise<FormDefinition>>> = {
${ids.map((id) => `  ${quote(id)}: () => import('./${id}').then((m) => m.default),`).join('\n')}
};
`;
}
