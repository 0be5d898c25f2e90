/**
 * Our look for rjsf: every field has a visible label, its hint and its error tied to the input
 * (aria-describedby, aria-invalid), so screen readers hear what is wrong and where.
 */
import type { BaseInputTemplateProps, FieldTemplateProps, ObjectFieldTemplateProps, WidgetProps } from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';
import { useFocusOnMount } from './focus-on-mount';
import { SELF_LABELLED_WIDGETS } from './widgets';
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

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, children, rawErrors = [], rawDescription, hidden, schema, uiSchema } = props;
  const displayLabel = props.displayLabel && !SELF_LABELLED_WIDGETS.includes(String(uiSchema?.['ui:widget'] ?? ''));
  const error = rawErrors[0];
  if (hidden) return <div hidden>{children}</div>;
  if (schema.type === 'object' || schema.type === 'array') return <div className="stack-sm">{children}</div>;
  return (
    <div className="field">
      {displayLabel && label ? (
        <label className="field__label" htmlFor={id}>
          {label}
          {required ? null : <span className="muted"> {message('ui.form.optional')}</span>}
        </label>
      ) : null}
      {children}
      {rawDescription ? (
        <span id={hintId(id)} className="field__hint">
          {rawDescription}
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

export function ObjectFieldTemplate({ properties, title, description }: ObjectFieldTemplateProps) {
  return (
    <div>
      {/* The title is for screen readers only: outside the stack, so it adds no gap above the first field. */}
      {title ? <h2 className="visually-hidden">{title}</h2> : null}
      <div className="stack-sm">
        {description ? <p className="muted">{description}</p> : null}
        {properties.map((p) => (p.hidden ? null : <div key={p.name}>{p.content}</div>))}
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

export function BaseInputTemplate(props: BaseInputTemplateProps) {
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
      value={value ?? ''}
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
        onChange(typed === '' ? options.emptyValue : typed);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => onBlur(id, e.target.value)}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
    />
  );
}

export function SelectWidget({ id, value, required, disabled, onChange, onBlur, onFocus, options, rawErrors = [], schema, placeholder }: WidgetProps) {
  const hasError = rawErrors.length > 0;
  const choices = (options.enumOptions ?? []) as { value: unknown; label: string }[];
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
