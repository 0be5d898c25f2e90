/**
 * The light renderer of spec forms: a plain form (objects of strings, enumerations, dates, checkboxes, lists of choices
 * the spec or the page gives; `required`, and an `if` that makes fields required) is drawn here, not by rjsf, with the
 * same frames and widgets, ids, labels, aria and messages, so a screen that draws only such forms never loads rjsf
 * (about 30 KB brotli). Validation stays the spec's: the form's precompiled validator, its errors turned into the spec's
 * messages by the server's rule (describeIssues). `lightModelOf` says whether a form fits; SpecForm draws one that does
 * not with rjsf. light-form.test.tsx holds both renderers to the same markup for every spec form. */
import { useRef, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import * as placesConstants from '@/generated/constants/places';
import { enumsNamedInSpecs, type EnumNamedInSpecs } from '@/generated/enums/named-in-specs';
import type { FormDefinition } from '@/generated/types';
import { formatPhone } from '@/domain/phone';
import { enumLabelOf } from '@/domain/translations';
import { describeIssues, issuesFromAjv, type FieldError } from '@/domain/validation/field-errors';
import type { SchemaNode } from '@/domain/validation/schema-path';
import { validateOf } from './precompiled';
import { BaseInputTemplate, FieldFrame, ObjectFrame, SelectWidget, framesLabel } from './templates';
import { specWidgets } from './widgets';
import type { FieldValue, FieldWidgetProps, FormContext } from './widget-props';

type UiNode = { readonly [key: string]: unknown };
type Data = { [name: string]: FieldValue | Data };
type Widget = ComponentType<FieldWidgetProps & { type?: string }>;

/** A field: where it is, its schema, its ui schema and the widget that draws it (none for a hidden field). */
interface LightField {
  kind: 'field';
  name: string;
  path: readonly string[];
  schema: SchemaNode;
  ui: UiNode;
  widget: Widget | undefined;
  /** an input's type for the input widgets (email, date), as rjsf's EmailWidget and DateWidget give it */
  inputType?: string;
}

/** A condition of an object's `if` this renderer reads: each named property equal to (or not one of) some values. */
interface Condition {
  name: string;
  values: readonly unknown[];
  negated: boolean;
}

/** An object of the schema: its fields in order, what it requires, and what its `if` adds to that. */
interface LightGroup {
  kind: 'group';
  name: string;
  path: readonly string[];
  title: string;
  description?: string;
  required: readonly string[];
  conditional?: { when: readonly Condition[]; then: readonly string[]; otherwise: readonly string[] };
  fields: readonly (LightField | LightGroup)[];
}

const isNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Keywords of an object this renderer draws; any other (a default, a oneOf, a dependency) leaves the form to rjsf. */
const GROUP_KEYWORDS = new Set(['type', 'title', 'description', 'properties', 'required', 'additionalProperties', 'if', 'then', 'else', '$id']);
/** Keywords of a field that change what is drawn, which this renderer does not draw: such a field leaves the form to rjsf. */
const DRAWN_ELSEWHERE = new Set(['default', 'const', 'readOnly', 'writeOnly', 'examples', 'oneOf', 'anyOf', 'allOf', 'items', '$ref', 'if']);
const GROUP_UI = new Set(['ui:order', 'ui:title', 'ui:description']);
const FIELD_UI = new Set(['ui:widget', 'ui:title', 'ui:description', 'ui:placeholder', 'ui:autocomplete', 'ui:autofocus', 'ui:options', 'ui:enumNames']);
const FIELD_OPTIONS = new Set(['inputMode', 'stripDisallowed', 'choicesFrom', 'collapsed']);
/** Keywords of a list of checkboxes (ui:widget checkboxes) this renderer reads beside `items`. */
const LIST_KEYWORDS = new Set(['type', 'title', 'description', 'items', 'minItems', 'maxItems', 'uniqueItems', 'x-messages']);
/** Keywords of a list's item: a code or an id, of an enumeration or of choices the page gives. */
const ITEM_KEYWORDS = new Set(['type', 'enum', 'x-enum', 'title', 'description', 'minimum', 'minLength', 'maxLength', 'pattern', 'format']);
const INPUT_WIDGETS: Readonly<Record<string, string>> = { email: 'email', date: 'date' };

/** The widget of a field, as rjsf would choose it; undefined when rjsf would draw it with a widget this renderer lacks. */
function widgetOf(schema: SchemaNode, ui: UiNode): { widget: Widget | undefined; inputType?: string } | undefined {
  const named = ui['ui:widget'];
  if (named !== undefined) {
    if (named === 'hidden') return { widget: undefined };
    if (typeof named === 'string' && named in INPUT_WIDGETS) return { widget: BaseInputTemplate, inputType: INPUT_WIDGETS[named] };
    if (typeof named === 'string' && Object.hasOwn(specWidgets, named)) return { widget: specWidgets[named as keyof typeof specWidgets] };
    return undefined;
  }
  if (schema.type !== 'string') return undefined;
  if (Array.isArray(schema.enum)) return { widget: SelectWidget };
  if (schema.format === undefined) return { widget: BaseInputTemplate };
  const format = text(schema.format);
  return format && format in INPUT_WIDGETS ? { widget: BaseInputTemplate, inputType: INPUT_WIDGETS[format] } : undefined;
}

/** A list of codes or ids drawn as checkboxes (our widget); any other array leaves the form to rjsf. */
function isCheckboxList(schema: SchemaNode, ui: UiNode): boolean {
  const items = schema.items;
  return (
    ui['ui:widget'] === 'checkboxes' &&
    Object.keys(schema).every((k) => LIST_KEYWORDS.has(k)) &&
    isNode(items) &&
    (items.type === 'string' || items.type === 'integer') &&
    Object.keys(items).every((k) => ITEM_KEYWORDS.has(k))
  );
}

function fieldOf(name: string, path: readonly string[], schema: SchemaNode, ui: UiNode): LightField | undefined {
  if (Object.keys(ui).some((k) => !FIELD_UI.has(k))) return undefined;
  const options = ui['ui:options'];
  if (options !== undefined && (!isNode(options) || Object.keys(options).some((k) => !FIELD_OPTIONS.has(k)))) return undefined;
  if (schema.type === 'array') return isCheckboxList(schema, ui) ? { kind: 'field', name, path, schema, ui, widget: specWidgets.checkboxes } : undefined;
  if (Object.keys(schema).some((k) => DRAWN_ELSEWHERE.has(k))) return undefined;
  // Booleans only as our checkboxes (consent, a yes-or-no setting); rjsf's own checkbox draws its label differently.
  if (schema.type === 'boolean' && !['consent', 'checkbox', 'hidden'].includes(String(ui['ui:widget']))) return undefined;
  if (schema.type !== 'string' && schema.type !== 'boolean') return undefined;
  const chosen = widgetOf(schema, ui);
  return chosen && { kind: 'field', name, path, schema, ui, ...chosen };
}

/** `if: { properties: { a: { const | enum | not: { const | enum } } } }`, the shape spec forms use; else undefined. */
function conditionsOf(schema: unknown): Condition[] | undefined {
  if (!isNode(schema) || Object.keys(schema).some((k) => k !== 'properties') || !isNode(schema.properties)) return undefined;
  const out: Condition[] = [];
  for (const [name, test] of Object.entries(schema.properties)) {
    if (!isNode(test)) return undefined;
    const negated = isNode(test.not) && Object.keys(test).length === 1;
    const inner = negated ? (test.not as SchemaNode) : test;
    const keys = Object.keys(inner);
    if (keys.length !== 1) return undefined;
    if ('const' in inner) out.push({ name, values: [inner.const], negated });
    else if (Array.isArray(inner.enum)) out.push({ name, values: inner.enum, negated });
    else return undefined;
  }
  return out;
}

/** `then` and `else` that only require fields; undefined for anything else. */
function requiredOnly(schema: unknown): readonly string[] | undefined {
  if (schema === undefined) return [];
  if (!isNode(schema) || Object.keys(schema).some((k) => k !== 'required')) return undefined;
  return strings(schema.required);
}

function orderOf(names: readonly string[], order: unknown): readonly string[] | undefined {
  if (order === undefined) return names;
  const listed = strings(order);
  if (!listed || listed.some((n) => n !== '*' && !names.includes(n))) return undefined;
  const rest = names.filter((n) => !listed.includes(n));
  if (!listed.includes('*')) return rest.length ? undefined : listed;
  return listed.flatMap((n) => (n === '*' ? rest : [n]));
}

function groupOf(name: string, path: readonly string[], schema: SchemaNode, ui: UiNode): LightGroup | undefined {
  const properties = schema.properties;
  if (schema.type !== 'object' || !isNode(properties) || Object.keys(schema).some((k) => !GROUP_KEYWORDS.has(k))) return undefined;
  // ui keys of an object: its fields', its order, its title and description (translated ones: localized-form.ts)
  if (Object.keys(ui).some((k) => (k.startsWith('ui:') ? !GROUP_UI.has(k) : !Object.hasOwn(properties, k)))) return undefined;
  let conditional: LightGroup['conditional'];
  if (schema.if !== undefined) {
    const when = conditionsOf(schema.if);
    const then = requiredOnly(schema.then);
    const otherwise = requiredOnly(schema.else);
    if (!when || !then || !otherwise) return undefined;
    conditional = { when, then, otherwise };
  } else if (schema.then !== undefined || schema.else !== undefined) return undefined;
  const order = orderOf(Object.keys(properties), ui['ui:order']);
  if (!order) return undefined;
  const fields: (LightField | LightGroup)[] = [];
  for (const child of order) {
    const childSchema = properties[child];
    const childUi = ui[child] ?? {};
    if (!isNode(childSchema) || !isNode(childUi)) return undefined;
    const made =
      childSchema.type === 'object' ? groupOf(child, [...path, child], childSchema, childUi) : fieldOf(child, [...path, child], childSchema, childUi);
    if (!made) return undefined;
    fields.push(made);
  }
  return {
    kind: 'group',
    name,
    path,
    // rjsf names an untitled object by its property name (the root's is empty, so it has no heading)
    title: text(ui['ui:title']) ?? text(schema.title) ?? name,
    description: text(ui['ui:description']) ?? text(schema.description),
    required: strings(schema.required) ?? [],
    conditional,
    fields,
  };
}

const models = new WeakMap<FormDefinition, LightGroup | null>();

/** What the light renderer draws of a form, or undefined when the form needs rjsf. */
export function lightModelOf(form: FormDefinition): LightGroup | undefined {
  let model = models.get(form);
  if (model === undefined) {
    model = groupOf('', [], form.schema as SchemaNode, form.uiSchema) ?? null;
    models.set(form, model);
  }
  return model ?? undefined;
}

/** An object's data (a list of checkboxes' values is an array, not one). */
const isData = (value: FieldValue | Data | undefined): value is Data => typeof value === 'object' && !Array.isArray(value);

const valueAt = (data: Data | undefined, path: readonly string[]): FieldValue | Data | undefined =>
  path.reduce<FieldValue | Data | undefined>((node, part) => (isData(node) ? node[part] : undefined), data);

function withValue(data: Data, path: readonly string[], value: FieldValue): Data {
  const [head, ...rest] = path;
  if (head === undefined) return data;
  const child = data[head];
  return { ...data, [head]: rest.length ? withValue(isData(child) ? child : {}, rest, value) : value };
}

/** The form's data as rjsf starts it: an object the schema requires is there, empty, so its fields say what they miss. */
function startingData(group: LightGroup, data: Data): Data {
  let out = data;
  for (const field of group.fields) {
    if (field.kind !== 'group') continue;
    const own = out[field.name];
    const required = group.required.includes(field.name);
    if (isData(own) || required) out = { ...out, [field.name]: startingData(field, isData(own) ? own : {}) };
  }
  return out;
}

/** What an object requires with its data: its own list, and what its `if` adds. */
function requiredIn(group: LightGroup, data: Data | undefined): readonly string[] {
  const c = group.conditional;
  if (!c) return group.required;
  // JSON Schema's `properties`: a property that is absent passes.
  const holds = c.when.every(({ name, values, negated }) => {
    const value = data?.[name];
    return value === undefined || values.includes(value) !== negated;
  });
  return [...group.required, ...(holds ? c.then : c.otherwise)];
}

/** rjsf's choices of an enumeration (a list's: its items'): its values, named by ui:enumNames where given. */
function choicesOf(schema: SchemaNode, ui: UiNode): FieldWidgetProps['options']['enumOptions'] {
  if (schema.type === 'array' && isNode(schema.items)) return choicesOf(schema.items, enumNamesOf(schema.items, ui));
  if (!Array.isArray(schema.enum)) return undefined;
  const names = strings(ui['ui:enumNames']);
  return schema.enum.map((value: unknown, i) => ({ value, label: names?.[i] ?? String(value) }));
}

/** The words of an enumeration (x-enum) in the reader's language, as SpecForm gives rjsf (ui:enumNames). */
function enumNamesOf(schema: SchemaNode, ui: UiNode): UiNode {
  const name = schema['x-enum'] as EnumNamedInSpecs | undefined;
  if (!name || !enumsNamedInSpecs[name] || !Array.isArray(schema.enum) || ui['ui:enumNames'] !== undefined) return ui;
  return { ...ui, 'ui:enumNames': schema.enum.map((v) => enumLabelOf(enumsNamedInSpecs[name], String(v))) };
}

/** The part of a field's schema its widget reads. */
function widgetSchema(schema: SchemaNode): FieldWidgetProps['schema'] {
  const count = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    description: text(schema.description),
    minLength: count(schema.minLength),
    maxLength: count(schema.maxLength),
    enum: Array.isArray(schema.enum) ? schema.enum : undefined,
  };
}

