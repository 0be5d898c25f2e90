/**
 * The card form of the card gateway in use (GET /payments/gateway). With the local test gateway it is
 * the form spec as it is (SpecForm), and the card's details go to the sagas, which tokenize them
 * through the API. With Braintree the form's card fields (enum cardField) are Braintree's hosted
 * fields - iframes, so a card number never touches our page - labelled and worded by the same form
 * spec; the rest of the form (card holder, billing address) stays a SpecForm, and submitting
 * tokenizes the card in the browser and hands the sagas its nonce.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { FormDefinition } from '@/generated/types';
import { message } from '@/domain/messages';
import type { AppSource } from '@/generated/types';
import { catalogueText, errorTextFor } from '../api/errors';
import { SpecForm } from '../runtime/forms/SpecForm';
import { errorId } from '../runtime/forms/templates';
import { selectAudience } from '../store/auth/slice';
import { useAppSelector } from '../store/hooks';
import type { CardDetails, CardInput } from '../store/services';
import { Skeleton } from '../ui/Skeleton';
import { createHostedFields, type HostedFields, type HostedFieldsEvent } from './braintree';
import { cardFieldErrors, splitCardForm, type HostedCardField, type HostedFieldState } from './card-fields';
import { useCardGateway } from './gateway';
import './payments.css';
import type { BillingAnswers } from './billing-answers';

export interface CardFormProps<T extends BillingAnswers> {
  form: FormDefinition;
  /** prefix of the field ids */
  idPrefix: string;
  initialData?: Partial<T>;
  submitLabel?: string;
  submitting?: boolean;
  /** more buttons beside the submit button */
  actions?: ReactNode;
  /** the card (details for the local gateway to tokenize, or Braintree's nonce) and the form's answers */
  onSubmit: (card: CardInput, answers: T) => void;
}

export function CardForm<T extends BillingAnswers = BillingAnswers>(props: CardFormProps<T>) {
  const gateway = useCardGateway();
  const audience = useAppSelector(selectAudience);
  if (gateway.isPending) return <Skeleton height="12rem" label={message('card.form.loading')} />;
  if (gateway.isError || (gateway.data.gateway === 'braintree' && !gateway.data.clientToken)) {
    return (
      <p className="notice notice--error" role="alert">
        {errorTextFor(gateway.error, audience, 'PAGE_LOAD')}
      </p>
    );
  }
  if (gateway.data.gateway === 'braintree') return <BraintreeCardForm {...props} clientToken={gateway.data.clientToken!} audience={audience} />;
  return <LocalCardForm {...props} />;
}

/** The local test gateway: the spec form as it is; the API tokenizes the details (POST /patient-cards/tokenize). */
function LocalCardForm<T extends BillingAnswers>({ form, idPrefix, initialData, submitLabel, submitting, actions, onSubmit }: CardFormProps<T>) {
  const { cardFields } = useMemo(() => splitCardForm(form), [form]);
  return (
    <SpecForm<T>
      form={form}
      idPrefix={idPrefix}
      initialData={initialData}
      submitLabel={submitLabel}
      submitting={submitting}
      actions={actions}
      onSubmit={(answers) => onSubmit(localCardDetails(cardFields, answers), answers)}
    />
  );
}

function localCardDetails(fields: readonly HostedCardField[], answers: BillingAnswers): CardDetails {
  const value = (kind: HostedCardField['kind']) => {
    const field = fields.find((f) => f.kind === kind);
    return field ? String((answers as Record<string, unknown>)[field.property] ?? '') : '';
  };
  const zipcode = answers.address?.zipcode;
  return { number: value('card-number'), expiration: value('card-expiration'), cvv: value('card-cvv'), ...(zipcode ? { zipcode } : {}) };
}

