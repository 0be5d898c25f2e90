/** Cross-file checks the meta-schemas cannot express: references resolve, names are unique, schemas compile. */
import { createHash } from 'node:crypto';
import { createAjv } from '@/domain/validation/ajv';
import { dereference, RefError } from './deref';
import { memo } from './memo';
import type { FlowDoc, JsonSchema, LoadedFile, SpecBundle } from './model';
import type { SpecProblem } from './problems';
import type { SpecKind } from './kinds';
import { fieldSchema } from '@/domain/validation/schema-path';

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

/** A short key of the texts of the spec files of these kinds: it changes when any of them does. */
export function textsKey(bundle: SpecBundle, kinds: readonly SpecKind[]): string {
  const hash = createHash('sha1');
  for (const f of bundle.files) if (kinds.includes(f.kind)) hash.update(`${f.file}\0${f.text}\0`);
  return hash.digest('hex');
}

export function checkSemantics(bundle: SpecBundle): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const fileOf = (kind: string) => bundle.files.find((f) => f.kind === kind);
  // Made only when a schema needs compiling (an unchanged spec set compiles nothing).
  let ajv: ReturnType<typeof createAjv> | undefined;

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
  // What a schema's references can reach: its file's text and these decide whether it compiles.
  const referencesKey = textsKey(bundle, ['entity', 'enums', 'constants']);
  const compile = (file: LoadedFile, pointer: string, schema: JsonSchema) => {
    // A schema checked once is not checked again while neither it nor what it refers to changes (npm run dev).
    const checked = memo('compiles', `${referencesKey}\n${file.file}\n${pointer}\n${file.text}`, (): { resolved?: JsonSchema; message?: string } => {
      try {
        const resolved = dereference(schema, { entities: bundle.entities, enums: bundle.enums, constants: bundle.constants }, schema);
        (ajv ??= createAjv()).compile(resolved);
        return { resolved };
      } catch (err) {
        return { message: err instanceof RefError ? err.message : `not a valid JSON Schema: ${(err as Error).message}` };
      }
    });
    if (checked.message) problems.push(at(file, pointer, checked.message));
    return checked.resolved;
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
    try {
      dereference(f.data.uiSchema ?? {}, { entities: bundle.entities, enums: bundle.enums, constants: bundle.constants });
    } catch (err) {
      if (!(err instanceof RefError)) throw err;
      problems.push(at(f, '/uiSchema', err.message));
    }
    // The browser build renders rjsf's markdown as plain text (src/client/runtime/forms/plain-markdown.tsx).
    for (const option of ['enableMarkdownInDescription', 'enableMarkdownInHelp'])
      if (new RegExp(`"(ui:)?${option}"`).test(JSON.stringify(f.data.uiSchema ?? {})))
        problems.push(at(f, '/uiSchema', `${option}: forms show their text as written (no markdown in the browser build)`));
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
      if (r.flag && bundle.flags && !bundle.flags.flags[r.flag])
        problems.push(at(routesFile, `/routes/${i}/flag`, `flag "${r.flag}" is not in specs/flags.yaml`));
      for (const name of r.islandFlags ?? [])
        if (bundle.flags && !bundle.flags.flags[name]) problems.push(at(routesFile, `/routes/${i}/islandFlags`, `flag "${name}" is not in specs/flags.yaml`));
      if (r.islandFlags && r.render !== 'document') problems.push(at(routesFile, `/routes/${i}/islandFlags`, 'islandFlags is for a render: document page'));
      if (r.flagOffRoute && !r.flag) problems.push(at(routesFile, `/routes/${i}/flagOffRoute`, 'flagOffRoute needs a flag'));
      if (r.flagOffRoute && !bundle.routes.some((other) => other.id === r.flagOffRoute))
        problems.push(at(routesFile, `/routes/${i}/flagOffRoute`, `route "${r.flagOffRoute}" is not in specs/routes.yaml`));
      if ((r.render === 'server' || r.render === 'document' || r.render === 'fragment') && !r.access.includes('anyone'))
        problems.push(at(routesFile, `/routes/${i}/render`, 'only public routes (access: [anyone]) are rendered on the server'));
    });
  }

  for (const f of bundle.flows.values()) problems.push(...checkFlow(bundle, f));

  // Content: the blocks a landing page shows are content files.
  for (const f of bundle.content.values()) {
    const blocks = (f.data.blocks ?? []) as string[];
    blocks.forEach((id, i) => {
      if (!bundle.content.has(id)) problems.push(at(f, `/blocks/${i}`, `content "${id}" is not in specs/content`));
    });
  }

  // Flags: every treatment named is one of the flag's own; control is the fallback, never served.
  const flagsFile = fileOf('flags');
  if (flagsFile && bundle.flags) {
    const fallback = bundle.constants.treatmentFallback?.value;
    for (const [name, flag] of Object.entries(bundle.flags.flags)) {
      const base = `/flags/${name}`;
      const known = (variant: string, path: string) => {
        if (!flag.variants.includes(variant))
          problems.push(at(flagsFile, path, `"${variant}" is not one of the variants of ${name} (${flag.variants.join(', ')})`));
      };
      known(flag.defaultVariant, `${base}/defaultVariant`);
      known(flag.controlActsAs, `${base}/controlActsAs`);
      (flag.enabledWhen ?? []).forEach((v, i) => known(v, `${base}/enabledWhen/${i}`));
      (flag.rollout ?? []).forEach((r, i) => known(r.variant, `${base}/rollout/${i}/variant`));
      const share = (flag.rollout ?? []).reduce((sum, r) => sum + r.percent, 0);
      if (share > 100) problems.push(at(flagsFile, `${base}/rollout`, `the rollout shares add up to ${share}%, more than 100%`));
      if (!flag.enabledWhen && !flag.variants.includes('on'))
        problems.push(at(flagsFile, `${base}/enabledWhen`, 'the flag has no "on" treatment: say which treatments enable what it gates'));
      if (fallback !== undefined && flag.variants.includes(String(fallback)))
        problems.push(at(flagsFile, `${base}/variants`, `"${String(fallback)}" is the fallback treatment and cannot be served`));
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
      for (const p of declared)
        if (!pathParams.includes(p)) problems.push(at(f, `${base}/params/properties/${p}`, `"${p}" is not a parameter of the path ${e.path}`));
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

/** Flows name routes, forms, enumerations, variants and flags: every name must resolve. */
function checkFlow(bundle: SpecBundle, file: LoadedFile<FlowDoc>): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const flow = file.data;
  const routeIds = new Set(bundle.routes.map((r) => r.id));
  const variants = Object.keys(flow.variants ?? {});
  const stepIds = flow.steps.map((s) => s.id);
  const route = (path: string, id: string | undefined) => {
    if (id !== undefined && !routeIds.has(id)) problems.push(at(file, path, `route "${id}" is not in specs/routes.yaml`));
  };
  const flag = (path: string, name: string | undefined) => {
    if (name !== undefined && bundle.flags && !bundle.flags.flags[name]) problems.push(at(file, path, `flag "${name}" is not in specs/flags.yaml`));
  };
  const variant = (path: string, name: string) => {
    if (!variants.includes(name)) problems.push(at(file, path, `variant "${name}" is not one of this flow's variants (${variants.join(', ') || 'none'})`));
  };

  (flow.routes ?? []).forEach((id, i) => route(`/routes/${i}`, id));
  if (flow.defaultVariant !== undefined) variant('/defaultVariant', flow.defaultVariant);
  if (flow.start) {
    route('/start/route', flow.start.route);
    route('/start/flagOffRoute', flow.start.flagOffRoute);
    route('/start/verifyRoute', flow.start.verifyRoute);
    flag('/start/flag', flow.start.flag);
    (flow.start.keepQuery ?? []).forEach((q, i) => flag(`/start/keepQuery/${i}/flag`, q.flag));
  }
  const seen = new Set<string>();
  flow.steps.forEach((step, i) => {
    const base = `/steps/${i}`;
    if (seen.has(step.id)) problems.push(at(file, `${base}/id`, `step "${step.id}" is listed twice`));
    seen.add(step.id);
    if (typeof step.route === 'string') route(`${base}/route`, step.route);
    else {
      for (const [name, id] of Object.entries(step.route ?? {})) {
        variant(`${base}/route/${name}`, name);
        route(`${base}/route/${name}`, id);
      }
    }
    [step.form, ...(step.forms ?? [])].forEach((id, j) => {
      if (id !== undefined && !bundle.forms.has(id))
        problems.push(at(file, j === 0 ? `${base}/form` : `${base}/forms/${j - 1}`, `form "${id}" is not in specs/forms`));
    });
    for (const name of Object.keys(step.copyByVariant ?? {})) variant(`${base}/copyByVariant/${name}`, name);
    if (step.choices && !Array.isArray(step.choices)) {
      const enumName = step.choices.enum;
      const named = bundle.enums[enumName];
      if (!named) problems.push(at(file, `${base}/choices/enum`, `enumeration "${enumName}" is not in specs/enums`));
      (step.choices.only ?? []).forEach((v, j) => {
        if (named && !named.values.some((e) => e.value === v)) problems.push(at(file, `${base}/choices/only/${j}`, `"${v}" is not a value of ${enumName}`));
      });
    }
  });
  for (const [name, v] of Object.entries(flow.variants ?? {})) {
    v.steps.forEach((id, j) => {
      if (!stepIds.includes(id)) problems.push(at(file, `/variants/${name}/steps/${j}`, `step "${id}" is not a step of this flow`));
    });
  }
  return problems;
}
