/** Cross-file checks the meta-schemas cannot express: references resolve, names are unique, schemas compile. */
import { createAjv } from '../../src/domain/validation/ajv';
import { dereference, RefError } from './deref';
import type { JsonSchema, LoadedFile, SpecBundle } from './model';
import type { SpecProblem } from './problems';
import { fieldSchema } from '../../src/domain/validation/schema-path';

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9]*)\}/g;

function at(file: LoadedFile, path: string, message: string): SpecProblem {
  return { file: file.file, path, line: file.lineOf(path), message };
}

/** Every x-messages value anywhere in a schema tree, with its JSON pointer. */
function collectMessageRefs(node: unknown, pointer = ''): { pointer: string; key: string }[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => collectMessageRefs(n, `${pointer}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  const out: { pointer: string; key: string }[] = [];
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k === 'x-messages' && v && typeof v === 'object') {
      for (const [kw, key] of Object.entries(v as Record<string, string>)) out.push({ pointer: `${pointer}/x-messages/${kw}`, key });
    } else {
      out.push(...collectMessageRefs(v, `${pointer}/${k}`));
    }
  }
  return out;
}

export function checkSemantics(bundle: SpecBundle): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const fileOf = (kind: string) => bundle.files.find((f) => f.kind === kind);
  const ajv = createAjv();

  const messageKnown = (key: string) => Object.prototype.hasOwnProperty.call(bundle.messages, key);

  // Messages: placeholders are {name}; braces must balance.
  for (const file of bundle.files.filter((f) => f.kind === 'messages')) {
    const own = (file.data as { messages: Record<string, string | { text: string }> }).messages;
    for (const [key, entry] of Object.entries(own)) {
      const text = typeof entry === 'string' ? entry : entry.text;
      if (/[{}]/.test(text.replace(PLACEHOLDER, '').replace(/\{\{[a-z]+\}\}/g, ''))) {
        problems.push(at(file, `/messages/${key}`, 'placeholders must look like {name}'));
      }
    }
  }

  // Entities: unique $id (by construction of the map), message refs exist, schema compiles.
  const entityIds = new Map<string, string>();
  for (const f of bundle.files.filter((x) => x.kind === 'entity')) {
    const id = (f.data as { $id: string }).$id;
    if (entityIds.has(id)) problems.push(at(f, '/$id', `$id "${id}" is also used by ${entityIds.get(id)}`));
    entityIds.set(id, f.file);
    const expected = f.file.split('/').pop()!.replace('.yaml', '');
    if (expected !== id) problems.push(at(f, '/$id', `must equal the file name "${expected}"`));
  }
  const compile = (file: LoadedFile, pointer: string, schema: JsonSchema) => {
    try {
      const resolved = dereference(schema, { entities: bundle.entities, enums: bundle.enums, constants: bundle.constants }, schema);
      ajv.compile(resolved);
      return resolved;
    } catch (err) {
      const message = err instanceof RefError ? err.message : `not a valid JSON Schema: ${(err as Error).message}`;
      problems.push(at(file, pointer, message));
      return undefined;
    }
  };
  for (const f of bundle.entities.values()) {
    const { $id: _id, ...schema } = f.data;
    compile(f, '', schema);
    for (const ref of collectMessageRefs(f.data)) {
      if (!messageKnown(ref.key)) problems.push(at(f, ref.pointer, `message "${ref.key}" is not in specs/messages.yaml`));
    }
  }

  // Forms: schema compiles, message refs and overridden fields exist.
  for (const f of bundle.forms.values()) {
    const resolved = compile(f, '/schema', f.data.schema);
    for (const ref of collectMessageRefs(f.data.schema, '/schema')) {
      if (!messageKnown(ref.key)) problems.push(at(f, ref.pointer, `message "${ref.key}" is not in specs/messages.yaml`));
    }
    for (const [field, byKeyword] of Object.entries(f.data.messages ?? {})) {
      if (resolved && !fieldSchema(resolved, field)) problems.push(at(f, `/messages/${field}`, `the form has no field "${field}"`));
      for (const [kw, key] of Object.entries(byKeyword)) {
        if (!messageKnown(key)) problems.push(at(f, `/messages/${field}/${kw}`, `message "${key}" is not in specs/messages.yaml`));
      }
    }
  }

  // Errors: codes unique.
  const codes = new Map<string, string>();
  for (const file of bundle.files.filter((f) => f.kind === 'errors')) {
    for (const [name, e] of Object.entries((file.data as { errors: SpecBundle['errors'] }).errors)) {
      const code = String(e.code ?? name);
      if (codes.has(code)) problems.push(at(file, `/errors/${name}/code`, `code ${code} is also used by ${codes.get(code)}`));
      codes.set(code, name);
    }
  }

  // Routes: unique ids and paths; flags exist.
  const routesFile = fileOf('routes');
  if (routesFile) {
    const ids = new Set<string>();
    const paths = new Set<string>();
    bundle.routes.forEach((r, i) => {
      if (ids.has(r.id)) problems.push(at(routesFile, `/routes/${i}/id`, `route id "${r.id}" is used twice`));
      if (paths.has(r.path)) problems.push(at(routesFile, `/routes/${i}/path`, `path "${r.path}" is used twice`));
      ids.add(r.id);
      paths.add(r.path);
      if (r.flag && bundle.flags && !bundle.flags.flags[r.flag]) problems.push(at(routesFile, `/routes/${i}/flag`, `flag "${r.flag}" is not in specs/flags.yaml`));
      if (r.render === 'server' && !r.access.includes('anyone')) problems.push(at(routesFile, `/routes/${i}/render`, 'only public routes (access: [anyone]) are rendered on the server'));
    });
  }

  // Flags: every treatment named is one of the flag's own; control is the fallback, never served.
  const flagsFile = fileOf('flags');
  if (flagsFile && bundle.flags) {
    const fallback = bundle.constants.treatmentFallback?.value;
    for (const [name, flag] of Object.entries(bundle.flags.flags)) {
      const base = `/flags/${name}`;
      const known = (variant: string, path: string) => {
        if (!flag.variants.includes(variant)) problems.push(at(flagsFile, path, `"${variant}" is not one of the variants of ${name} (${flag.variants.join(', ')})`));
      };
      known(flag.defaultVariant, `${base}/defaultVariant`);
      known(flag.controlActsAs, `${base}/controlActsAs`);
      (flag.enabledWhen ?? []).forEach((v, i) => known(v, `${base}/enabledWhen/${i}`));
      (flag.rollout ?? []).forEach((r, i) => known(r.variant, `${base}/rollout/${i}/variant`));
      const share = (flag.rollout ?? []).reduce((sum, r) => sum + r.percent, 0);
      if (share > 100) problems.push(at(flagsFile, `${base}/rollout`, `the rollout shares add up to ${share}%, more than 100%`));
      if (!flag.enabledWhen && !flag.variants.includes('on')) problems.push(at(flagsFile, `${base}/enabledWhen`, 'the flag has no "on" treatment: say which treatments enable what it gates'));
      if (fallback !== undefined && flag.variants.includes(String(fallback))) problems.push(at(flagsFile, `${base}/variants`, `"${String(fallback)}" is the fallback treatment and cannot be served`));
    }
  }

  // API: unique ids, unique method + path, path params declared, schemas compile, errors and forms exist.
  const endpointIds = new Map<string, string>();
  const routesSeen = new Map<string, string>();
  for (const f of bundle.apis) {
    f.data.endpoints.forEach((e, i) => {
      const base = `/endpoints/${i}`;
      if (endpointIds.has(e.id)) problems.push(at(f, `${base}/id`, `endpoint id "${e.id}" is also used in ${endpointIds.get(e.id)}`));
      endpointIds.set(e.id, f.file);
      const key = `${e.method} ${e.path.replace(/\{[^}]+\}/g, '{}')}`;
      if (routesSeen.has(key)) problems.push(at(f, `${base}/path`, `${e.method} ${e.path} is also declared by ${routesSeen.get(key)}`));
      routesSeen.set(key, `${f.file} (${e.id})`);
      const pathParams = [...e.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const declared = Object.keys((e.params?.properties as object | undefined) ?? {});
      for (const p of pathParams) if (!declared.includes(p)) problems.push(at(f, `${base}/params`, `path parameter "${p}" is not declared in params`));
      for (const p of declared) if (!pathParams.includes(p)) problems.push(at(f, `${base}/params/properties/${p}`, `"${p}" is not a parameter of the path ${e.path}`));
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = e[part];
        if (schema) compile(f, `${base}/${part}`, schema);
      }
      for (const [status, r] of Object.entries(e.responses)) if (r.schema) compile(f, `${base}/responses/${status}/schema`, r.schema);
      if (e.bodyForm && !bundle.forms.has(e.bodyForm)) problems.push(at(f, `${base}/bodyForm`, `form "${e.bodyForm}" is not in specs/forms`));
      if (e.body && e.bodyForm) problems.push(at(f, `${base}/body`, 'declare either body or bodyForm, not both'));
      (e.errors ?? []).forEach((name, j) => {
        if (!bundle.errors[name]) problems.push(at(f, `${base}/errors/${j}`, `error "${name}" is not in specs/errors.yaml`));
      });
    });
  }
  return problems;
}
