/**
 * Our widgets for spec forms, chosen with ui:widget in a form spec. Each one keeps the label, hint and
 * error tied to its input (FieldFrame), and shapes what is typed as product-spec §5 says. Both renderers draw them:
 * rjsf hands them its WidgetProps, the light renderer (light-form.tsx) the part of it they read (FieldWidgetProps).
 */
import type { ChangeEvent, FocusEvent } from 'react';
import { useFocusOnMount } from './focus-on-mount';
import * as limitsConstants from '@/generated/constants/limits';
import type { Relationship } from '@/generated/enums';
import * as peopleEnums from '@/generated/enums/people';
import { enumLabelOf } from '@/domain/translations';
import { stateChoices } from '@/client/ui/format';
import { formatUsDate, isIsoDate, isoFromUsTyped, todayIso } from '@/domain/dates';
import { describedBy } from './templates';
import { offeredRelationships, type RelationshipChoiceContext } from '@/domain/relationships';
import { filterBookingName } from '@/domain/names';
import { message } from '@/domain/messages';
import { PASTED_CODE_MAX, groupedCardNumber, typedDigits, typedPhone } from './input-filters';

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

type InputExtras = {
  type?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  autoComplete?: string;
  max?: string;
  maxLength?: number;
  filter?: (v: string) => string;
  /** how the kept value is shown (the value itself stays as `filter` kept it) */
  display?: (v: string) => string;
};

function TextLike(props: FieldWidgetProps & { extras: InputExtras }) {
  const { id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, rawErrors = [], schema, options, uiSchema, extras } = props;
  const focusRef = useFocusOnMount<HTMLInputElement>(autofocus);
  const hasError = rawErrors.length > 0;
  const maxLength = extras.maxLength ?? (typeof schema.maxLength === 'number' ? schema.maxLength : undefined);
  return (
    <input
      id={id}
      name={id}
      className="input"
      type={extras.type ?? 'text'}
      value={typeof value !== 'string' ? '' : extras.display ? extras.display(value) : value}
      required={required}
      disabled={disabled || readonly}
      ref={focusRef}
      autoFocus={autofocus}
      autoComplete={(uiSchema?.['ui:autocomplete'] as string | undefined) ?? extras.autoComplete}
      inputMode={extras.inputMode}
      max={extras.max}
      maxLength={maxLength}
      aria-invalid={hasError || undefined}
      aria-describedby={describedBy(id, Boolean(schema.description), hasError)}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        const next = extras.filter ? extras.filter(e.target.value) : e.target.value;
        onChange(next === '' ? emptyValueOf(options) : next);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => onBlur(id, e.target.value)}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
    />
  );
}

export const PersonNameWidget = (p: FieldWidgetProps) => <TextLike {...p} extras={{ filter: filterBookingName }} />;
/** A native date input: ISO values, a picker, no dates after today offered. */
export const DateOfBirthWidget = (p: FieldWidgetProps) => <TextLike {...p} extras={{ type: 'date', autoComplete: 'bday', max: todayIso() }} />;
/**
 * A date typed as MM/DD/YYYY (what US staff read on an authorization letter): a real day is kept as its
 * ISO date, anything else as typed, so the form's date rule shows validation.date.invalid.
 */
export function UsDateWidget(props: FieldWidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors = [], schema, options } = props;
  const shown = typeof value !== 'string' ? '' : isIsoDate(value) ? formatUsDate(value) : value;
  const hasError = rawErrors.length > 0;
  return (
    <input
      id={id}
      name={id}
      className="input"
      type="text"
      inputMode="numeric"
      placeholder={props.placeholder || undefined}
      maxLength={10}
      value={shown}
      required={required}
      disabled={disabled || readonly}
      aria-invalid={hasError || undefined}
      aria-describedby={describedBy(id, Boolean(schema.description), hasError)}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value === '' ? emptyValueOf(options) : isoFromUsTyped(e.target.value))}
      onBlur={(e: FocusEvent<HTMLInputElement>) => onBlur(id, e.target.value)}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
    />
  );
}
export const PhoneWidget = (p: FieldWidgetProps) => (
  <TextLike {...p} extras={{ type: 'tel', inputMode: 'tel', autoComplete: 'tel-national', filter: typedPhone, maxLength: 14 }} />
);
export const ZipWidget = (p: FieldWidgetProps) => (
  <TextLike
    {...p}
    extras={{
      inputMode: 'numeric',
      autoComplete: 'postal-code',
      filter: (v) => typedDigits(v, limitsConstants.zipLength),
      maxLength: limitsConstants.zipLength,
    }}
  />
);
/**
 * The e-mailed code (WCAG 2.2 3.3.8): autofilled from the mail or the keyboard (autocomplete one-time-code) or pasted as
 * it was copied ("123 456", "Code: 123456"): the field keeps the first digits, so its length limit is the pasted text's,
 * not the code's (a browser cuts a paste at maxlength before the digits are picked out).
 */
