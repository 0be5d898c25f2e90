/**
 * How a document page (render: document) marks its islands: the element carries
 * data-island="<name>" and, where an island needs words or places the server knows, data attributes.
 * No React here: the islands script (main.ts) imports this file.
 */
import type { PostLoginRoutes } from '@/domain/roles';

export const ISLAND_ATTRIBUTE = 'data-island';
export type IslandName = 'carousel' | 'search-entry' | 'account' | 'provider-search' | 'sign-in';

/** Controls an island shows once it runs (their place is held, so nothing moves). */
export const PENDING_ATTRIBUTE = 'data-pending';
/** search-entry: the sentence shown when the location is empty */
export const REQUIRED_MESSAGE_ATTRIBUTE = 'data-required-message';
/** account: where each kind of signed-in person goes (JSON of PostLoginRoutes) and the account label */
export const DESTINATIONS_ATTRIBUTE = 'data-destinations';
export const ACCOUNT_LABEL_ATTRIBUTE = 'data-account-label';
/** account: set by the server when it wrote the signed-in person's link into the page (the island has nothing to do) */
export const ACCOUNT_SETTLED_ATTRIBUTE = 'data-account-settled';
/**
 * account: set by the server when it wrote the link from the signed-in hint alone (no session cookie came
 * with the request): the sign-in link it replaced (JSON of href and text), which the island puts back
 * when the session answer says the person is not signed in after all.
 */
export const ACCOUNT_HINT_ATTRIBUTE = 'data-account-hint';

/**
 * The header's language links (the switcher, not an island: plain links). On a signed-in person's own copy of a
 * document page the server writes each as a small form post that saves the account's language too
 * (src/server/pages/language-choice.ts), so the choice needs no script.
 */
export const LANGUAGE_CHOICE_ATTRIBUTE = 'data-language-choice';

export function islandAttribute(name: IslandName): Record<string, string> {
  return { [ISLAND_ATTRIBUTE]: name };
}

/**
 * The query parameter naming the zone of the person reading a provider's times (SlotPicker): a server-rendered
 * picker cannot know it, so the islands script adds the browser's to the address of the times it fetches. The
 * picker's own links and forms keep it (slot-view.ts otherParams).
 */
export const READER_ZONE_PARAM = 'readerZone';

/** The islands script's source: its own build (vite.islands.config.ts), found by the server in that build's manifest. */
export const ISLANDS_ENTRY = 'src/client/islands/main.ts';

/** provider-search (a search's document page): what the island finds and reads */
export const SEARCH_ATTRIBUTES = {
  /** the search's own address (a typed place with its state and coordinates), shown in the address bar */
  address: 'data-search-address',
  /** a GET form sent as soon as one of its fields changes */
  autoSubmit: 'data-auto-submit',
  openFilters: 'data-open-filters',
  filtersDialog: 'data-filters-dialog',
  /** the filters' disclosure beside the results (opened on wide screens: filters-disclosure.ts) */
  filtersDisclosure: 'data-filters-disclosure',
  timesDialog: 'data-times-dialog',
  close: 'data-close-dialog',
  /** on a "See open times" button: the address of the provider's times (a fragment) the dialog shows, the dialog's title, the profile */
  timesHref: 'data-times-href',
  timesTitle: 'data-times-title',
  profileHref: 'data-profile-href',
  timesBody: 'data-times-body',
  timesLoading: 'data-times-loading',
  timesError: 'data-times-error',
  timesProfile: 'data-times-profile',
} as const;

/**
 * sign-in (the sign-in page, /app/login: src/client/features/auth/SignInDocument.tsx draws it, islands/sign-in.ts runs it):
 * the words and places the island needs, as JSON in SIGN_IN_ATTRIBUTES.setup on the island's element, in the page's
 * language; its steps, forms and messages are found by the data attributes below.
 */
export interface SignInSetup {
  /** post-login places without a language prefix (PostLoginRoutes), and the steps' own addresses */
  destinations: PostLoginRoutes;
  verifyOtpPath: string;
  emailSentPath: string;
  /** the button's words: a code or a link (the emailOtpLogin flag), and while it is being sent */
  sendCode: string;
  sendLink: string;
  sending: string;
  /** templates with {email} */
  codeText: string;
  codeResent: string;
  linkText: string;
  linkResent: string;
  emailRequired: string;
  emailInvalid: string;
  otpRequired: string;
  otpLength: string;
  otpLengthValue: number;
  /** the catalogue's sentence when an answer has none (no connection) */
  fallbackError: string;
  /** the page's language, and each language's address prefix (src/domain/locale.ts, without its constants in the island) */
  locale: string;
  prefixes: Record<string, string>;
  /** the flag choosing a code over a link: its treatments, those that mean a code, and what an undecided one means */
  codeFlag: string;
  codeFlagVariants: readonly string[];
  codeTreatments: readonly string[];
  codeWhenUndecided: boolean;
}

export const SIGN_IN_ATTRIBUTES = {
  setup: 'data-sign-in',
  /** a step of the page: email, code or link (only one shows) */
  step: 'data-sign-in-step',
  form: 'data-sign-in-form',
  /** the alert of a step (catalogue errors), its polite news (sent again), its text naming the address */
  alert: 'data-sign-in-alert',
  news: 'data-sign-in-news',
  text: 'data-sign-in-text',
  resend: 'data-sign-in-resend',
  /** a link back to the e-mail step (a full load of the sign-in page works too) */
  restart: 'data-sign-in-restart',
  google: 'data-sign-in-google',
} as const;
