import { formatCents, parseDollars } from './money';

describe('formatCents', () => {
  it('reads cents as dollars with two decimals', () => {
    expect(formatCents(5000)).toBe('$50.00');
    expect(formatCents(12345)).toBe('$123.45');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(199999)).toBe('$1,999.99');
  });
});

describe('parseDollars', () => {
  it('reads typed dollars as whole cents', () => {
    expect(parseDollars('12')).toBe(1200);
    expect(parseDollars('12.5')).toBe(1250);
    expect(parseDollars(' $1,012.05 ')).toBe(101205);
    expect(parseDollars('0.01')).toBe(1);
    expect(parseDollars('0')).toBe(0);
  });
  it('refuses what is not an amount', () => {
    for (const text of ['', '.5', '12.345', '-3', '1,00', 'ten', '1e3', '12.']) expect(parseDollars(text)).toBeUndefined();
  });
});
