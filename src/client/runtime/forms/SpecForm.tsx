/**
 * Renders a form spec (specs/forms/*.yaml): fields, labels and messages all come from the spec.
 * One validation rule for every form: a field is checked when it loses focus and on submit, not while
 * it is first typed; once errors are shown, each change re-validates, so an error clears the moment
 * the value becomes valid (a valid value never keeps an error until blur). Server errors appear on
 * their fields.
 */
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo, useState, type ReactNode } from 'react';
import * as placesConstants from '@/generated/constants/places';
import { enumsNamedInSpecs, type EnumNamedInSpecs } from '@/generated/enums/named-in-specs';
import type { FormDefinition } from '@/generated/types';
import { message } from '@/domain/messages';
import { formatPhone } from '@/domain/phone';
import { enumLabelOf } from '@/domain/translations';
import type { FieldError } from '@/domain/validation/field-errors';
import type { SchemaNode } from '@/domain/validation/schema-path';
import { BaseInputTemplate, FieldTemplate, ObjectFieldTemplate, SelectWidget } from './templates';
import { formValidator, makeTransformErrors } from './validator';
import { localizedForm } from './localized-form';
import { specWidgets } from './widgets';
import type { RelationshipFormContext } from './widgets';

export interface SpecFormProps<T> {
  form: FormDefinition;
  initialData?: Partial<T>;
  onSubmit: (data: T) => void | Promise<void>;
  /** errors the API answered with, shown on their fields */
  serverErrors?: readonly FieldError[];
  submitting?: boolean;
  submitLabel?: string;
  /** more buttons beside the submit button */
  actions?: ReactNode;
  /** what widgets need to know: the other patients' relationships and the counseling type */
  context?: { relationship?: RelationshipFormContext };
  /** prefix of the field ids (default root): two forms on one page need different ones */
  idPrefix?: string;
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

export function SpecForm<T extends object>({
  form: specForm,
  initialData,
  onSubmit,
  serverErrors,
  submitting,
  submitLabel,
  actions,
  context,
  idPrefix,
}: SpecFormProps<T>) {
  const [data, setData] = useState<Partial<T> | undefined>(initialData);
  const [invalidCount, setInvalidCount] = useState(0);
  // Whether the form shows validation errors: while it does, changes validate too.
  const [showingErrors, setShowingErrors] = useState(false);
  const form = localizedForm(specForm);
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
      onChange={(e) => {
        setData(e.formData as Partial<T>);
        setShowingErrors(e.errors.length > 0);
      }}
      onError={(errors) => {
        setInvalidCount(new Set(errors.map((e) => e.property)).size);
        setShowingErrors(errors.length > 0);
      }}
      onSubmit={(e) => {
        setInvalidCount(0);
        void onSubmit(e.formData as T);
      }}
    >
      <p className="visually-hidden" aria-live="polite">
        {invalidCount ? message('ui.form.needsAttention', { count: invalidCount }) : ''}
      </p>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={submitting} aria-busy={submitting || undefined}>
          {submitLabel ?? form.submitLabel ?? message('ui.form.submit')}
        </button>
        {actions}
      </div>
    </Form>
  );
}
