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
  if (typeof amount === 'string') {
    const cents = parseDollars(amount);
    return cents === undefined ? '' : formatCents(cents, options);
  }
  if (amount === undefined || amount === null || !Number.isFinite(amount)) return '';
  // A number is already a value (not text to read): shown to the cent.
  return formatCents(Math.round(amount * 100), options);
}

const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * The one reader of dollars into whole cents: text a person typed ("12", "12.5", "$1,012.50") or an amount the
 * system holds (a database numeric "120.00", a price 87.5). Whole dollars and cents are read as integers and added,
 * never multiplied as floating point; undefined for anything that is not an amount to the cent ("1.999", "abc", "-3",
 * a float sum such as 0.1 + 0.2).
 */
export function parseDollars(amount: string | number): number | undefined {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount;
  const match = DOLLARS.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** An amount the system holds (a pay rate, a price, a copay) in whole cents; one that is not money is a defect, so it throws. */
export function dollarsToCents(amount: string | number): number {
  const cents = parseDollars(amount);
  if (cents === undefined) throw new Error(`Not an amount of money in dollars and cents: ${String(amount)}`);
  return cents;
}