function optionsOf(ui: UiNode): { [key: string]: unknown } {
  const out: { [key: string]: unknown } = {};
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:options' && isNode(value)) Object.assign(out, value);
    else if (key.startsWith('ui:')) out[key.slice(3)] = value;
  }
  return out;
}

export interface LightFormProps<T> {
  /** the form in the reader's language (localizedForm) */
  form: FormDefinition;
  model: LightGroup;
  initialData?: Partial<T>;
  onSubmit: (data: T) => void | Promise<void>;
  serverErrors?: readonly FieldError[];
  context?: FormContext;
  idPrefix?: string;
  formId?: string;
  onChange?: (data: Partial<T>) => void;
  /** the live region and the buttons, below the fields */
  children: (invalidCount: number) => ReactNode;
}

/**
 * One validation rule, as SpecForm's with rjsf: the whole form is checked when a field loses focus and on submit;
 * while errors show, every change checks it again, so an error clears the moment its value becomes valid.
 */
export function LightForm<T extends object>(props: LightFormProps<T>) {
  const { form, model, initialData, onSubmit, serverErrors, context, idPrefix = 'root', formId, onChange, children } = props;
  const [data, setData] = useState<Data>(() => startingData(model, { ...(initialData as Data | undefined) }));
  // What was typed last, for a blur or a submit in the same event as the change (before the next render).
  const latest = useRef(data);
  const [errors, setErrors] = useState<readonly FieldError[]>([]);
  const [invalidCount, setInvalidCount] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const registry = { formContext: context };

  const validate = (values: Data): FieldError[] => {
    const check = validateOf(form);
    if (check(values)) return [];
    return describeIssues(issuesFromAjv(check.errors), form.schema as SchemaNode, form.messages, { phone: formatPhone(placesConstants.supportPhone) });
  };
  const showing = errors.length > 0 || Boolean(serverErrors?.length);
  const idOf = (path: readonly string[]) => [idPrefix, ...path].join('_');
  const errorsAt = (path: readonly string[]) => {
    const field = path.join('.');
    return [...errors, ...(serverErrors ?? [])].filter((e) => e.field === field).map((e) => e.message);
  };

  const change = (path: readonly string[], value: FieldValue) => {
    const next = withValue(latest.current, path, value);
    latest.current = next;
    setData(next);
    if (showing) setErrors(validate(next));
    onChange?.(next as Partial<T>);
  };
  const blur = () => setErrors(validate(latest.current));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = latest.current;
    const found = validate(values);
    setErrors(found);
    const all = [...found, ...(serverErrors ?? [])];
    if (found.length === 0) {
      setInvalidCount(0);
      void onSubmit(values as T);
      return;
    }
    setInvalidCount(new Set(all.map((e) => e.field)).size);
    // The first field that is wrong takes the focus (rjsf's focusOnFirstError); a group of radios, its first radio.
    const first = formRef.current?.querySelector<HTMLElement>(`[id="${idOf(found[0]!.field.split('.'))}"]`);
    const target = first instanceof HTMLFieldSetElement ? first.querySelector('input') : first;
    target?.focus();
  };

  const draw = (group: LightGroup, values: Data | undefined): ReactNode => {
    const required = requiredIn(group, values);
    return (
      <ObjectFrame title={group.title} description={group.description}>
        {group.fields.map((field) => {
          if (field.kind === 'group') {
            const own = values?.[field.name];
            return (
              <div key={field.name}>
                <div className="stack-sm">{draw(field, isData(own) ? own : undefined)}</div>
              </div>
            );
          }
          const Widget = field.widget;
          if (!Widget) return null;
          const id = idOf(field.path);
          const ui = enumNamesOf(field.schema, field.ui);
          const label = text(ui['ui:title']) ?? text(field.schema.title) ?? field.name;
          const rawErrors = errorsAt(field.path);
          const held = valueAt(values, [field.name]);
          const value = isData(held) ? undefined : held;
          const isRequired = required.includes(field.name);
          return (
            <div key={field.name}>
              <FieldFrame
                id={id}
                label={label}
                required={isRequired}
                displayLabel={framesLabel(ui['ui:widget'])}
                description={text(ui['ui:description']) ?? text(field.schema.description)}
                error={rawErrors[0]}
              >
                <Widget
                  id={id}
                  type={field.inputType}
                  value={value}
                  required={isRequired}
                  autofocus={ui['ui:autofocus'] === true}
                  placeholder={text(ui['ui:placeholder']) ?? ''}
                  label={label}
                  schema={widgetSchema(field.schema)}
                  uiSchema={ui}
                  options={{ ...optionsOf(ui), enumOptions: choicesOf(field.schema, ui) }}
                  rawErrors={rawErrors}
                  onChange={(next) => change(field.path, next)}
                  onBlur={blur}
                  onFocus={() => undefined}
                  registry={registry}
                />
              </FieldFrame>
            </div>
          );
        })}
      </ObjectFrame>
    );
  };

  return (
    <form ref={formRef} id={formId} className="rjsf" noValidate onSubmit={submit}>
      <div className="stack-sm">{draw(model, data)}</div>
      {children(invalidCount)}
    </form>
  );
}