export const OneTimeCodeWidget = (p: FieldWidgetProps) => (
  <TextLike
    {...p}
    extras={{ inputMode: 'numeric', autoComplete: 'one-time-code', filter: (v) => typedDigits(v, limitsConstants.otpLength), maxLength: PASTED_CODE_MAX }}
  />
);
export const CardNumberWidget = (p: FieldWidgetProps) => (
  <TextLike
    {...p}
    extras={{ inputMode: 'numeric', autoComplete: 'cc-number', filter: (v) => typedDigits(v, 19), display: groupedCardNumber, maxLength: 19 + 4 }}
  />
);
export const CardExpirationWidget = (p: FieldWidgetProps) => (
  <TextLike {...p} extras={{ inputMode: 'numeric', autoComplete: 'cc-exp', filter: (v) => v.replace(/[^\d/]/g, '').slice(0, 5) }} />
);
export const CardCvvWidget = (p: FieldWidgetProps) => (
  <TextLike {...p} extras={{ inputMode: 'numeric', autoComplete: 'cc-csc', filter: (v) => typedDigits(v, 4) }} />
);

/**
 * Free text of several lines (a note, a description). Not capped as it is typed: the field's own message says when it
 * is too long (templates.tsx, cappedLength).
 */
export function TextareaWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  autofocus,
  onChange,
  onBlur,
  onFocus,
  rawErrors = [],
  schema,
  options,
}: FieldWidgetProps) {
  const focusRef = useFocusOnMount<HTMLTextAreaElement>(autofocus);
  const hasError = rawErrors.length > 0;
  return (
    <textarea
      id={id}
      name={id}
      className="input textarea"
      value={typeof value === 'string' ? value : ''}
      required={required}
      disabled={disabled || readonly}
      ref={focusRef}
      autoFocus={autofocus}
      aria-invalid={hasError || undefined}
      aria-describedby={describedBy(id, Boolean(schema.description), hasError)}
      onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.target.value === '' ? emptyValueOf(options) : e.target.value)}
      onBlur={(e: FocusEvent<HTMLTextAreaElement>) => onBlur(id, e.target.value)}
      onFocus={(e: FocusEvent<HTMLTextAreaElement>) => onFocus(id, e.target.value)}
    />
  );
}

function Select({
  id,
  value,
  required,
  disabled,
  onChange,
  onBlur,
  onFocus,
  rawErrors = [],
  schema,
  choices,
  placeholder,
}: FieldWidgetProps & { choices: readonly Choice[] }) {
  const hasError = rawErrors.length > 0;
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
        <option key={c.value} value={c.value} lang={c.lang}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** A dropdown of the choices the page gives (ui:options.choicesFrom) or of the field's enumeration. */
export const ChoiceWidget = (p: FieldWidgetProps) => <Select {...p} choices={choicesOf(p)} />;
// Named in the reader's language on each render: the language is chosen per request on the server.
export const UsStateWidget = (p: FieldWidgetProps) => <Select {...p} choices={stateChoices()} />;

/** What a form knows of the booking for the relationship rules: the other patients and the counseling type. */
export type RelationshipFormContext = Partial<RelationshipChoiceContext>;

/** The relationships the rules allow here (src/domain/relationships.ts), among those the field accepts. */
export function RelationshipWidget(p: FieldWidgetProps) {
  const ctx = (p.registry.formContext as { relationship?: RelationshipFormContext } | undefined)?.relationship ?? {};
  const accepted = ((p.schema.enum as Relationship[] | undefined) ?? (peopleEnums.relationship.values as readonly Relationship[])) as readonly Relationship[];
  const offered = offeredRelationships({
    otherRelationships: ctx.otherRelationships ?? [],
    currentRelationship: (p.value as Relationship | undefined) ?? ctx.currentRelationship,
    counselingType: ctx.counselingType,
  });
  const choices = accepted.filter((r) => offered.includes(r)).map((r) => ({ value: r, label: enumLabelOf(peopleEnums.relationship, r) }));
  return <Select {...p} choices={choices} />;
}

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

/** Widgets that carry their own label (a legend, a checkbox label); the field template shows none. */
export const SELF_LABELLED_WIDGETS: readonly string[] = ['gender', 'consent', 'radios', 'checkboxes', 'checkbox'];

/** ui:widget names a form spec may use. */
export const specWidgets = {
  personName: PersonNameWidget,
  dateOfBirth: DateOfBirthWidget,
  usDate: UsDateWidget,
  phone: PhoneWidget,
  usState: UsStateWidget,
  zip: ZipWidget,
  relationship: RelationshipWidget,
  gender: GenderWidget,
  oneTimeCode: OneTimeCodeWidget,
  consent: ConsentWidget,
  checkbox: CheckboxWidget,
  choice: ChoiceWidget,
  radios: RadiosWidget,
  checkboxes: CheckboxesWidget,
  textarea: TextareaWidget,
  'card-number': CardNumberWidget,
  'card-expiration': CardExpirationWidget,
  'card-cvv': CardCvvWidget,
};
