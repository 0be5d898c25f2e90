/**
 * Renders a form spec (specs/forms/*.yaml): fields, labels and messages all come from the spec, in the reader's
 * language (localized-form.ts). A plain form (objects of strings, enumerations, dates, consents: every spec form the
 * app draws) is drawn by the light renderer (light-form.tsx); any other by rjsf (RjsfSpecForm.tsx), loaded only then,
 * so a screen with spec forms does not carry rjsf before its first interaction. Both draw the same frames and widgets
 * and follow one validation rule: a field is checked when it loses focus and on submit, not while it is first typed;
 * once errors are shown, each change re-validates, so an error clears the moment the value becomes valid. Server
 * errors appear on their fields.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { FormDefinition } from '@/generated/types';
import { message } from '@/domain/messages';
import type { ButtonVariant } from '@/client/ui/Button';
import type { FieldError } from '@/domain/validation/field-errors';
import { LightForm, lightModelOf } from './light-form';
import { localizedForm } from './localized-form';
import type { FormContext } from './widget-props';

const RjsfSpecForm = lazy(() => import('./RjsfSpecForm'));

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
  /** what widgets need to know: the other patients' relationships and the counseling type, and the choices known only on the page (ui:options.choicesFrom) */
  context?: FormContext;
  /** prefix of the field ids (default root): two forms on one page need different ones */
  idPrefix?: string;
  /** the submit button does what cannot be undone (removing a provider): drawn as a danger button */
  destructive?: boolean;
  /** the submit button's weight where the page's main action is another (closing a task beside a retry): primary by default */
  submitVariant?: ButtonVariant;
  /** the form element's id: a button elsewhere (a dialog's footer) submits it with `form={formId}` */
  formId?: string;
  /** outside: the form draws no buttons, one outside it submits it (formId) */
  buttons?: 'inside' | 'outside';
  /** told the form's data on each change (the terms that depend on a choice) */
  onChange?: (data: Partial<T>) => void;
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
  destructive,
  submitVariant = 'primary',
  formId,
  buttons = 'inside',
  onChange,
}: SpecFormProps<T>) {
  const form = localizedForm(specForm);
  const model = lightModelOf(form);
  // Below the fields: what a failed submit found, for screen readers, and the buttons.
  const end = (invalidCount: number) => (
    <>
      <p className="visually-hidden" aria-live="polite">
        {invalidCount ? message('ui.form.needsAttention', { count: invalidCount }) : ''}
      </p>
      {buttons === 'outside' ? null : (
        <div className="form-actions">
          <button
            type="submit"
            className={destructive ? 'btn btn--primary btn--danger' : `btn btn--${submitVariant}`}
            disabled={submitting}
            aria-busy={submitting || undefined}
          >
            {submitLabel ?? form.submitLabel ?? message('ui.form.submit')}
          </button>
          {actions}
        </div>
      )}
    </>
  );
  if (model)
    return (
      <LightForm<T>
        form={form}
        model={model}
        initialData={initialData}
        onSubmit={onSubmit}
        onChange={onChange}
        serverErrors={serverErrors}
        context={context}
        idPrefix={idPrefix}
        formId={formId}
      >
        {end}
      </LightForm>
    );
  // The screen keeps its place while rjsf arrives (no spec form the app draws takes this road: forms-in-browser.test.ts).
  return (
    <Suspense fallback={null}>
      <RjsfSpecForm
        form={form}
        initialData={initialData}
        // The validator has checked the data against the form's schema, which T is the type of.
        onSubmit={(data) => onSubmit(data as T)}
        onChange={onChange && ((data) => onChange(data as Partial<T>))}
        serverErrors={serverErrors}
        context={context}
        idPrefix={idPrefix}
        formId={formId}
      >
        {end}
      </RjsfSpecForm>
    </Suspense>
  );
}
