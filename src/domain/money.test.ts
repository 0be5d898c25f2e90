import { formatCents, formatDollars, parseDollars } from './money';

describe('formatCents', () => {
  it('reads cents as dollars with two decimals', () => {
    expect(formatCents(5000)).toBe('$50.00');
    expect(formatCents(12345)).toBe('$123.45');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(199999)).toBe('$1,999.99');
  });
  it('writes a refund with its sign before the symbol', () => {
    expect(formatCents(-500)).toBe('-$5.00');
  });
  it('shortens whole amounts only when asked', () => {
    expect(formatCents(15000, { wholeAmountsShort: true })).toBe('$150');
    expect(formatCents(15050, { wholeAmountsShort: true })).toBe('$150.50');
    expect(formatCents(15000)).toBe('$150.00');
  });
  it('takes another currency and locale', () => {
    expect(formatCents(5000, { currency: 'EUR' })).toBe('€50.00');
    expect(formatCents(5000, { locale: 'es-US' })).toMatch(/50\.00/);
  });
});

describe('formatDollars', () => {
  it('reads dollars, as numbers or text, into money', () => {
    expect(formatDollars(150)).toBe('$150.00');
    expect(formatDollars('150.5')).toBe('$150.50');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
    expect(formatDollars('150', { wholeAmountsShort: true })).toBe('$150');
  });
  it('writes nothing where there is no amount', () => {
    for (const amount of [undefined, null, '', 'n/a', Number.NaN]) expect(formatDollars(amount)).toBe('');
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