/** The card holder and billing address, as braintree-web's tokenize takes them. */
function tokenizeOptions(answers: BillingAnswers) {
  const a = answers.address ?? {};
  const cardholderName = [answers.firstName, answers.lastName].filter(Boolean).join(' ');
  const billingAddress = Object.fromEntries(
    Object.entries({
      firstName: answers.firstName,
      lastName: answers.lastName,
      streetAddress: a.line1,
      extendedAddress: a.line2,
      locality: a.city,
      region: a.state,
      postalCode: a.zipcode,
      countryCodeAlpha2: a.country,
    }).filter(([, v]) => Boolean(v)),
  ) as Record<string, string>;
  return { ...(cardholderName ? { cardholderName } : {}), billingAddress };
}

/** Font and colour of our inputs, for the text inside Braintree's iframes (they cannot read our CSS). */
function inputStyles(container: HTMLElement | null | undefined): Record<string, Record<string, string>> | undefined {
  if (!container || typeof getComputedStyle !== 'function') return undefined;
  const css = getComputedStyle(container);
  const input = Object.fromEntries(
    Object.entries({ 'font-size': css.fontSize, 'font-family': css.fontFamily, color: css.color }).filter(([, v]) => Boolean(v)),
  );
  return Object.keys(input).length ? { input } : undefined;
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

type States = Readonly<Record<string, HostedFieldState>>;

function BraintreeCardForm<T extends BillingAnswers>({
  form,
  idPrefix,
  initialData,
  submitLabel,
  submitting,
  actions,
  onSubmit,
  clientToken,
  audience,
}: CardFormProps<T> & { clientToken: string; audience: AppSource }) {
  const { cardFields, rest } = useMemo(() => splitCardForm(form), [form]);
  const wrapper = useRef<HTMLDivElement>(null);
  const containers = useRef<Record<string, HTMLDivElement | null>>({});
  const [hosted, setHosted] = useState<HostedFields>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [states, setStates] = useState<States>({});
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const [tokenizing, setTokenizing] = useState(false);
  const [problem, setProblem] = useState<string>();

  const statesOf = useMemo(
    () =>
      (fields: HostedFieldsEvent['fields']): States =>
        Object.fromEntries(cardFields.map((f) => [f.property, { isEmpty: fields[f.hosted]?.isEmpty ?? true, isValid: fields[f.hosted]?.isValid ?? false }])),
    [cardFields],
  );

  useEffect(() => {
    let cancelled = false;
    let created: HostedFields | undefined;
    const fields = Object.fromEntries(
      cardFields.map((f) => [f.hosted, { container: containers.current[f.property]!, internalLabel: f.label, iframeTitle: f.label }]),
    );
    const required = new Set((form.schema as { required?: string[] }).required ?? []);
    createHostedFields(clientToken, fields, inputStyles(containers.current[cardFields[0]?.property ?? '']))
      .then((instance) => {
        if (cancelled) return void instance.teardown().catch(() => undefined);
        created = instance;
        const property = (name: string) => cardFields.find((f) => f.hosted === name)?.property;
        const update = (event: HostedFieldsEvent) => setStates(statesOf(event.fields));
        instance.on('validityChange', update);
        instance.on('empty', update);
        instance.on('notEmpty', update);
        instance.on('blur', (event) => {
          update(event);
          const blurred = property(event.emittedBy);
          if (blurred) setShown((s) => new Set(s).add(blurred));
        });
        // Enter inside a hosted field submits the form, as it would in an input of ours.
        instance.on('inputSubmitRequest', () => wrapper.current?.querySelector('form')?.requestSubmit());
        for (const f of cardFields) {
          if (required.has(f.property)) void instance.setAttribute({ field: f.hosted, attribute: 'aria-required', value: true }).catch(() => undefined);
        }
        setStates(statesOf(instance.getState().fields));
        setHosted(instance);
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
      setHosted(undefined);
      if (created) void created.teardown().catch(() => undefined);
    };
  }, [clientToken, cardFields, form.schema, statesOf]);

  const errors = useMemo(
    () =>
      cardFieldErrors(
        form,
        cardFields.filter((f) => shown.has(f.property)),
        states,
      ),
    [form, cardFields, shown, states],
  );

  // Inside the iframes too: screen readers hear the field's error when they reach it.
  useEffect(() => {
    if (!hosted) return;
    for (const f of cardFields) {
      const error = errors[f.property];
      const attribute = { field: f.hosted, attribute: 'aria-invalid' as const };
      void (error ? hosted.setAttribute({ ...attribute, value: true }) : hosted.removeAttribute(attribute)).catch(() => undefined);
      hosted.setMessage({ field: f.hosted, message: error ?? '' });
    }
  }, [hosted, cardFields, errors]);

  if (loadFailed) {
    return (
      <p className="notice notice--error" role="alert">
        {catalogueText('PAGE_LOAD', audience)}
      </p>
    );
  }

  const revealAll = (): States | undefined => {
    if (!hosted) return undefined;
    const now = statesOf(hosted.getState().fields);
    setStates(now);
    setShown(new Set(cardFields.map((f) => f.property)));
    return now;
  };

  const submit = async (answers: T) => {
    const now = revealAll();
    if (!hosted || !now) return;
    const invalid = cardFields.find((f) => !now[f.property]?.isValid);
    if (invalid) return void hosted.focus(invalid.hosted).catch(() => undefined);
    setProblem(undefined);
    setTokenizing(true);
    try {
      const { nonce } = await hosted.tokenize(tokenizeOptions(answers));
      onSubmit({ nonce }, answers);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'HOSTED_FIELDS_FIELDS_EMPTY' || code === 'HOSTED_FIELDS_FIELDS_INVALID') revealAll();
      else if (code === 'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED' && cardFields.some((f) => f.hosted === 'cvv')) {
        const cvv = cardFields.find((f) => f.hosted === 'cvv')!.property;
        setStates((s) => ({ ...s, [cvv]: { isEmpty: false, isValid: false } }));
        setShown((s) => new Set(s).add(cvv));
      } else
        setProblem(
          catalogueText(
            code === 'HOSTED_FIELDS_FAILED_TOKENIZATION' || code === 'HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE' ? 'CARD_INVALID' : 'DEFAULT',
            audience,
          ),
        );
    } finally {
      setTokenizing(false);
    }
  };

  const ready = Boolean(hosted);
  return (
    // A submit attempt shows every card field's state, whatever the billing fields say.
    <div className="stack-sm" ref={wrapper} onSubmitCapture={() => void revealAll()} aria-busy={!ready || undefined}>
      {/* The spacing of the spec form's fields (stack-sm, each with its error line), so the two read as one form. */}
      <div className="stack-sm hosted-fields">
        {cardFields.map((f) => {
          const id = `${idPrefix}_${f.property}`;
          const error = errors[f.property];
          return (
            <div key={f.property} className="field">
              {/* Braintree focuses a hosted field when the label naming its container is clicked. */}
              <label className="field__label" id={`${id}__label`} htmlFor={id}>
                {f.label}
              </label>
              <div
                id={id}
                ref={(el) => {
                  containers.current[f.property] = el;
                }}
                className="input hosted-field"
                role="group"
                aria-labelledby={`${id}__label`}
                aria-describedby={error ? errorId(id) : undefined}
                data-invalid={error ? 'true' : undefined}
              />
              <span id={errorId(id)} className="field__error" aria-live="polite">
                {error ?? ''}
              </span>
            </div>
          );
        })}
      </div>
      {ready ? null : (
        <p className="muted" role="status">
          {message('card.form.loading')}
        </p>
      )}
      <SpecForm<T>
        form={rest}
        idPrefix={idPrefix}
        initialData={initialData}
        submitLabel={submitLabel}
        submitting={submitting || tokenizing || !ready}
        actions={actions}
        onSubmit={submit}
      />
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
