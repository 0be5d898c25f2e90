/**
 * The sign-in page as a document (render: document in specs/routes.yaml): drawn by the server in the page's
 * language, woken by the sign-in island (src/client/islands/sign-in.ts, a few KB instead of the app). The same card,
 * words, labels and roles as the app's screens (LoginPage, VerifyOtpPage, LoginEmailSentPage): the e-mail step, and,
 * hidden until the island shows them, the code step and the link-sent step. The buttons stay disabled until the
 * island runs (the API takes JSON, not a form post), at their place, so nothing moves when they wake.
 */
import signInEmailForm from '@/generated/forms/sign-in-email';
import oneTimeCodeForm from '@/generated/forms/one-time-code';
import * as limitsConstants from '@/generated/constants/limits';
import * as storageConstants from '@/generated/constants/storage';
import { routeById } from '@/generated/routes';
import { message, messageTemplate } from '@/domain/messages';
import { errorTemplate } from '@/domain/translations';
import { safeReturnPath } from '@/domain/return-to';
import { flagOnUnder } from '@/domain/flags';
import { activeLocale, LOCALES } from '@/domain/locale';
import { flagBehaviour } from '@/generated/flags';
import { localizedForm } from '@/client/runtime/forms/localized-form';
import { destinationPaths, loginPath } from '@/client/runtime/navigation/places';
import { pageHref } from '@/client/app/page-href';
import { ISLAND_ATTRIBUTE, SIGN_IN_ATTRIBUTES as A, type SignInSetup } from '@/client/islands/names';
import './auth.css';

const CODE_FLAG = 'emailOtpLogin';
const EMAIL_ID = 'root_email';
const OTP_ID = 'root_otp';

/** A field's label in the page's language: localizedForm puts translated titles in the uiSchema (ui:title), as rjsf reads them. */
function fieldTitle(form: { schema: unknown; uiSchema?: unknown }, field: string): string {
  const translated = (form.uiSchema as Record<string, { 'ui:title'?: string } | undefined> | undefined)?.[field]?.['ui:title'];
  const properties = (form.schema as { properties?: Record<string, { title?: string }> }).properties;
  return translated ?? properties?.[field]?.title ?? field;
}

/** One step's card content: its heading, the alert for catalogue errors and what the step asks. */
function Step({ step, heading, hidden, children }: { step: string; heading: string; hidden?: boolean; children: React.ReactNode }) {
  return (
    <section className="stack" hidden={hidden} {...{ [A.step]: step }}>
      {/* The heading opens with the focus (autofocus works without a script), so keyboard users start at the top. */}
      <h1 tabIndex={-1} className="auth-card__heading" {...(hidden ? {} : { autoFocus: true })}>
        {heading}
      </h1>
      {children}
    </section>
  );
}

function Alert() {
  return <div role="alert" aria-live="assertive" className="auth-alert" {...{ [A.alert]: '' }} />;
}

function News() {
  return <p role="status" aria-live="polite" className="visually-hidden" {...{ [A.news]: '' }} />;
}

function Field({ id, label, type, autoComplete, inputMode }: { id: string; label: string; type: string; autoComplete: string; inputMode?: 'numeric' }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} name={id} className="input" type={type} required autoComplete={autoComplete} inputMode={inputMode} />
      <span className="field__line" aria-hidden="true" />
    </div>
  );
}

function SubmitRow({ label, children }: { label: string; children?: React.ReactNode }) {
  return (
    <>
      <p className="visually-hidden" aria-live="polite" />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled>
          {label}
        </button>
        {children}
      </div>
    </>
  );
}

