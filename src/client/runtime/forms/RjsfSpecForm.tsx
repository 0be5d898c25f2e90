/**
 * A spec form drawn by rjsf, for a form the light renderer does not take (light-form.tsx, lightModelOf): loaded by
 * SpecForm only when such a form is drawn. One validation rule, as the light renderer's: a field is checked when it
 * loses focus and on submit, not while it is first typed; once errors are shown, each change re-validates, so an error
 * clears the moment the value becomes valid. Server errors appear on their fields.
 */
import Form from '@rjsf/core';
import type { ErrorSchema, FieldTemplateProps, ObjectFieldTemplateProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo, useState, type ReactNode } from 'react';
import * as placesConstants from '@/generated/constants/places';
import { enumsNamedInSpecs, type EnumNamedInSpecs } from '@/generated/enums/named-in-specs';
import type { FormDefinition } from '@/generated/types';
import { formatPhone } from '@/domain/phone';
import { enumLabelOf } from '@/domain/translations';
import type { FieldError } from '@/domain/validation/field-errors';
import type { SchemaNode } from '@/domain/validation/schema-path';
import { BaseInputTemplate, FieldFrame, ObjectFrame, SelectWidget, framesLabel } from './templates';
import { formValidator, makeTransformErrors } from './validator';
import { specWidgets } from './widgets';
import type { FormContext } from './widget-props';

export interface RjsfSpecFormProps {
  /** the form in the reader's language (localizedForm) */
  form: FormDefinition;
  initialData?: object;
  onSubmit: (data: object) => void | Promise<void>;
  serverErrors?: readonly FieldError[];
  context?: FormContext;
  idPrefix?: string;
  /** the form element's id (a button outside it submits it) */
  formId?: string;
  /** told the data on each change */
  onChange?: (data: object) => void;
  /** the live region and the buttons, below the fields */
  children: (invalidCount: number) => ReactNode;
}

/** Our look for rjsf: its fields and objects in our frames (templates.tsx). */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, children, rawErrors = [], rawDescription, hidden, schema, uiSchema } = props;
  if (hidden) return <div hidden>{children}</div>;
  // A list drawn by one of our widgets (checkboxes) is framed like a field; any other object or list frames its own parts.
  if (schema.type === 'object' || (schema.type === 'array' && !uiSchema?.['ui:widget'])) return <div className="stack-sm">{children}</div>;
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      displayLabel={Boolean(props.displayLabel) && framesLabel(uiSchema?.['ui:widget'])}
      description={rawDescription}
      error={rawErrors[0]}
    >
      {children}
    </FieldFrame>
  );
}

export function ObjectFieldTemplate({ properties, title, description }: ObjectFieldTemplateProps) {
  return (
    <ObjectFrame title={title} description={description}>
      {properties.map((p) => (p.hidden ? null : <div key={p.name}>{p.content}</div>))}
    </ObjectFrame>
  );
}

/** Labels for fields whose values come from an enumeration (x-enum), so people read words, not codes. */
function withEnumLabels(schema: SchemaNode, uiSchema: Record<string, unknown>): UiSchema {
  const out: Record<string, unknown> = { ...uiSchema };
  const props = (schema.properties ?? {}) as Record<string, SchemaNode>;
  for (const [name, prop] of Object.entries(props)) {
    const enumName = prop['x-enum'] as EnumNamedInSpecs | undefined;
    if (enumName && enumsNamedInSpecs[enumName]) {
      const existing = (out[name] ?? {}) as Record<string, unknown>;
      out[name] = { 'ui:enumNames': (prop.enum as string[]).map((v) => enumLabelOf(enumsNamedInSpecs[enumName], v)), ...existing };
    } else if (prop.type === 'object') {
      out[name] = withEnumLabels(prop, (out[name] ?? {}) as Record<string, unknown>);
    }
  }
  return out as UiSchema;
}

// The same objects on every render: rjsf compares its props deeply on each keystroke and rebuilds
// its registry when they change.
const templates = { FieldTemplate, ObjectFieldTemplate, BaseInputTemplate };
const widgets = { SelectWidget, ...specWidgets };

function toErrorSchema(errors: readonly FieldError[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const e of errors) {
    let node = root;
    for (const part of e.field.split('.')) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node.__errors = [e.message];
  }
  return root as ErrorSchema;
}

export default function RjsfSpecForm({ form, initialData, onSubmit, serverErrors, context, idPrefix, formId, onChange, children }: RjsfSpecFormProps) {
  const [data, setData] = useState<object | undefined>(initialData);
  const [invalidCount, setInvalidCount] = useState(0);
  // Whether the form shows validation errors: while it does, changes validate too.
  const [showingErrors, setShowingErrors] = useState(false);
  const schema = form.schema as SchemaNode;
  const uiSchema = useMemo(() => withEnumLabels(schema, form.uiSchema), [schema, form.uiSchema]);
  const transformErrors = useMemo(
    () => makeTransformErrors(schema, form.messages, { phone: formatPhone(placesConstants.supportPhone) }),
    [schema, form.messages],
  );
  const extraErrors = useMemo(() => (serverErrors?.length ? toErrorSchema(serverErrors) : undefined), [serverErrors]);

  return (
    <Form
      schema={form.schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={data}
      validator={formValidator(form)}
      transformErrors={transformErrors}
      extraErrors={extraErrors}
      liveValidate={showingErrors ? 'onChange' : 'onBlur'}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      templates={templates}
      widgets={widgets}
      formContext={context}
      idPrefix={idPrefix}
      id={formId}
      onChange={(e) => {
        setData(e.formData as object | undefined);
        setShowingErrors(e.errors.length > 0);
        onChange?.((e.formData ?? {}) as object);
      }}
      onError={(errors) => {
        setInvalidCount(new Set(errors.map((e) => e.property)).size);
        setShowingErrors(errors.length > 0);
      }}
      onSubmit={(e) => {
        setInvalidCount(0);
        void onSubmit(e.formData as object);
      }}
    >
      {children(invalidCount)}
    </Form>
  );
}
