import { isValidNpi, isValidTin, npiFromBase } from './npi';

describe('NPI check digit (Luhn with the 80840 prefix)', () => {
  it('computes the check digit of the CMS worked example 123456789 -> 1234567893', () => {
    expect(npiFromBase('123456789')).toBe('1234567893');
    expect(isValidNpi('1234567893')).toBe(true);
  });

  it('refuses the same NPI with any other last digit', () => {
    for (let d = 0; d <= 9; d++) if (d !== 3) expect(isValidNpi(`123456789${d}`)).toBe(false);
  });

  it('refuses two swapped neighbouring digits', () => {
    expect(isValidNpi('2134567893')).toBe(false);
  });

  it('accepts a real-shaped organisation NPI and refuses other shapes', () => {
    expect(isValidNpi(npiFromBase('245319958'))).toBe(true);
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678931')).toBe(false);
    expect(isValidNpi('3234567890')).toBe(false);
    expect(isValidNpi('12345678a3')).toBe(false);
  });

  it('asks for exactly nine digits to compute from', () => {
    expect(() => npiFromBase('12345678')).toThrow();
  });
});

describe('TIN', () => {
  it('takes the printed EIN form only', () => {
    expect(isValidTin('12-3456789')).toBe(true);
    expect(isValidTin('123456789')).toBe(false);
    expect(isValidTin('00-0000000')).toBe(false);
  });
});
