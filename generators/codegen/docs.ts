/**
 * `npm run specs:docs`: a readable catalogue of everything product owners can change in specs/,
 * written from the specs themselves to docs/spec-catalogue.md. Rules read as sentences and
 * message keys come with their text, so the catalogue can be reviewed without opening YAML.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dereference } from './deref';
import type { FlowDoc, JsonSchema, LoadedFile, SpecBundle } from './model';

function cell(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  return (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function table(headers: string[], rows: unknown[][]): string {
  if (!rows.length) return '_(none)_';
  return [`| ${headers.join(' | ')} |`, `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

function list(values: readonly unknown[], most = 8): string {
  const shown = values.slice(0, most).map((v) => String(v));
  return values.length > most ? `${shown.join(', ')} … (${values.length} values)` : shown.join(', ');
}

/** The rules of one field as short phrases ("at most 50 characters", "a date before today"). */
function ruleText(s: JsonSchema): string {
  const out: string[] = [];
  const n = (k: string) => s[k] as number | undefined;
  if (n('minLength') !== undefined && n('minLength') === n('maxLength')) out.push(`exactly ${n('minLength')} characters`);
  else {
    if (n('minLength') !== undefined && n('minLength')! > 1) out.push(`at least ${n('minLength')} characters`);
    if (n('maxLength') !== undefined) out.push(`at most ${n('maxLength')} characters`);
  }
  if (s.pattern) out.push(`matches \`${String(s.pattern)}\``);
  if (s.format) out.push(`a valid ${String(s.format)}`);
  if (Array.isArray(s.enum)) out.push(`one of ${s['x-enum'] ? `enum ${String(s['x-enum'])}: ` : ''}${list(s.enum)}`);
  if (s.const !== undefined) out.push(`equals ${JSON.stringify(s.const)}`);
  if (s['x-notBlank']) out.push('not only spaces');
  if (s['x-pastDate']) out.push('before today');
  if (s['x-maxAgeYears'] !== undefined) out.push(`at most ${String(s['x-maxAgeYears'])} years back`);
  if (s['x-minAgeYears'] !== undefined) out.push(`at least ${String(s['x-minAgeYears'])} years back`);
  if (s['x-notBefore'] === 'yesterday') out.push('today or later');
  else if (s['x-notBefore'] !== undefined) out.push(`not before ${String(s['x-notBefore'])}`);
  if (s['x-notBeforeField'] !== undefined) out.push(`not before ${String(s['x-notBeforeField'])}`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  return out.join('; ');
}

function messageText(b: SpecBundle, key: string): string {
  const m = b.messages[key];
  return m ? `“${m.text}”` : key;
}

/** Each message once, with the rules that show it: “Please enter the city” (required, x-notBlank). */
function messagesOf(b: SpecBundle, s: JsonSchema, overrides: Record<string, string> = {}): string {
  const all = { ...((s['x-messages'] ?? {}) as Record<string, string>), ...overrides };
  const rulesByKey = new Map<string, string[]>();
  for (const [rule, key] of Object.entries(all)) rulesByKey.set(key, [...(rulesByKey.get(key) ?? []), rule]);
  return [...rulesByKey].map(([key, rules]) => `${messageText(b, key)} (${rules.join(', ')})`).join('<br>');
}

function fieldRows(b: SpecBundle, schema: JsonSchema, overrides: Record<string, Record<string, string>> = {}, prefix = ''): unknown[][] {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props).flatMap(([name, s]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const type = Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? (s.$ref ? `→ ${String(s.$ref)}` : ''));
    const row = [path, s.title ?? '', type, required.has(name) ? 'yes' : '', ruleText(s), messagesOf(b, s, overrides[path])];
    const nested =
      s.type === 'object'
        ? fieldRows(b, s, overrides, path)
        : s.type === 'array' && (s.items as JsonSchema | undefined)?.type === 'object'
          ? fieldRows(b, s.items as JsonSchema, overrides, `${path}.*`)
          : [];
    return [row, ...nested];
  });
}

