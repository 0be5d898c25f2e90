import * as limitsConstants from '../generated/constants/limits';
import * as rulesConstants from '../generated/constants/rules';
import { filterBookingName, fullName, isBookingName, providerDisplayName } from './names';

describe('booking name typing filter', () => {
  it('keeps letters, hyphens and spaces as typed', () => {
    expect(filterBookingName('Mary-Jane  Watson ')).toBe('Mary-Jane  Watson ');
  });

  it('keeps both apostrophes as people type them', () => {
    expect(filterBookingName("O'Brien")).toBe("O'Brien");
    expect(filterBookingName('José Muñoz-O’Brien')).toBe('José Muñoz-O’Brien');
    expect(filterBookingName("D'Angelo O’Neil")).toBe("D'Angelo O’Neil");
  });

  it('strips digits, punctuation and symbols', () => {
    expect(filterBookingName("O'Brien2.")).toBe("O'Brien");
    expect(filterBookingName('St. John`s "Jr"')).toBe('St Johns Jr');
    expect(filterBookingName('Ann_Lee!@#$%')).toBe('AnnLee');
    expect(filterBookingName('Zoe 😀')).toBe('Zoe ');
  });

  it('strips tabs and line breaks: the only space is the space bar’s', () => {
    expect(filterBookingName('Ann\tLee\nSmith')).toBe('AnnLeeSmith');
  });

  it('keeps accented and non-Latin letters', () => {
    expect(filterBookingName('José Nuñez-Zoë')).toBe('José Nuñez-Zoë');
    expect(filterBookingName('Łukasz Ωmega')).toBe('Łukasz Ωmega');
    expect(filterBookingName('Анна Проць')).toBe('Анна Проць');
    expect(filterBookingName('李小龙')).toBe('李小龙');
  });

  it('keeps combining marks of scripts that write vowels with them', () => {
    // Devanagari vowel signs are marks (\p{M}) with no precomposed form.
    expect(filterBookingName('प्रिया')).toBe('प्रिया');
  });

  it('composes a letter typed with a combining accent into one character', () => {
    expect(filterBookingName('Jose\u0301')).toBe('Jos\u00e9');
  });

  it(`stops at the booking name limit`, () => {
    const limit = limitsConstants.nameMaxBooking;
    expect(filterBookingName('a'.repeat(limit + 5))).toHaveLength(limit);
    expect(filterBookingName('a'.repeat(limit))).toHaveLength(limit);
    expect(filterBookingName(`${'1'.repeat(10)}${'b'.repeat(limit)}`)).toBe('b'.repeat(limit));
  });

  it('counts an accented letter as one character toward the limit', () => {
    const limit = limitsConstants.nameMaxBooking;
    expect(filterBookingName('e\u0301'.repeat(limit))).toBe('\u00e9'.repeat(limit));
  });

  it('gives an empty name for nothing usable', () => {
    expect(filterBookingName('')).toBe('');
    expect(filterBookingName('123')).toBe('');
  });

  it('agrees with the spec’d pattern that forms and the API validate with', () => {
    const pattern = new RegExp(rulesConstants.namePattern, 'u');
    for (const name of ['José Muñoz-O’Brien', 'Zoë', "O'Brien", 'Nguyễn Thị']) expect(pattern.test(name)).toBe(true);
    // A name starts with a letter: typing keeps a leading hyphen or space, validation refuses it.
    for (const name of ['-Parker', ' Ann', "'", '']) expect(pattern.test(name)).toBe(false);
    expect(filterBookingName('-Parker')).toBe('-Parker');
    for (const typed of ['José 2nd', 'Ann\tLee', 'Zoë-😀', 'St. John']) {
      expect(pattern.test(filterBookingName(typed))).toBe(true);
      expect(pattern.test(typed)).toBe(false);
    }
  });

  it('tells whether a name passes unchanged', () => {
    expect(isBookingName('Mary-Jane Watson')).toBe(true);
    expect(isBookingName('José Muñoz-O’Brien')).toBe(true);
    expect(isBookingName('Mary2')).toBe(false);
    expect(isBookingName('a'.repeat(limitsConstants.nameMaxBooking + 1))).toBe(false);
  });
});

describe('fullName', () => {
  it('joins the names a person has, trimmed, skipping missing ones', () => {
    expect(fullName({ firstName: 'Jordan', lastName: 'Rivera' })).toBe('Jordan Rivera');
    expect(fullName({ firstName: ' Mia ', lastName: null })).toBe('Mia');
    expect(fullName({ lastName: 'Rivera' })).toBe('Rivera');
    expect(fullName({})).toBe('');
  });
});

describe('providerDisplayName', () => {
  it('names a provider by full name and title', () => {
    expect(providerDisplayName({ firstName: 'Dana', lastName: 'Lee', title: 'LCSW' })).toBe('Dana Lee, LCSW');
  });
  it('leaves out a missing title rather than ending on a comma', () => {
    expect(providerDisplayName({ firstName: 'Dana', lastName: 'Lee', title: '' })).toBe('Dana Lee');
    expect(providerDisplayName({ firstName: 'Dana', lastName: 'Lee' })).toBe('Dana Lee');
  });
});
