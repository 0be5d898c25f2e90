/**
 * A form spec in the active language: its title, description, submit label, ui texts and messages from
 * the language's form file (specs/forms/<name>.<tag>.yaml). The schema itself stays the default
 * language's object, the one its precompiled validator is keyed by; translated field titles and
 * descriptions reach rjsf through the uiSchema (ui:title, ui:description), which it reads first.
 */
import type { FormDefinition } from '@/generated/types';
import type { SchemaNode } from '@/domain/validation/schema-path';
import { localizedDocument } from '@/domain/translations';

type UiNode = Record<string, unknown>;

function fieldWords(base: SchemaNode, translated: SchemaNode, ui: UiNode): UiNode {
  const out: UiNode = { ...ui };
  const baseProps = (base.properties ?? {}) as Record<string, SchemaNode>;
  const translatedProps = (translated.properties ?? {}) as Record<string, SchemaNode>;
  for (const [name, prop] of Object.entries(baseProps)) {
    const words = translatedProps[name] ?? prop;
    let field: UiNode = { ...((out[name] ?? {}) as UiNode) };
    if (typeof words.title === 'string' && words.title !== prop.title && field['ui:title'] === undefined) field['ui:title'] = words.title;
    if (typeof words.description === 'string' && words.description !== prop.description && field['ui:description'] === undefined)
      field['ui:description'] = words.description;
    if (prop.type === 'object') field = fieldWords(prop, words, field);
    if (Object.keys(field).length) out[name] = field;
  }
  return out;
}

const made = new WeakMap<FormDefinition, FormDefinition>();

export function localizedForm(form: FormDefinition): FormDefinition {
  const translated = localizedDocument('forms', form);
  if (translated === form) return form;
  let out = made.get(translated);
  if (!out) {
    out = {
      ...translated,
      schema: form.schema,
      uiSchema: fieldWords(form.schema as SchemaNode, translated.schema as SchemaNode, translated.uiSchema as UiNode) as FormDefinition['uiSchema'],
    };
    made.set(translated, out);
  }
  return out;
}
