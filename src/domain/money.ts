/**
 * Money shown to people. Amounts are kept in whole cents (integers); dollars typed or sent as text are
 * read into cents, never summed as floating point. One formatter for every screen, mail and PDF.
 */
import { activeLocale, intlLocale, type Locale } from './locale';

export interface MoneyFormat {
  /** ISO 4217 code; USD unless the record says otherwise */
  currency?: string;
  locale?: Locale;
  /** "$150" rather than "$150.00" for a whole amount (prices and rates); cents are always shown when there are some */
  wholeAmountsShort?: boolean;
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, currency: string, short: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${short}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, ...(short ? { minimumFractionDigits: 0 } : {}) });
    formats.set(key, format);
  }
  return format;
}

/** "$50.00", "-$5.00" (a refund), "$150" with wholeAmountsShort. */
export function formatCents(cents: number, options: MoneyFormat = {}): string {
  const { currency = 'USD', locale = activeLocale(), wholeAmountsShort = false } = options;
  return numberFormat(locale, currency, wholeAmountsShort && Number.isInteger(cents / 100)).format(cents / 100);
}

/** An amount in dollars (a number, or text such as a pay rate "150.00") as money; '' when there is no amount. */
export function formatDollars(amount: number | string | null | undefined, options: MoneyFormat = {}): string {
  const value = typeof amount === 'string' ? (amount.trim() === '' ? Number.NaN : Number(amount)) : amount;
  if (value === undefined || value === null || !Number.isFinite(value)) return '';
  return formatCents(Math.round(value * 100), options);
}

/** Dollars a person typed ("12", "12.5", "$1,012.50") as whole cents; undefined for anything else (never floating-point sums). */
export function parseDollars(text: string): number | undefined {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
