import * as rulesConstants from '../generated/constants/rules';
import type { CounselingType, Relationship } from '../generated/enums';
import * as peopleEnums from '../generated/enums/people';
import { offeredRelationships, skipsDateOfBirthCheck } from './relationships';

const SELF: Relationship = 'Self';
const SPOUSE: Relationship = 'Spouse';
const CHILD: Relationship = 'Child';
const COUPLES: CounselingType = 'Couples/Marriage Counseling';
const INDIVIDUAL: CounselingType = 'Individual Counseling';
const all = peopleEnums.relationship.values;
const without = (...removed: Relationship[]) => all.filter((r) => !removed.includes(r));

describe('relationships offered', () => {
  it('offers everything, in the enumeration order, when nothing rules a choice out', () => {
    expect(offeredRelationships({ otherRelationships: [] })).toEqual([...all]);
    expect(offeredRelationships({ otherRelationships: [SPOUSE, null, undefined], counselingType: INDIVIDUAL })).toEqual([...all]);
  });

  it('hides Self once another patient is Self', () => {
    expect(offeredRelationships({ otherRelationships: [SELF] })).toEqual(without(SELF));
    expect(offeredRelationships({ otherRelationships: [SELF], currentRelationship: SPOUSE })).toEqual(without(SELF));
  });

  it('keeps Self for the patient who already is Self', () => {
    expect(offeredRelationships({ otherRelationships: [SELF], currentRelationship: SELF })).toEqual([...all]);
  });

  it('removes Child for couples or marriage counseling', () => {
    expect(offeredRelationships({ otherRelationships: [], counselingType: COUPLES })).toEqual(without(CHILD));
    expect(offeredRelationships({ otherRelationships: [SELF], counselingType: COUPLES })).toEqual(without(SELF, CHILD));
  });
});

describe('date-of-birth check by relationship', () => {
  it('is skipped for the child kinds only', () => {
    const skipped = all.filter(skipsDateOfBirthCheck);
    expect(skipped).toEqual([...rulesConstants.dateOfBirthOptionalRelationships]);
    expect(skipped).toContain(CHILD);
    expect(skipsDateOfBirthCheck(SELF)).toBe(false);
  });

  it('is not skipped without a relationship', () => {
    expect(skipsDateOfBirthCheck(undefined)).toBe(false);
    expect(skipsDateOfBirthCheck(null)).toBe(false);
  });
});