export function SignInDocument({ search }: { search: URLSearchParams }) {
  const emailForm = localizedForm(signInEmailForm);
  const codeForm = localizedForm(oneTimeCodeForm);
  const redirectTo = safeReturnPath(search.get('redirectTo'), '') || undefined;
  const setup: SignInSetup = {
    destinations: { ...destinationPaths },
    verifyOtpPath: routeById.verifyOtp.path,
    emailSentPath: routeById.loginEmailSent.path,
    sendCode: message('ui.login.sendCode'),
    sendLink: message('ui.login.sendLink'),
    sending: message('ui.login.sending'),
    codeText: messageTemplate('ui.verifyOtp.text'),
    codeResent: messageTemplate('ui.verifyOtp.resent'),
    linkText: messageTemplate('ui.emailSent.text'),
    linkResent: messageTemplate('ui.emailSent.resent'),
    emailRequired: message('validation.email.required'),
    emailInvalid: message('validation.email.invalid'),
    otpRequired: message('validation.otp.required'),
    otpLength: message('validation.otp.length'),
    otpLengthValue: limitsConstants.otpLength,
    fallbackError: errorTemplate('DEFAULT', 'patient_web'),
    locale: activeLocale(),
    prefixes: Object.fromEntries(LOCALES.map((l) => [l.tag, l.pathPrefix])),
    codeFlag: CODE_FLAG,
    codeFlagVariants: flagBehaviour[CODE_FLAG].variants,
    codeTreatments: flagBehaviour[CODE_FLAG].variants.filter((v) => flagOnUnder(CODE_FLAG, v)),
    codeWhenUndecided: flagOnUnder(CODE_FLAG, storageConstants.treatmentFallback),
  };
  const restart = (
    <a href={pageHref(loginPath)} {...{ [A.restart]: '' }}>
      {message('ui.verifyOtp.useAnother')}
    </a>
  );
  return (
    <div className="container section">
      <div className="form-card card auth-card stack" {...{ [ISLAND_ATTRIBUTE]: 'sign-in', [A.setup]: JSON.stringify(setup) }}>
        <Step step="email" heading={message('ui.login.heading')}>
          <p>{message('ui.login.intro')}</p>
          {redirectTo ? <p className="notice">{message('ui.login.redirectNote')}</p> : null}
          <Alert />
          <form noValidate {...{ [A.form]: 'email' }}>
            <div>
              <h2 className="visually-hidden">{emailForm.title}</h2>
              <div className="stack-sm">
                <Field id={EMAIL_ID} label={fieldTitle(emailForm, 'email')} type="email" autoComplete="email" />
              </div>
            </div>
            <SubmitRow label={message('ui.login.sendCode')} />
          </form>
          <section className="stack-sm" aria-label={message('ui.login.google')} hidden {...{ [A.google]: '' }}>
            <p className="auth-divider">{message('ui.login.or')}</p>
            <p className="muted small">{message('ui.login.staffNote')}</p>
            <div className="auth-google" />
          </section>
        </Step>
        <Step step="code" heading={message('ui.verifyOtp.heading')} hidden>
          <p {...{ [A.text]: '' }} />
          <News />
          <Alert />
          <form noValidate {...{ [A.form]: 'code' }}>
            <div>
              <h2 className="visually-hidden">{codeForm.title}</h2>
              <div className="stack-sm">
                <Field id={OTP_ID} label={fieldTitle(codeForm, 'otp')} type="text" autoComplete="one-time-code" inputMode="numeric" />
              </div>
            </div>
            <SubmitRow label={codeForm.submitLabel ?? message('ui.form.submit')}>
              <button type="button" className="btn btn--secondary" disabled {...{ [A.resend]: '' }}>
                {message('ui.verifyOtp.resend')}
              </button>
            </SubmitRow>
          </form>
          <p>{restart}</p>
        </Step>
        <Step step="link" heading={message('ui.emailSent.heading')} hidden>
          <p {...{ [A.text]: '' }} />
          <News />
          <Alert />
          <div className="cluster">
            <button type="button" className="btn btn--secondary" disabled {...{ [A.resend]: '' }}>
              {message('ui.emailSent.resend')}
            </button>
            <a href={pageHref(loginPath)} {...{ [A.restart]: '' }}>
              {message('ui.emailSent.useAnother')}
            </a>
          </div>
        </Step>
      </div>
    </div>
  );
}
