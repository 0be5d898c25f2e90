import { formatCents } from './money';

describe('formatCents', () => {
  it('reads cents as dollars with two decimals', () => {
    expect(formatCents(5000)).toBe('$50.00');
    expect(formatCents(12345)).toBe('$123.45');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(199999)).toBe('$1,999.99');
  });
});
