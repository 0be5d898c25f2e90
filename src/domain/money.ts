/** Money shown to people: amounts are kept in cents (integers) and read as US dollars, "$50.00". */
export function formatCents(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}