/** if/then/else of a schema as a sentence: "when relationship is not one of Child, …: dateOfBirth required". */
function conditions(schema: JsonSchema, prefix = ''): string[] {
  const out: string[] = [];
  const describeIf = (cond: JsonSchema): string => {
    const props = (cond.properties ?? {}) as Record<string, JsonSchema>;
    return Object.entries(props)
      .map(([name, s]) => {
        const field = prefix ? `${prefix}.${name}` : name;
        if (s.const !== undefined) return `${field} is ${JSON.stringify(s.const)}`;
        if (Array.isArray(s.enum)) return `${field} is one of ${list(s.enum)}`;
        const not = s.not as JsonSchema | undefined;
        if (not && Array.isArray(not.enum)) return `${field} is not one of ${list(not.enum)}`;
        return `${field} matches ${JSON.stringify(s)}`;
      })
      .join(' and ');
  };
  const describeBranch = (branch: JsonSchema | undefined): string => {
    if (!branch) return '';
    const parts: string[] = [];
    const req = (branch.required as string[] | undefined) ?? [];
    if (req.length) parts.push(`${req.map((r) => (prefix ? `${prefix}.${r}` : r)).join(', ')} required`);
    for (const [name, s] of Object.entries((branch.properties ?? {}) as Record<string, JsonSchema>)) {
      const inner = (s.required as string[] | undefined) ?? [];
      if (inner.length) parts.push(`${inner.map((r) => `${prefix ? `${prefix}.` : ''}${name}.${r}`).join(', ')} required`);
    }
    return parts.join('; ');
  };
  const visit = (s: JsonSchema) => {
    if (s.if) {
      const cond = describeIf(s.if as JsonSchema);
      const then = describeBranch(s.then as JsonSchema | undefined);
      const otherwise = describeBranch(s.else as JsonSchema | undefined);
      if (then) out.push(`When ${cond}: ${then}.`);
      if (otherwise) out.push(`Unless ${cond}: ${otherwise}.`);
    }
    for (const part of (s.allOf as JsonSchema[] | undefined) ?? []) visit(part);
  };
  visit(schema);
  for (const [name, s] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    if (s.type === 'object') out.push(...conditions(s, prefix ? `${prefix}.${name}` : name));
  }
  return out;
}

function resolved(b: SpecBundle, schema: JsonSchema): JsonSchema {
  return dereference(schema, { entities: b.entities, enums: b.enums, constants: b.constants }, schema);
}

function routeText(b: SpecBundle, id: string): string {
  const route = b.routes.find((r) => r.id === id);
  return route ? `${id} (\`${route.path}\`)` : id;
}

