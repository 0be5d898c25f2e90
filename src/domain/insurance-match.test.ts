import { birthDay, insuranceMatchesAnyPatient, insuranceMatchesPrimaryPatient, isSamePerson } from './insurance-match';

const primary = { firstName: 'Jordan', lastName: 'Rivera', dateOfBirth: '1990-04-12' };

describe('insurance match', () => {
  it('matches the same first name, last name and date of birth', () => {
    expect(insuranceMatchesPrimaryPatient({ patient: { ...primary } }, primary)).toBe(true);
  });

  it('ignores case and surrounding spaces in names', () => {
    expect(insuranceMatchesPrimaryPatient({ patient: { firstName: '  JORDAN ', lastName: 'rivera', dateOfBirth: '1990-04-12' } }, primary)).toBe(true);
  });

  it('treats composed and decomposed accents as the same letter', () => {
    const composed = { firstName: 'Jos\u00e9', lastName: 'Nu\u00f1ez', dateOfBirth: '1985-01-02' };
    const decomposed = { firstName: 'Jose\u0301', lastName: 'Nun\u0303ez', dateOfBirth: '1985-01-02' };
    expect(isSamePerson(composed, decomposed)).toBe(true);
  });

  it('does not match when any part differs', () => {
    expect(insuranceMatchesPrimaryPatient({ patient: { ...primary, firstName: 'Jordana' } }, primary)).toBe(false);
    expect(insuranceMatchesPrimaryPatient({ patient: { ...primary, lastName: 'Rivers' } }, primary)).toBe(false);
    expect(insuranceMatchesPrimaryPatient({ patient: { ...primary, dateOfBirth: '1990-04-13' } }, primary)).toBe(false);
  });

  it('compares dates of birth as calendar days whatever their format', () => {
    expect(isSamePerson({ ...primary, dateOfBirth: '1990-04-12T00:00:00.000Z' }, primary)).toBe(true);
    expect(isSamePerson({ ...primary, dateOfBirth: '04/12/1990' }, primary)).toBe(true);
    expect(isSamePerson({ firstName: 'Jordan', lastName: 'Rivera', dob: '1990-04-12' }, primary)).toBe(true);
  });

  it('never matches on missing or blank parts, or an impossible date', () => {
    expect(isSamePerson({ firstName: '', lastName: '', dateOfBirth: '' }, { firstName: '', lastName: '', dateOfBirth: '' })).toBe(false);
    expect(isSamePerson({ firstName: 'Jordan', lastName: 'Rivera' }, { firstName: 'Jordan', lastName: 'Rivera' })).toBe(false);
    expect(isSamePerson({ ...primary, dateOfBirth: '1990-02-30' }, { ...primary, dateOfBirth: '1990-02-30' })).toBe(false);
    expect(insuranceMatchesPrimaryPatient({ patient: null }, primary)).toBe(false);
    expect(insuranceMatchesPrimaryPatient(undefined, primary)).toBe(false);
    expect(insuranceMatchesPrimaryPatient({ patient: primary }, null)).toBe(false);
  });

  it('reads calendar days of birth', () => {
    expect(birthDay({ dateOfBirth: '12/31/2001' })).toBe('2001-12-31');
    expect(birthDay({ dateOfBirth: '2001-12-31' })).toBe('2001-12-31');
    expect(birthDay({ dateOfBirth: 'yesterday' })).toBeUndefined();
    expect(birthDay({})).toBeUndefined();
  });

  it('finds the insurance’s patient among several', () => {
    const child = { firstName: 'Sky', lastName: 'Rivera', dateOfBirth: '2015-06-01' };
    expect(insuranceMatchesAnyPatient({ patient: child }, [primary, child])).toBe(true);
    expect(insuranceMatchesAnyPatient({ patient: child }, [primary])).toBe(false);
    expect(insuranceMatchesAnyPatient({ patient: child }, [])).toBe(false);
  });
});
