import { newPatientRelationship, relationshipProblems, responsiblePartyFor } from './booking-patients';

const today = '2030-06-15';

describe('relationships of a booking', () => {
  it('allows one Self per account and no child in couples counseling', () => {
    expect(
      relationshipProblems(
        [
          { relationship: 'Self', isNew: true },
          { relationship: 'Child', isNew: true },
        ],
        [],
        'Family Counseling',
      ),
    ).toEqual([]);
    expect(relationshipProblems([{ relationship: 'Self', isNew: true }], ['Self'], 'Individual Counseling')).toEqual([{ index: 0, problem: 'second-self' }]);
    expect(
      relationshipProblems(
        [
          { relationship: 'Self', isNew: true },
          { relationship: 'Self', isNew: true },
        ],
        [],
        'Individual Counseling',
      ),
    ).toEqual([{ index: 1, problem: 'second-self' }]);
    expect(relationshipProblems([{ relationship: 'Child', isNew: true }], ['Self'], 'Couples/Marriage Counseling')).toEqual([
      { index: 0, problem: 'not-offered' },
    ]);
    expect(relationshipProblems([{ relationship: 'Child', isNew: false }], ['Self', 'Child'], 'Couples/Marriage Counseling')).toEqual([
      { index: 0, problem: 'not-offered' },
    ]);
  });

  it('makes the first new patient of an account without Self the Self when none was chosen', () => {
    expect(newPatientRelationship(undefined, false, true)).toBe('Self');
    expect(newPatientRelationship(undefined, true, true)).toBeUndefined();
    expect(newPatientRelationship(undefined, false, false)).toBeUndefined();
    expect(newPatientRelationship('Spouse', false, true)).toBe('Spouse');
  });
});

describe('responsible party of minors', () => {
  const minor = { relationship: 'Child' as const, dateOfBirth: '2015-01-01', isNew: true };
  const adult = { relationship: 'Self' as const, dateOfBirth: '1990-01-01', isNew: false };

  it('is not needed without minors', () => {
    expect(responsiblePartyFor([adult], undefined, undefined, today)).toEqual({ kind: 'none-needed' });
  });

  it('is the adult given, or else the adult account holder', () => {
    expect(responsiblePartyFor([minor], { dob: '1980-02-02' }, undefined, today)).toEqual({ kind: 'given' });
    expect(responsiblePartyFor([minor], undefined, { dateOfBirth: '1980-02-02' }, today)).toEqual({ kind: 'account-holder' });
  });

  it('is missing when nobody adult is there, or the one given is a minor (turning 18 on the day counts as adult)', () => {
    expect(responsiblePartyFor([minor], undefined, { dateOfBirth: null }, today)).toEqual({ kind: 'missing' });
    expect(responsiblePartyFor([minor], { dob: '2013-01-01' }, { dateOfBirth: '1980-01-01' }, today)).toEqual({ kind: 'missing' });
    expect(responsiblePartyFor([minor], { dob: '2012-06-15' }, undefined, today)).toEqual({ kind: 'given' });
    expect(responsiblePartyFor([minor], { dob: '2012-06-16' }, undefined, today)).toEqual({ kind: 'missing' });
  });
});
