/**
 * The sign-in page's island (the page: src/client/features/auth/SignInDocument.tsx). What the app's sign-in
 * screens and saga do (src/client/store/auth/sign-in-saga.ts, saga.ts completeSignIn), without the app: the e-mail,
 * then a one-time code or a magic link as the emailOtpLogin flag decides (from the decisions the page carries), the
 * code checked in place (the address bar says /login/verify-otp or /login/email-sent, as the app's steps do), a new
 * code or link on request, the catalogue's sentence for every refusal (the API's, in the page's language), Google
 * sign-in for staff when the deployment has it, and, once signed in, the person's place (product-spec §6): their
 * role's, or the page they were asked to sign in for, in their account's language.
 */
import { createApiClient, type Transport } from '@/generated/client/api';
import { APP_SOURCE_HEADER, DEFAULT_APP_SOURCE } from '@/domain/app-source';
import type { PageFlags } from '@/domain/flags';
import { derivePermissions, groupsOf } from '@/domain/permissions';
import { postLoginPath } from '@/domain/roles';
import { safeReturnPath } from '@/domain/return-to';
import { PAGE_DATA_IDS } from '@/client/runtime/ssr/page-data';
import { SIGN_IN_ATTRIBUTES as A, type SignInSetup } from './names';

/** Longest text the code field keeps, so a code pasted with spaces or words around it keeps its digits. */
const PASTED_CODE_MAX = 64;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

class Refusal extends Error {
  constructor(
    readonly text: string | undefined,
    readonly field: string | undefined,
  ) {
    super(text ?? 'refused');
  }
}

let setup: SignInSetup;

/** A path of the site (without a language prefix) in a language: the page's unless told (src/domain/locale.ts localizedPath). */
const inLanguage = (path: string, locale = setup.locale) => {
  const prefix = setup.prefixes[locale] ?? '';
  return prefix ? (path === '/' ? `${prefix}/` : `${prefix}${path}`) : path;
};