function renderFlow(b: SpecBundle, f: LoadedFile<FlowDoc>): string[] {
  const flow = f.data;
  const out: string[] = [`### ${flow.title ?? flow.id} (\`${flow.id}\`)`, '', flow.description, ''];
  if (flow.routes) out.push(`Runs on: ${flow.routes.map((r) => routeText(b, r)).join(', ')}.`, '');
  if (flow.start) {
    const s = flow.start;
    const lines = [
      s.route && `Starts at ${routeText(b, s.route)}.`,
      s.flag && `Needs flag \`${s.flag}\` on${s.flagOffRoute ? `; when off, goes to ${routeText(b, s.flagOffRoute)}` : ''}.`,
      s.verifyRoute &&
        `People not yet verified go first to ${routeText(b, s.verifyRoute)}${s.returnParam ? ` with \`${s.returnParam}\` pointing back` : ''}${s.successParam ? `; on return the address carries \`${s.successParam}=true\`` : ''}.`,
      s.keepQuery?.length &&
        `Keeps from the starting address: ${s.keepQuery.map((q) => (q.flag ? `\`${q.name}\` (when flag \`${q.flag}\` is on)` : `\`${q.name}\``)).join(', ')}.`,
    ].filter(Boolean);
    out.push(...lines.map((l) => `- ${String(l)}`), '');
  }
  if (flow.query?.length) out.push(`Query parameters, each only when it has a value: ${flow.query.map((q) => `\`${q}\``).join(', ')}.`, '');
  if (flow.variants) {
    out.push(
      table(
        ['variant', 'steps', 'when', 'about'],
        Object.entries(flow.variants).map(([name, v]) => [
          `${name}${name === flow.defaultVariant ? ' (default)' : ''}`,
          v.steps.join(' → '),
          v.when
            ? Object.entries(v.when)
                .map(([k, val]) => `${k} = ${JSON.stringify(val)}`)
                .join(', ')
            : '',
          v.title ?? v.description ?? '',
        ]),
      ),
      '',
    );
  }
  const choices = (step: FlowDoc['steps'][number]): string => {
    if (!step.choices) return '';
    if (Array.isArray(step.choices)) return step.choices.map((c) => c.label).join(', ');
    const named = b.enums[step.choices.enum];
    const values = named?.values.filter((v) => !step.choices || Array.isArray(step.choices) || !step.choices.only || step.choices.only.includes(v.value)) ?? [];
    return `enum ${step.choices.enum}: ${values.map((v) => v.label).join(', ')}`;
  };
  const copy = (step: FlowDoc['steps'][number]): string => {
    const own = Object.entries(step.copy ?? {}).map(([k, v]) => `${k}: “${v}”`);
    const byVariant = Object.entries(step.copyByVariant ?? {}).flatMap(([variant, c]) => Object.entries(c).map(([k, v]) => `${k} (${variant}): “${v}”`));
    return [...own, ...byVariant].join('<br>');
  };
  out.push(
    table(
      ['step', 'title', 'route', 'forms', 'choices', 'copy'],
      flow.steps.map((s) => [
        s.id,
        s.title,
        typeof s.route === 'string'
          ? routeText(b, s.route)
          : Object.entries(s.route ?? {})
              .map(([v, r]) => `${v}: ${routeText(b, r)}`)
              .join('<br>'),
        [s.form, ...(s.forms ?? [])].filter(Boolean).join(', '),
        choices(s),
        copy(s),
      ]),
    ),
    '',
  );
  return out;
}

export function renderSpecDocs(b: SpecBundle): string {
  const out: string[] = ['# Spec catalogue', '', 'Written by `npm run specs:docs` from specs/. Change the YAML, not this file.', ''];

  out.push(
    '## Routes',
    '',
    'Who may open each route; a flag must be on for the route to open (else people go to the "when off" route).',
    '',
    table(
      ['id', 'path', 'title', 'who may open', 'flag', 'when off', 'screen', 'rendered'],
      b.routes.map((r) => [
        r.id,
        `\`${r.path}\``,
        r.title,
        r.access.join(', '),
        r.flag ?? '',
        r.flagOffRoute ?? '',
        r.screen ? `${r.area}/${r.screen}` : r.area,
        r.documentWhenQuery ? `${r.render ?? 'client'}; document with ${r.documentWhenQuery.join(' or ')}` : (r.render ?? 'client'),
      ]),
    ),
    '',
  );

  out.push('## Forms', '');
  for (const [id, f] of b.forms) {
    const schema = resolved(b, f.data.schema);
    out.push(`### ${f.data.title} (\`${id}\`)`, '', f.data.description ?? '', '');
    if (f.data.submitLabel) out.push(`Button: “${f.data.submitLabel}”`, '');
    out.push(table(['field', 'label', 'type', 'required', 'rules', 'messages'], fieldRows(b, schema, f.data.messages)), '');
    const when = conditions(schema);
    if (when.length) out.push(...when.map((w) => `- ${w}`), '');
  }

  out.push('## Flows', '');
  for (const f of b.flows.values()) out.push(...renderFlow(b, f));

  out.push('## Messages', '', 'Placeholders in braces are filled when the message is shown.', '');
  for (const file of b.files.filter((x) => x.kind === 'messages')) {
    const own = (file.data as { messages: Record<string, string | { text: string; description?: string }> }).messages;
    out.push(
      `### ${file.file}`,
      '',
      table(
        ['key', 'text', 'about'],
        Object.entries(own).map(([k, m]) => (typeof m === 'string' ? [k, m, ''] : [k, m.text, m.description ?? ''])),
      ),
      '',
    );
  }

  out.push(
    '## Error catalogue',
    '',
    'The API answers with these; support_web and patient_web are the texts for staff and for patients when they differ.',
    '',
    table(
      ['name', 'status', 'code', 'message', 'support_web', 'patient_web', 'about'],
      Object.entries(b.errors).map(([k, e]) => [
        k,
        e.status,
        e.code ?? k,
        e.title ? `${e.title} ${e.message}` : e.message,
        e.audiences?.support_web ?? '',
        e.audiences?.patient_web ?? '',
        e.description ?? '',
      ]),
    ),
    '',
  );

  if (b.flags) {
    out.push(
      '## Feature flags',
      '',
      `Fallback treatment: \`${String(b.constants.treatmentFallback?.value)}\``,
      '',
      table(
        ['flag', 'traffic', 'enabled', 'treatments', 'default', 'control acts as', 'gates'],
        Object.entries(b.flags.flags).map(([k, f]) => [
          k,
          f.type,
          f.enabled,
          f.variants.join(', '),
          f.defaultVariant,
          f.controlActsAs,
          f.gates ?? f.description,
        ]),
      ),
      '',
    );
  }
  const usedFlags = new Map<string, string[]>();
  const noteFlag = (flag: string | undefined, where: string) => {
    if (flag) usedFlags.set(flag, [...(usedFlags.get(flag) ?? []), where]);
  };
  b.routes.forEach((r) => noteFlag(r.flag, `route ${r.id}`));
  for (const f of b.flows.values()) {
    noteFlag(f.data.start?.flag, `flow ${f.data.id}`);
    f.data.start?.keepQuery?.forEach((q) => noteFlag(q.flag, `flow ${f.data.id} (${q.name})`));
  }
  out.push(
    '### Flags the specs use',
    '',
    table(
      ['flag', 'used by'],
      [...usedFlags].map(([flag, where]) => [flag, where.join(', ')]),
    ),
    '',
  );

  out.push('## Entities', '');
  for (const [id, f] of b.entities) {
    const { $id: _id, ...schema } = f.data;
    const entity = resolved(b, schema);
    out.push(`### ${id}`, '', f.data.description, '');
    if (entity.type === 'object') out.push(table(['field', 'label', 'type', 'required', 'rules', 'messages'], fieldRows(b, entity)), '');
    else out.push(table(['type', 'rules', 'messages'], [[entity.type, ruleText(entity), messagesOf(b, entity)]]), '');
  }

  out.push(
    '## Content',
    '',
    table(
      ['id', 'kind', 'about'],
      [...b.content].map(([id, f]) => [id, (f.data.kind as string | undefined) ?? '', f.data.description]),
    ),
    '',
  );

  out.push('## Enumerations', '');
  for (const [name, e] of Object.entries(b.enums))
    out.push(
      `### ${name}`,
      '',
      e.description,
      '',
      table(
        ['value', 'label'],
        e.values.map((v) => [v.value, v.label]),
      ),
      '',
    );
  out.push(
    '## Constants',
    '',
    table(
      ['name', 'value', 'meaning'],
      Object.entries(b.constants).map(([k, c]) => [k, c.value, c.description]),
    ),
    '',
  );
  out.push(
    '## API endpoints',
    '',
    table(
      ['id', 'method', 'path', 'who may call', 'summary'],
      b.apis.flatMap((f) => f.data.endpoints.map((e) => [e.id, e.method, `/api${e.path}`, e.access.join(', '), e.summary])),
    ),
    '',
  );
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}

export function writeSpecDocs(b: SpecBundle, root: string): string {
  const dir = join(root, 'docs');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'spec-catalogue.md');
  writeFileSync(path, renderSpecDocs(b));
  return path;
}
