import type { Relationship } from '../generated/enums';
import {
  initialNewPatientForm,
  newPatientEntries,
  resetHandled,
  resetNewPatientForm,
  withNewPatientCount,
  withNewPatientRelationship,
} from './new-patient-form';

const SELF: Relationship = 'Self';
const CHILD: Relationship = 'Child';
const SPOUSE: Relationship = 'Spouse';

describe('new-patient form', () => {
  it('starts with one entry, the account holder', () => {
    expect(initialNewPatientForm()).toEqual({ newPatients: [{ relationship: SELF }], reset: false });
  });

  it('makes two entries for a count of 2, the first Self', () => {
    expect(newPatientEntries(2)).toEqual([{ relationship: SELF }, { relationship: null }]);
  });

  it('makes no entries for a count of zero or less, and whole entries only', () => {
    expect(newPatientEntries(0)).toEqual([]);
    expect(newPatientEntries(-3)).toEqual([]);
    expect(newPatientEntries(2.7)).toHaveLength(2);
    expect(newPatientEntries(Number.NaN)).toEqual([]);
  });

  it('keeps chosen relationships when the count grows or shrinks', () => {
    const two = withNewPatientRelationship(withNewPatientCount(initialNewPatientForm(), 2), 1, CHILD);
    expect(withNewPatientCount(two, 3).newPatients).toEqual([{ relationship: SELF }, { relationship: CHILD }, { relationship: null }]);
    expect(withNewPatientCount(withNewPatientCount(two, 1), 2).newPatients).toEqual([{ relationship: SELF }, { relationship: null }]);
  });

  it('changes one relationship and ignores an index outside the list', () => {
    const two = withNewPatientCount(initialNewPatientForm(), 2);
    expect(withNewPatientRelationship(two, 1, SPOUSE).newPatients[1]).toEqual({ relationship: SPOUSE });
    expect(withNewPatientRelationship(two, 2, SPOUSE)).toBe(two);
    expect(withNewPatientRelationship(two, -1, SPOUSE)).toBe(two);
  });

  it('resets to one Self entry with the reset flag raised, lowered once handled', () => {
    const reset = resetNewPatientForm();
    expect(reset).toEqual({ newPatients: [{ relationship: SELF }], reset: true });
    expect(resetHandled(reset)).toEqual(initialNewPatientForm());
    const settled = initialNewPatientForm();
    expect(resetHandled(settled)).toBe(settled);
  });
});
