/**
 * What a field keeps of what is typed (product-spec §5): names keep letters, hyphens and spaces;
 * codes and zip codes keep digits; phone numbers show as (xxx) xxx-xxxx once they have ten digits.
 * Swap typedName for src/domain/names.ts once it exists.
 */
import { formatPhone } from '../../../domain/phone';

export function typedName(value: string): string {
  return value.replace(/[^\p{L} -]/gu, '');
}

export function typedDigits(value: string, max?: number): string {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}

export function typedPhone(value: string): string {
  const digits = typedDigits(value, 10);
  return digits.length === 10 ? formatPhone(digits) : digits;
}