/** JSON calls with the session cookie, in the page's language; a refusal carries the API's sentence (the catalogue's, for this audience). */
const transport: Transport<undefined> = async (route, input) => {
  const body = (input as { body?: unknown }).body;
  let response: Response;
  try {
    response = await fetch(`/api${route.path}`, {
      method: route.method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'accept-language': setup.locale,
        [APP_SOURCE_HEADER]: DEFAULT_APP_SOURCE,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new Refusal(undefined, undefined);
  }
  const answer = (await response.json().catch(() => undefined)) as
    { message?: string; errors?: { field?: string; reason?: string }[]; [key: string]: unknown } | undefined;
  if (!response.ok) throw new Refusal(answer?.message, answer?.errors?.[0]?.field);
  return answer;
};

const api = createApiClient(transport);

interface SignedIn {
  groups?: readonly unknown[];
  language?: string;
  redirectTo?: string;
  businessPartner?: { partnershipCode?: unknown };
}

/** Where a signed-in person goes (saga.ts completeSignIn): clinicians to their schedule, others back where they were asked to sign in, else their role's place. */
function destinationOf(result: SignedIn, requested: string | undefined): string {
  const permissions = derivePermissions(groupsOf(result.groups ?? []));
  let destination = postLoginPath(permissions, setup.destinations);
  const code = permissions.isThirdPartyAgent ? result.businessPartner?.partnershipCode : undefined;
  if (typeof code === 'string' && code && destination === setup.destinations.providerSearch)
    destination = `${destination}?${new URLSearchParams({ partnershipCode: code }).toString()}`;
  const back = safeReturnPath(requested ?? result.redirectTo, '');
  const next = permissions.isClinician || !back ? destination : back;
  // In the account's language when it chose one (a full load: the language is the address's prefix).
  return inLanguage(next, result.language && result.language in setup.prefixes ? result.language : setup.locale);
}

/** A code or a link: the visitor's treatment of the flag in the decisions the page carries (src/domain/flags.ts treatmentIn, flagOnUnder). */
function codeChosen(): boolean {
  const block = document.getElementById(PAGE_DATA_IDS.flags);
  let flags: PageFlags | undefined;
  try {
    flags = block?.textContent ? (JSON.parse(block.textContent) as PageFlags) : undefined;
  } catch {
    flags = undefined;
  }
  const treatment = flags?.anonymous?.variants[setup.codeFlag];
  return treatment && setup.codeFlagVariants.includes(treatment) ? setup.codeTreatments.includes(treatment) : setup.codeWhenUndecided;
}

const fill = (template: string, email: string) => template.split('{email}').join(email);

export function signIn(root: HTMLElement): void {
  setup = JSON.parse(root.getAttribute(A.setup) ?? '{}') as SignInSetup;
  const find = <E extends Element>(scope: ParentNode, attribute: string, value?: string) =>
    scope.querySelector<E>(value === undefined ? `[${attribute}]` : `[${attribute}="${value}"]`)!;
  const steps = {
    email: find<HTMLElement>(root, A.step, 'email'),
    code: find<HTMLElement>(root, A.step, 'code'),
    link: find<HTMLElement>(root, A.step, 'link'),
  };
  const emailForm = find<HTMLFormElement>(root, A.form, 'email');
  const codeForm = find<HTMLFormElement>(root, A.form, 'code');
  const emailInput = emailForm.querySelector<HTMLInputElement>('input')!;
  const codeInput = codeForm.querySelector<HTMLInputElement>('input')!;
  const emailButton = emailForm.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const codeButton = codeForm.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const requested = safeReturnPath(new URLSearchParams(window.location.search).get('redirectTo'), '') || undefined;
  const useCode = codeChosen();
  const sendLabel = useCode ? setup.sendCode : setup.sendLink;
  let email = '';
  let busy = false;

  const alertOf = (step: HTMLElement) => find<HTMLElement>(step, A.alert);
  const newsOf = (step: HTMLElement) => find<HTMLElement>(step, A.news);

  /** A catalogue sentence in the step's alert (announced as it appears), or none. */
  const showAlert = (step: HTMLElement, text: string | undefined) => {
    const alert = alertOf(step);
    alert.replaceChildren();
    if (!text) return;
    const box = document.createElement('div');
    box.className = 'notice notice--error stack-sm';
    const p = document.createElement('p');
    p.textContent = text;
    box.append(p);
    alert.append(box);
  };
  const showNews = (step: HTMLElement, text: string | undefined) => {
    const news = newsOf(step);
    news.className = text ? 'notice notice--success' : 'visually-hidden';
    news.textContent = text ?? '';
  };

  /** A field's own message under it (as SpecForm draws it), tied to the input; none clears it. */
  const showFieldError = (input: HTMLInputElement, text: string | undefined) => {
    const field = input.closest('.field')!;
    const errorId = `${input.id}__error`;
    field.querySelector('.field__error, .field__line')?.remove();
    const line = document.createElement('span');
    if (text) {
      line.id = errorId;
      line.className = 'field__error';
      line.textContent = text;
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', errorId);
    } else {
      line.className = 'field__line';
      line.setAttribute('aria-hidden', 'true');
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
    field.append(line);
    const count = form(input).querySelector<HTMLElement>('p.visually-hidden[aria-live]');
    if (count) count.textContent = '';
  };
  const form = (input: HTMLInputElement) => input.form!;

  const show = (name: keyof typeof steps, focus?: HTMLElement) => {
    for (const [key, step] of Object.entries(steps)) step.hidden = key !== name;
    (focus ?? steps[name].querySelector<HTMLElement>('h1'))?.focus({ preventScroll: true });
  };

  const setBusy = (value: boolean) => {
    busy = value;
    emailButton.disabled = value;
    codeButton.disabled = value;
    if (value) emailButton.setAttribute('aria-busy', 'true');
    else emailButton.removeAttribute('aria-busy');
    for (const button of root.querySelectorAll<HTMLButtonElement>(`[${A.resend}]`)) button.disabled = value;
  };

  const address = (path: string) => inLanguage(path);

  const send = (resend: boolean) =>
    useCode
      ? api.sendEmailOtp({ body: { email, ...(resend ? { isRetry: true } : {}) } })
      : api.sendMagicLink({ body: { email, ...(requested ? { redirectTo: requested } : {}) } });

  emailForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const typed = emailInput.value.trim();
    const problem = !typed ? setup.emailRequired : EMAIL_PATTERN.test(typed) ? undefined : setup.emailInvalid;
    showFieldError(emailInput, problem);
    if (problem) {
      emailInput.focus();
      return;
    }
    email = typed;
    setBusy(true);
    emailButton.textContent = setup.sending;
    showAlert(steps.email, undefined);
    send(false).then(
      () => {
        setBusy(false);
        emailButton.textContent = sendLabel;
        const step = useCode ? steps.code : steps.link;
        find<HTMLElement>(step, A.text).textContent = fill(useCode ? setup.codeText : setup.linkText, email);
        showNews(step, undefined);
        showAlert(step, undefined);
        history.pushState({ signIn: useCode ? 'code' : 'link' }, '', address(useCode ? setup.verifyOtpPath : setup.emailSentPath));
        if (useCode) {
          codeInput.value = '';
          showFieldError(codeInput, undefined);
          show('code', codeInput);
        } else show('link');
      },
      (error: unknown) => {
        setBusy(false);
        emailButton.textContent = sendLabel;
        const refusal = error instanceof Refusal ? error : undefined;
        if (refusal?.field === 'email') showFieldError(emailInput, refusal.text);
        else showAlert(steps.email, refusal?.text ?? setup.fallbackError);
      },
    );
  });

  // A code pasted or typed keeps its digits, at most the code's length (input-filters.ts typedDigits).
  codeInput.maxLength = PASTED_CODE_MAX;
  codeInput.addEventListener('input', () => {
    const digits = codeInput.value.replace(/\D/g, '').slice(0, setup.otpLengthValue);
    if (digits !== codeInput.value) codeInput.value = digits;
  });

  codeForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const otp = codeInput.value;
    const problem = !otp ? setup.otpRequired : otp.length !== setup.otpLengthValue ? setup.otpLength : undefined;
    showFieldError(codeInput, problem);
    if (problem) {
      codeInput.focus();
      return;
    }
    setBusy(true);
    showAlert(steps.code, undefined);
    showNews(steps.code, undefined);
    api.verifyEmailOtp({ body: { email, otp } }).then(
      (result) => {
        // Signed in (the server set the session cookie): the form stays as it was sent while the next page opens.
        window.location.assign(destinationOf(result as SignedIn, requested));
      },
      (error: unknown) => {
        setBusy(false);
        const refusal = error instanceof Refusal ? error : undefined;
        if (refusal?.field === 'otp') showFieldError(codeInput, refusal.text);
        else showAlert(steps.code, refusal?.text ?? setup.fallbackError);
        codeInput.focus();
      },
    );
  });

  for (const step of [steps.code, steps.link]) {
    find<HTMLButtonElement>(step, A.resend).addEventListener('click', () => {
      if (busy || !email) return;
      setBusy(true);
      showAlert(step, undefined);
      showNews(step, undefined);
      send(true).then(
        () => {
          setBusy(false);
          showNews(step, fill(step === steps.code ? setup.codeResent : setup.linkResent, email));
        },
        (error: unknown) => {
          setBusy(false);
          showAlert(step, error instanceof Refusal && error.text ? error.text : setup.fallbackError);
        },
      );
    });
  }

  // Back from the code (or link) step is the e-mail step again, with the address as it was typed.
  window.addEventListener('popstate', () => {
    const state = (history.state as { signIn?: string } | null)?.signIn;
    if (state === 'code' && email) show('code', codeInput);
    else if (state === 'link' && email) show('link');
    else show('email', emailInput);
  });

  void offerGoogle(find<HTMLElement>(root, A.google), (credential) => {
    if (busy) return;
    setBusy(true);
    showAlert(steps.email, undefined);
    api.loginGoogleSso({ body: { jwtToken: credential } }).then(
      (result) => window.location.assign(destinationOf(result as SignedIn, requested)),
      (error: unknown) => {
        setBusy(false);
        showAlert(steps.email, error instanceof Refusal && error.text ? error.text : setup.fallbackError);
      },
    );
  });

  emailButton.textContent = sendLabel;
  setBusy(false);
  // The page is ready for the person (browser tests wait on this, as on the app's flags).
  document.documentElement.dataset.flags = 'ready';
  if (!root.contains(document.activeElement)) steps.email.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
}

/** Google sign-in for staff (GoogleSignIn.tsx): only when the deployment has a Google client id, and only then Google's script. */
async function offerGoogle(section: HTMLElement, signInWith: (credential: string) => void): Promise<void> {
  let clientId: string | undefined;
  try {
    clientId = ((await api.getClientConfig({})) as { googleClientId?: string } | undefined)?.googleClientId;
  } catch {
    return; // e-mail sign-in only
  }
  if (!clientId) return;
  // Google's script sets window.google (its type: GoogleSignIn.tsx).
  const google = await new Promise<typeof window.google>((resolve) => {
    const script = document.createElement('script');
    script.src = 'https://accounts.google.com/gsi/client';
    script.async = true;
    script.onload = () => resolve(window.google);
    script.onerror = () => resolve(undefined);
    document.head.append(script);
  });
  const container = section.querySelector<HTMLElement>('.auth-google');
  if (!google || !container) return;
  section.hidden = false;
  google.accounts.id.initialize({
    client_id: clientId,
    ux_mode: 'popup',
    callback: (response) => {
      if (response.credential) signInWith(response.credential);
    },
  });
  google.accounts.id.renderButton(container, { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', shape: 'pill', width: 280 });
}
