import { sameLastName, sameZipcode } from './account-claim';

describe('sameLastName', () => {
  it('ignores case, accents, spaces and punctuation', () => {
    expect(sameLastName('Díaz-Ortega', 'diaz ortega')).toBe(true);
    expect(sameLastName("O'Brien", 'OBRIEN')).toBe(true);
  });
  it('refuses another name, a missing one and an empty record', () => {
    expect(sameLastName('Rivera', 'Riviera')).toBe(false);
    expect(sameLastName('Rivera', undefined)).toBe(false);
    expect(sameLastName(' - ', '')).toBe(false);
  });
});

describe('sameZipcode', () => {
  it('compares the five digits, with or without the +4', () => {
    expect(sameZipcode('43215', '43215-1234')).toBe(true);
    expect(sameZipcode('43215-0001', ' 43215 ')).toBe(true);
  });
  it('refuses another zip, malformed ones and a record without one', () => {
    expect(sameZipcode('43215', '43216')).toBe(false);
    expect(sameZipcode('43215', '4321')).toBe(false);
    expect(sameZipcode(null, '43215')).toBe(false);
    expect(sameZipcode('43215', undefined)).toBe(false);
  });
});
