/**
 * Our look for spec forms: every field has a visible label, its hint and its error tied to the input
 * (aria-describedby, aria-invalid), so screen readers hear what is wrong and where. Both renderers draw these: the
 * light renderer (light-form.tsx) and rjsf through its templates (RjsfSpecForm.tsx), so a form reads the same whichever
 * draws it.
 */
import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import { useFocusOnMount } from './focus-on-mount';
import { SELF_LABELLED_WIDGETS } from './widgets';
import { emptyValueOf, type FieldWidgetProps } from './widget-props';
import { filterBookingName } from '@/domain/names';
import { message } from '@/domain/messages';

export function hintId(id: string): string {
  return `${id}__hint`;
}

export function errorId(id: string): string {
  return `${id}__error`;
}

export function describedBy(id: string, hasHint: boolean, hasError: boolean): string | undefined {
  return [hasHint ? hintId(id) : '', hasError ? errorId(id) : ''].filter(Boolean).join(' ') || undefined;
}

export interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean;
  /** whether the frame draws the label (a widget that carries its own, a legend or a checkbox label, draws none here) */
  displayLabel: boolean;
  description?: ReactNode;
  /** the error shown under the field: the first of its errors */
  error?: ReactNode;
  children: ReactNode;
}

/** One field: its label (with "optional" when it may stay empty), the input, its hint and its error line. */
export function FieldFrame({ id, label, required, displayLabel, description, error, children }: FieldFrameProps) {
  return (
    <div className="field">
      {displayLabel && label ? (
        <label className="field__label" htmlFor={id}>
          {label}
          {required ? null : <span className="muted"> {message('ui.form.optional')}</span>}
        </label>
      ) : null}
      {children}
      {description ? (
        <span id={hintId(id)} className="field__hint">
          {description}
        </span>
      ) : null}
      {/* Every field keeps its error's line, empty or not: the gaps between fields stay even (one gap token), and
          the form never moves under the pointer when an error shows or clears on blur (a click would be lost). */}
      {error ? (
        <span id={errorId(id)} className="field__error">
          {error}
        </span>
      ) : (
        <span className="field__line" aria-hidden="true" />
      )}
    </div>
  );
}

/** Whether a field's frame draws its label: not for a widget that carries its own. */
export function framesLabel(widget: unknown): boolean {
  return !SELF_LABELLED_WIDGETS.includes(String(widget ?? ''));
}

/** A group of fields (an object of the schema): its title for screen readers, its description, its fields. */
export function ObjectFrame({ title, description, children }: { title?: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <div>
      {/* The title is for screen readers only: outside the stack, so it adds no gap above the first field. */}
      {title ? <h2 className="visually-hidden">{title}</h2> : null}
      <div className="stack-sm">
        {description ? <p className="muted">{description}</p> : null}
        {children}
      </div>
    </div>
  );
}

/**
 * The input's maxlength: only codes of a fixed length (zip code, member ID) are capped as they are
 * typed. Free text with an upper bound (names, e-mail, descriptions) is not cut short silently: the
 * field's own message says it is too long (the length messages of product-spec §5).
 */
export function cappedLength(schema: { minLength?: number; maxLength?: number }): number | undefined {
  return typeof schema.maxLength === 'number' && schema.minLength === schema.maxLength ? schema.maxLength : undefined;
}

export function BaseInputTemplate(props: FieldWidgetProps & { type?: string }) {
  const { id, value, type, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, rawErrors = [], schema, options, uiSchema } = props;
  const focusRef = useFocusOnMount<HTMLInputElement>(autofocus);
  const hasError = rawErrors.length > 0;
  const autoComplete = (uiSchema?.['ui:autocomplete'] as string | undefined) ?? undefined;
  const inputMode = options.inputMode as 'numeric' | 'email' | 'tel' | undefined;
  return (
    <input
      id={id}
      name={id}
      className="input"
      type={type === 'string' ? 'text' : (type ?? 'text')}
      value={typeof value === 'string' ? value : ''}
      required={required}
      disabled={disabled || readonly}
      ref={focusRef}
      autoFocus={autofocus}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={cappedLength(schema)}
      aria-invalid={hasError || undefined}
      aria-describedby={describedBy(id, Boolean(schema.description), hasError)}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        // ui:options stripDisallowed: booking names drop what they may not hold as it is typed (§5).
        const typed = options.stripDisallowed ? filterBookingName(e.target.value) : e.target.value;
        onChange(typed === '' ? emptyValueOf(options) : typed);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => onBlur(id, e.target.value)}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
    />
  );
}

export function SelectWidget({ id, value, required, disabled, onChange, onBlur, onFocus, options, rawErrors = [], schema, placeholder }: FieldWidgetProps) {
  const hasError = rawErrors.length > 0;
  const choices = options.enumOptions ?? [];
  return (
    <select
      id={id}
      name={id}
      className="select"
      value={value === undefined ? '' : String(value)}
      required={required}
      disabled={disabled}
      aria-invalid={hasError || undefined}
      aria-describedby={describedBy(id, Boolean(schema.description), hasError)}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    >
      <option value="">{placeholder || message('ui.form.choose')}</option>
      {choices.map((c) => (
        <option key={String(c.value)} value={String(c.value)}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
