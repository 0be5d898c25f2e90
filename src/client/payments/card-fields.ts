/**
 * The card fields of a form spec (the fields whose ui:widget is a value of enum cardField) as the
 * payment provider's hosted fields: their labels and messages come from the same form spec, so the
 * Braintree card form says what the local card form says. What is left of the form (card holder,
 * billing address) stays an ordinary spec form.
 */
import * as placesConstants from '@/generated/constants/places';
import type { CardField } from '@/generated/enums';
import * as moneyEnums from '@/generated/enums/money';
import type { FormDefinition } from '@/generated/types';
import { formatPhone } from '@/domain/phone';
import { describeIssues, type ValidationIssue } from '@/domain/validation/field-errors';
import type { SchemaNode } from '@/domain/validation/schema-path';
import { narrowedForm } from '../runtime/forms/precompiled';

/** Braintree's name of each hosted field (braintree-web hosted-fields `fields` keys). */
export type HostedFieldName = 'number' | 'expirationDate' | 'cvv';

const HOSTED_NAME: Readonly<Record<CardField, HostedFieldName>> = {
  'card-number': 'number',
  'card-expiration': 'expirationDate',
  'card-cvv': 'cvv',
};

export interface HostedCardField {
  /** the form's property ("number") */
  property: string;
  kind: CardField;
  hosted: HostedFieldName;
  /** the property's title in the form spec */
  label: string;
}

/** What a hosted field reports about its input (braintree-web field state). */
export interface HostedFieldState {
  isEmpty: boolean;
  isValid: boolean;
}

function isCardField(widget: unknown): widget is CardField {
  return (moneyEnums.cardField.values as readonly string[]).includes(String(widget));
}

/** The form's card fields (in the form's order) and the form without them. */
export function splitCardForm(form: FormDefinition): { cardFields: HostedCardField[]; rest: FormDefinition } {
  const schema = form.schema as SchemaNode;
  const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const uiSchema = form.uiSchema as Record<string, Record<string, unknown> | undefined>;
  const cardFields: HostedCardField[] = [];
  for (const [property, node] of Object.entries(properties)) {
    const widget = uiSchema[property]?.['ui:widget'];
    if (isCardField(widget)) cardFields.push({ property, kind: widget, hosted: HOSTED_NAME[widget], label: String(node.title ?? property) });
  }
  const card = new Set(cardFields.map((f) => f.property));
  const restSchema: SchemaNode = {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).filter(([name]) => !card.has(name))),
    ...(Array.isArray(schema.required) ? { required: (schema.required as string[]).filter((name) => !card.has(name)) } : {}),
  };
  const restUi = Object.fromEntries(Object.entries(form.uiSchema).filter(([name]) => !card.has(name)));
  return { cardFields, rest: narrowedForm(form, restSchema as FormDefinition['schema'], restUi) };
}

/**
 * The message each card field shows: an empty field is missing ('required'), a filled one that the
 * provider does not accept is not valid ('pattern'), worded by the form spec like the local form.
 */
export function cardFieldErrors(
  form: FormDefinition,
  fields: readonly HostedCardField[],
  states: Readonly<Record<string, HostedFieldState | undefined>>,
): Record<string, string> {
  const issues: ValidationIssue[] = [];
  for (const f of fields) {
    const state = states[f.property];
    if (!state || state.isValid) continue;
    issues.push(
      state.isEmpty
        ? { keyword: 'required', pointer: '', params: { missingProperty: f.property } }
        : { keyword: 'pattern', pointer: `/${f.property}`, params: {} },
    );
  }
  const described = describeIssues(issues, form.schema as SchemaNode, form.messages, { phone: formatPhone(placesConstants.supportPhone) });
  return Object.fromEntries(described.map((e) => [e.field, e.message]));
}
