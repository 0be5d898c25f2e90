/**
 * The language people read the product in. Every formatter (dates, times, money, lists) takes a locale
 * and defaults to this one, so adding a language means passing another locale, not editing formatters.
 */
export const DEFAULT_LOCALE = 'en-US';

export type Locale = string;
