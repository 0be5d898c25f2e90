/**
 * What a field keeps of what is typed (product-spec §5): codes and zip codes keep digits; phone
 * numbers show as (xxx) xxx-xxxx once they have ten digits. Names: src/domain/names.ts.
 */
import { formatPhone } from '@/domain/phone';

export function typedDigits(value: string, max?: number): string {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}

export function typedPhone(value: string): string {
  const digits = typedDigits(value, 10);
  return digits.length === 10 ? formatPhone(digits) : digits;
}
