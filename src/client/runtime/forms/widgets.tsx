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
import { offeredRelationships } from '@/domain/relationships';
import { filterBookingName } from '@/domain/names';
import { message } from '@/domain/messages';
import { PASTED_CODE_MAX, groupedCardNumber, typedDigits, typedPhone } from './input-filters';
import { CheckboxWidget, CheckboxesWidget, ConsentWidget, GenderWidget, RadiosWidget } from './choice-widgets';
import { choicesOf, emptyValueOf, type Choice, type FieldWidgetProps, type RelationshipFormContext } from './widget-props';

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
