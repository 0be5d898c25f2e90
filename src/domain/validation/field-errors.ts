/**
 * Turns validator errors into one message per field, taken from the specs: the form's
 * override for that field, else the field's own x-messages, else the default for the keyword.
 * The server (API 400 answers) and the client (form errors) both call this, so a person sees
 * the same sentence whichever side caught the problem.
 */
import { fillPlaceholders, isMessageKey, messageTemplate, type PlaceholderValues } from '../messages';
import { fieldSchema, pointerToField, type SchemaNode } from './schema-path';
import type { SchemaTable } from './schema-refs';

/** A validator error reduced to what matters: which keyword failed where, with its parameters. */
export interface ValidationIssue {
  keyword: string;
  /** JSON pointer of the failing value ("" for the root). */
  pointer: string;
  params: Record<string, unknown>;
}

export interface FieldError {
  /** dotted path, e.g. "address.zipcode" */
  field: string;
  keyword: string;
  message: string;
}

export type MessageOverrides = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** When several rules fail on one field, the person hears about the most basic first. */
const KEYWORD_PRIORITY = ['required', 'type', 'minLength', 'x-notBlank', 'format', 'pattern', 'enum', 'const', 'maxLength', 'minimum', 'maximum'];

function priority(keyword: string): number {
  const i = KEYWORD_PRIORITY.indexOf(keyword);
  return i === -1 ? KEYWORD_PRIORITY.length : i;
}

function fieldOf(issue: ValidationIssue): string {
  const base = pointerToField(issue.pointer);
  const child = (issue.params.missingProperty ?? issue.params.additionalProperty) as string | undefined;
  if ((issue.keyword === 'required' || issue.keyword === 'additionalProperties') && child) return base ? `${base}.${child}` : child;
  return base;
}

/** The field path with array indexes generalised, for overrides written as "patients.*.firstName". */
function wildcard(field: string): string {
  return field.replace(/\.\d+(?=\.|$)/g, '.*');
}

function messageKeyFor(issue: ValidationIssue, field: string, schema: SchemaNode, overrides: MessageOverrides, shared: SchemaTable): string {
  const fromOverride = overrides[field]?.[issue.keyword] ?? overrides[wildcard(field)]?.[issue.keyword];
  if (fromOverride) return fromOverride;
  const own = fieldSchema(schema, field, shared)?.['x-messages'] as Record<string, string> | undefined;
  if (own?.[issue.keyword]) return own[issue.keyword]!;
  // Our own keywords (x-plainText) have their defaults without the prefix (validation.default.plainText).
  const fallback = `validation.default.${issue.keyword.replace(/^x-/, '')}`;
  return isMessageKey(fallback) ? fallback : 'validation.default.other';
}

export function describeIssues(
  issues: readonly ValidationIssue[],
  schema: SchemaNode,
  overrides: MessageOverrides = {},
  context: PlaceholderValues = {},
  /** the shared schemas `schema` refers to (the API's apiSchemas); forms are self-contained */
  shared: SchemaTable = {},
): FieldError[] {
  // "if" only says that a then/else branch failed; the branch's own issues say which field and why.
  const sorted = issues.filter((i) => i.keyword !== 'if').sort((a, b) => priority(a.keyword) - priority(b.keyword));
  const byField = new Map<string, FieldError>();
  for (const issue of sorted) {
    const field = fieldOf(issue);
    if (byField.has(field)) continue;
    const key = messageKeyFor(issue, field, schema, overrides, shared);
    const template = isMessageKey(key) ? messageTemplate(key) : key;
    const values: PlaceholderValues = {
      ...context,
      property: field,
      ...Object.fromEntries(Object.entries(issue.params).filter(([, v]) => typeof v === 'string' || typeof v === 'number')),
    } as PlaceholderValues;
    byField.set(field, { field, keyword: issue.keyword, message: fillPlaceholders(template, values) });
  }
  // Keep the order in which fields were reported, not the priority order.
  const order = issues.map(fieldOf);
  return [...byField.values()].sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
}

/** Adapter for ajv's ErrorObject. */
export function issuesFromAjv(errors: readonly { keyword: string; instancePath: string; params: object }[] | null | undefined): ValidationIssue[] {
  return (errors ?? []).map((e) => ({ keyword: e.keyword, pointer: e.instancePath, params: e.params as Record<string, unknown> }));
}
