/**
 * `npm run specs:docs`: a readable catalogue of everything product owners can change in specs/,
 * written from the specs themselves to docs/spec-catalogue.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dereference } from './deref';
import type { JsonSchema, SpecBundle } from './model';

function cell(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function table(headers: string[], rows: unknown[][]): string {
  return [`| ${headers.join(' | ')} |`, `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

function fields(schema: JsonSchema, prefix = ''): unknown[][] {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props).flatMap(([name, s]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const rules = Object.entries(s)
      .filter(([k]) => !['title', 'description', 'properties', 'required', 'x-messages', 'type', 'additionalProperties', 'items'].includes(k))
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join(', ');
    const messages = Object.entries((s['x-messages'] ?? {}) as Record<string, string>).map(([k, v]) => `${k} → ${v}`).join('; ');
    const row = [path, s.title ?? '', s.type ?? '', required.has(name) ? 'yes' : '', rules, messages];
    return s.type === 'object' ? [row, ...fields(s, path)] : [row];
  });
}

export function renderSpecDocs(b: SpecBundle): string {
  const out: string[] = ['# Spec catalogue', '', 'Written by `npm run specs:docs` from specs/. Change the YAML, not this file.', ''];
  out.push('## Routes', '', table(['id', 'path', 'who may open', 'flag', 'screen'], b.routes.map((r) => [r.id, r.path, r.access.join(', '), r.flag ?? '', r.screen ? `${r.area}/${r.screen}` : '(not built)'])), '');
  out.push('## Forms', '');
  for (const [id, f] of b.forms) {
    const schema = dereference(f.data.schema, { entities: b.entities, enums: b.enums, constants: b.constants }, f.data.schema);
    out.push(`### ${f.data.title} (\`${id}\`)`, '', f.data.description ?? '', '', table(['field', 'label', 'type', 'required', 'rules', 'messages'], fields(schema)), '');
    if (f.data.messages && Object.keys(f.data.messages).length) {
      out.push('Message overrides:', '', table(['field', 'rule', 'message'], Object.entries(f.data.messages).flatMap(([field, m]) => Object.entries(m).map(([k, v]) => [field, k, b.messages[v]?.text ?? v]))), '');
    }
  }
  out.push('## Flows', '');
  for (const [id, f] of b.flows) out.push(`### ${id}`, '', f.data.description, '', '```yaml', JSON.stringify(f.data, null, 2), '```', '');
  out.push('## Messages', '', table(['key', 'text'], Object.entries(b.messages).map(([k, m]) => [k, m.text])), '');
  out.push('## Error catalogue', '', table(['name', 'status', 'code', 'message', 'support_web', 'patient_web'], Object.entries(b.errors).map(([k, e]) => [k, e.status, e.code ?? k, e.message, e.audiences?.support_web ?? '', e.audiences?.patient_web ?? ''])), '');
  if (b.flags) {
    out.push('## Feature flags', '', `Fallback treatment: \`${String(b.constants.treatmentFallback?.value)}\``, '', table(['flag', 'traffic', 'enabled', 'treatments', 'default', 'control acts as', 'gates'], Object.entries(b.flags.flags).map(([k, f]) => [k, f.type, f.enabled, f.variants.join(', '), f.defaultVariant, f.controlActsAs, f.gates ?? f.description])), '');
  }
  out.push('## Enumerations', '');
  for (const [name, e] of Object.entries(b.enums)) out.push(`### ${name}`, '', e.description, '', table(['value', 'label'], e.values.map((v) => [v.value, v.label])), '');
  out.push('## Constants', '', table(['name', 'value', 'meaning'], Object.entries(b.constants).map(([k, c]) => [k, c.value, c.description])), '');
  out.push('## API endpoints', '', table(['id', 'method', 'path', 'who may call', 'summary'], b.apis.flatMap((f) => f.data.endpoints.map((e) => [e.id, e.method, `/api${e.path}`, e.access.join(', '), e.summary]))), '');
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}

export function writeSpecDocs(b: SpecBundle, root: string): string {
  const dir = join(root, 'docs');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'spec-catalogue.md');
  writeFileSync(path, renderSpecDocs(b));
  return path;
}
