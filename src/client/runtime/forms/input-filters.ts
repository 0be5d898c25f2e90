/**
 * What a field keeps of what is typed (product-spec §5): codes and zip codes keep digits; phone
 * numbers show as (xxx) xxx-xxxx once they have ten digits; card numbers keep digits and show grouped
 * as printed on the card. Names: src/domain/names.ts.
 */
import { formatPhone } from '@/domain/phone';

/** Longest text a one-time-code field takes, so a code pasted with spaces or words around it keeps its digits. */
export const PASTED_CODE_MAX = 64;

export function typedDigits(value: string, max?: number): string {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}

export function typedPhone(value: string): string {
  const digits = typedDigits(value, 10);
  return digits.length === 10 ? formatPhone(digits) : digits;
}

/**
 * A card number's digits shown as printed on the card, so a person can check it against the card:
 * American Express (34, 37) as 4-6-5, every other card in fours ("4111 1111 1111 1111").
 */
export function groupedCardNumber(digits: string): string {
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(' ');
}
