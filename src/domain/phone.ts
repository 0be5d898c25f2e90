/** Phone numbers as people read them (product-spec §5): (xxx) xxx-xxxx, only when there are exactly 10 digits. */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

export function formatPhone(value: string): string {
  const digits = digitsOf(value);
  if (digits.length !== 10) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** tel: link target for a displayed number. */
export function telHref(value: string): string {
  return `tel:+1${digitsOf(value)}`;
}
