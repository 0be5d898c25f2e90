/**
 * What a widget of a spec form reads and holds (both renderers hand it this: rjsf its WidgetProps, the light renderer
 * the part of it these name), and the choices a page gives a form (ui:options.choicesFrom).
 */
import type { RelationshipChoiceContext } from '@/domain/relationships';

/** A value a spec form's field holds: a string, a boolean, or the values chosen in a list of checkboxes. */
export type FieldValue = string | boolean | readonly ChoiceValue[] | undefined;

/** The value of one choice: a code, or an id (a search filter's is a number). */
export type ChoiceValue = string | number;

/**
 * One choice of a field whose choices are known only on the page (a clinician's clients, the practices, the reasons the
 * server gives): its value, its words, the language they are in when not the page's (a language named in itself), and
 * the group it is listed under (a filter's kind).
 */
export interface Choice {
  value: ChoiceValue;
  label: string;
  lang?: string;
  group?: string;
}

/** What a form tells its widgets: the relationship rules' context and the choices named by `ui:options.choicesFrom`. */
export interface FormContext {
  relationship?: RelationshipFormContext;
  choices?: { readonly [name: string]: readonly Choice[] };
}

/** What a widget reads of its field. rjsf's WidgetProps holds all of it (and more), so rjsf can draw these widgets too. */
export interface FieldWidgetProps {
  id: string;
  value: FieldValue;
  required?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  autofocus?: boolean;
  placeholder?: string;
  label: string;
  schema: { description?: string; minLength?: number; maxLength?: number; enum?: readonly unknown[] };
  uiSchema?: { readonly [key: string]: unknown };
  /** the field's ui options (ui:options and the other ui: keys without their prefix), and its choices when it has an enum */
  options: { readonly [key: string]: unknown; enumOptions?: readonly { value: unknown; label: string }[] };
  rawErrors?: string[];
  onChange: (value: FieldValue) => void;
  onBlur: (id: string, value: FieldValue) => void;
  onFocus: (id: string, value: FieldValue) => void;
  /** what the form tells its widgets (rjsf keeps it in its registry) */
  registry: { formContext?: FormContext };
}

/**
 * A field's choices: those the page gives under the name its `ui:options.choicesFrom` says, else its enumeration's
 * (named by ui:enumNames or the enumeration's words).
 */
export function choicesOf({ options, registry }: Pick<FieldWidgetProps, 'options' | 'registry'>): readonly Choice[] {
  const from = options.choicesFrom;
  if (typeof from === 'string') return registry.formContext?.choices?.[from] ?? [];
  return (options.enumOptions ?? []).map((o) => ({ value: o.value as ChoiceValue, label: o.label }));
}

/** The value an emptied field takes: its ui:emptyValue, or none. */
export function emptyValueOf(options: FieldWidgetProps['options']): FieldValue {
  const empty = options.emptyValue;
  return typeof empty === 'string' || typeof empty === 'boolean' ? empty : undefined;
}

/** What a form knows of the booking for the relationship rules: the other patients and the counseling type. */
export type RelationshipFormContext = Partial<RelationshipChoiceContext>;
