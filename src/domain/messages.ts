/**
 * The one message formatter: every sentence shown to people comes from specs/messages (or the error
 * catalogue), in the active language (src/domain/locale.ts) or the one given. Texts are ICU messages
 * ({name}, {count, plural, one {# cita} other {# citas}}), formatted with FormatJS.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageKey, MessageParams } from '../generated/messages';
import { messageTexts } from '../generated/message-areas/registry';
import { activeLocale, DEFAULT_LOCALE, intlLocale, type Locale } from './locale';

export type PlaceholderValues = Readonly<Record<string, string | number | undefined>>;

const compiled = new Map<string, IntlMessageFormat | null>();

/**
 * A text whose only ICU syntax is {name} placeholders (no plural, select or number style, no apostrophe
 * quoting next to a brace or another apostrophe): ICU would give each value as it is (String of a
 * number too), so it is filled here without parsing it (and the browser carries no ICU parser for it).
 */
const PLAIN_PLACEHOLDERS = /^(?:[^{}']|'(?![{}'])|\{[a-zA-Z][a-zA-Z0-9]*\})*$/;
const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9]*)\}/g;

/** True when a text needs no ICU parser to be filled: plain {name} placeholders, or none. */
export function hasOnlyPlainPlaceholders(template: string): boolean {
  return PLAIN_PLACEHOLDERS.test(template);
}

function fillPlain(template: string, values: PlaceholderValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

function compile(template: string, locale: Locale): IntlMessageFormat | null {
  const cacheKey = `${locale}\u0000${template}`;
  let format = compiled.get(cacheKey);
  if (format === undefined) {
    try {
      format = new IntlMessageFormat(template, intlLocale(locale), undefined, { ignoreTag: true });
    } catch {
      // Not ICU syntax (a mail's HTML with a stray brace): plain {name} filling below.
      format = null;
    }
    compiled.set(cacheKey, format);
  }
  return format;
}

/**
 * Fills a text's placeholders: ICU plurals and selects included on the server (the browser build has no ICU
 * parser: vite.config.ts; messages.test.ts keeps the catalogue to plain placeholders). A placeholder without a
 * value stays visible so the gap is noticed.
 */
export function fillPlaceholders(template: string, values: PlaceholderValues = {}, locale: Locale = activeLocale()): string {
  if (!template.includes('{')) return template;
  if (PLAIN_PLACEHOLDERS.test(template)) return fillPlain(template, values);
  const format = compile(template, locale);
  if (format) {
    try {
      const out = format.format(values as Record<string, string | number>);
      if (typeof out === 'string') return out;
    } catch {
      // A value is missing: fall through, leaving that placeholder visible.
    }
  }
  return fillPlain(template, values);
}

/**
 * True for a key of specs/messages whose text is loaded: on the server every key; in a page the keys of the message
 * areas its screen loads (src/generated/message-areas: the page's language's only).
 */
export function isMessageKey(key: string): key is MessageKey {
  return Object.values(messageTexts).some((texts) => Object.prototype.hasOwnProperty.call(texts, key));
}

/**
 * The unformatted text of a message in a language; the default language's where a translation lacks it. A page
 * holds the message areas its screen shows (tests/unit/screen-messages.test.ts keeps every key a screen names in
 * them); a key outside them would show as itself.
 */
export function messageTemplate(key: MessageKey, locale: Locale = activeLocale()): string {
  return messageTexts[locale]?.[key] ?? messageTexts[DEFAULT_LOCALE]?.[key] ?? key;
}

type ParamsArg<K extends MessageKey> = MessageParams[K] extends Record<string, never> ? [] : [MessageParams[K]];

/** The text of a message in the active language, placeholders filled. */
export function message<K extends MessageKey>(key: K, ...params: ParamsArg<K>): string {
  return messageIn(activeLocale(), key, ...params);
}

/** The text of a message in the given language (a mail or PDF in its recipient's language). */
export function messageIn<K extends MessageKey>(locale: Locale, key: K, ...params: ParamsArg<K>): string {
  return fillPlaceholders(messageTemplate(key, locale), params[0] as PlaceholderValues | undefined, locale);
}
