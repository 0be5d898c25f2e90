/**
 * Our widgets of choices drawn all in sight: radios (one of a few; the gender of §5, a cancellation's reason), checkboxes
 * (several of many; licensed states, search filters), and single checkboxes (a consent, a yes-or-no setting). Each
 * carries its own label (a legend or the checkbox's label), so the field frame draws none (SELF_LABELLED_WIDGETS).
 */
import * as peopleEnums from '@/generated/enums/people';
import { enumLabelOf } from '@/domain/translations';
import { describedBy } from './templates';
import { choicesOf, type Choice, type ChoiceValue, type FieldWidgetProps } from './widget-props';

export function GenderWidget({ id, value, required, disabled, onChange, onBlur, onFocus, rawErrors = [], schema, options, label }: FieldWidgetProps) {
  const hasError = rawErrors.length > 0;
  const choices = (options.enumOptions ?? []).map((o) => String(o.value));
  return (
    <fieldset id={id} className="cluster" aria-invalid={hasError || undefined} aria-describedby={describedBy(id, Boolean(schema.description), hasError)}>
      <legend className="field__label">{label}</legend>
      {choices.map((choice) => (
        <label key={choice} className="choice">
          <input
            type="radio"
            name={id}
            value={choice}
            checked={value === choice}
            required={required}
            disabled={disabled}
            onChange={() => onChange(choice)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />{' '}
          {enumLabelOf(peopleEnums.gender, choice)}
        </label>
      ))}
    </fieldset>
  );
}

export function ConsentWidget({ id, value, required, disabled, onChange, onBlur, onFocus, rawErrors = [], schema, label }: FieldWidgetProps) {
  const hasError = rawErrors.length > 0;
  return (
    <label className="choice" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        required={required}
        disabled={disabled}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(id, Boolean(schema.description), hasError)}
        onChange={(e) => onChange(e.target.checked ? true : undefined)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />{' '}
      {label}
    </label>
  );
}

/** One of a few choices, all in sight (a cancellation's reason): a group of radios under the field's label. */
export function RadiosWidget(p: FieldWidgetProps) {
  const { id, value, required, disabled, onChange, onBlur, onFocus, rawErrors = [], schema, label } = p;
  const hasError = rawErrors.length > 0;
  return (
    <fieldset id={id} className="choices" aria-invalid={hasError || undefined} aria-describedby={describedBy(id, Boolean(schema.description), hasError)}>
      <legend className="field__label">{label}</legend>
      {choicesOf(p).map((choice) => (
        <label key={choice.value} className="choice">
          <input
            type="radio"
            name={id}
            value={choice.value}
            checked={value === choice.value}
            required={required}
            disabled={disabled}
            onChange={() => onChange(String(choice.value))}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          <span lang={choice.lang}>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Several of many choices (licensed states, search filters): a checkbox each, listed under their group's name when
 * they have one; `ui:options.collapsed` folds a long list under its label until it is opened.
 */
export function CheckboxesWidget(p: FieldWidgetProps) {
  const { id, value, disabled, onChange, onBlur, onFocus, rawErrors = [], schema, label, options } = p;
  const hasError = rawErrors.length > 0;
  const chosen: readonly ChoiceValue[] = Array.isArray(value) ? value : [];
  const toggled = (choice: ChoiceValue, on: boolean) => [...chosen.filter((v) => v !== choice), ...(on ? [choice] : [])];
  const groups = new Map<string, Choice[]>();
  for (const choice of choicesOf(p)) groups.set(choice.group ?? '', [...(groups.get(choice.group ?? '') ?? []), choice]);
  const boxes = (list: readonly Choice[]) => (
    <div className="cluster">
      {list.map((choice) => (
        <label key={choice.value} className="choice">
          <input
            type="checkbox"
            name={id}
            value={choice.value}
            checked={chosen.includes(choice.value)}
            disabled={disabled}
            onChange={(e) => onChange(toggled(choice.value, e.target.checked))}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />{' '}
          <span lang={choice.lang}>{choice.label}</span>
        </label>
      ))}
    </div>
  );
  const list = (
    <fieldset id={id} className="stack-sm" aria-invalid={hasError || undefined} aria-describedby={describedBy(id, Boolean(schema.description), hasError)}>
      <legend className={options.collapsed ? 'visually-hidden' : 'field__label'}>{label}</legend>
      {[...groups].map(([group, inGroup]) =>
        group ? (
          <fieldset key={group} className="stack-sm">
            <legend>{group}</legend>
            {boxes(inGroup)}
          </fieldset>
        ) : (
          <div key="">{boxes(inGroup)}</div>
        ),
      )}
    </fieldset>
  );
  return options.collapsed ? (
    <details className="stack-sm">
      <summary>{label}</summary>
      {list}
    </details>
  ) : (
    list
  );
}

/** A yes-or-no setting (takes new clients): a checkbox whose value is true or false, never left out. */
export function CheckboxWidget({ id, value, disabled, onChange, onBlur, onFocus, rawErrors = [], schema, label }: FieldWidgetProps) {
  const hasError = rawErrors.length > 0;
  return (
    <label className="choice" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        disabled={disabled}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(id, Boolean(schema.description), hasError)}
        onChange={(e) => onChange(e.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />{' '}
      {label}
    </label>
  );
}
