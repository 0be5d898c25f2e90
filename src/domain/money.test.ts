import { dollarsToCents, formatCents, formatDollars, parseDollars } from './money';

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
  it('reads cents as integers, so the floating-point traps give the exact amount', () => {
    expect(parseDollars('19.99')).toBe(1999);
    expect(parseDollars('4.35')).toBe(435); // 4.35 * 100 is 434.99999999999994
    expect(parseDollars('1.15')).toBe(115); // 1.15 * 100 is 114.99999999999999
    expect(parseDollars('0.1')! + parseDollars('0.2')!).toBe(parseDollars('0.3')); // 0.1 + 0.2 is 0.30000000000000004
    expect(parseDollars('90071992547409.91')).toBe(9007199254740991);
  });
  it('reads amounts the system holds: a database numeric, a number', () => {
    expect(parseDollars('120.00')).toBe(12000);
    expect(parseDollars(120)).toBe(12000);
    expect(parseDollars(87.5)).toBe(8750);
    expect(parseDollars(0.07)).toBe(7);
  });
  it('refuses what is not an amount', () => {
    for (const text of ['', ' ', '.5', '1.999', '12.345', '-3', '1,00', 'abc', 'ten', '1e3', '12.', '1.2.3', '$', 'Infinity'])
      expect(parseDollars(text)).toBeUndefined();
    for (const n of [0.1 + 0.2, -3, Number.NaN, Number.POSITIVE_INFINITY, 1e21]) expect(parseDollars(n)).toBeUndefined();
  });
});

describe('dollarsToCents', () => {
  it('gives the cents of an amount the system holds', () => {
    expect(dollarsToCents('150.00')).toBe(15000);
    expect(dollarsToCents(99.99)).toBe(9999);
  });
  it('throws on what is not money rather than charging a rounded guess', () => {
    expect(() => dollarsToCents('1.999')).toThrow(/Not an amount of money/);
    expect(() => dollarsToCents(0.1 + 0.2)).toThrow(/0.30000000000000004/);
  });
});
