/**
 * Which relationships a patient form offers, and which relationships skip the date-of-birth check
 * (product-spec §4 "Relationship availability", §5 patient form).
 */
import * as rulesConstants from '../generated/constants/rules';
import type { CounselingType, Relationship } from '../generated/enums';
import * as peopleEnums from '../generated/enums/people';

const SELF: Relationship = 'Self';
const CHILD: Relationship = 'Child';
const COUPLES_COUNSELING: CounselingType = 'Couples/Marriage Counseling';
const DATE_OF_BIRTH_OPTIONAL: readonly Relationship[] = rulesConstants.dateOfBirthOptionalRelationships;

export interface RelationshipChoiceContext {
  /** Relationships of the other patients already in the booking or account. */
  otherRelationships: readonly (Relationship | null | undefined)[];
  /** The relationship of the patient being edited, when it has one. */
  currentRelationship?: Relationship | null;
  counselingType?: CounselingType | null;
}

/**
 * Self is offered only while no other patient is Self, or when the patient being edited already is;
 * couples counseling is not for a child. Order follows the enumeration.
 */
export function offeredRelationships({ otherRelationships, currentRelationship, counselingType }: RelationshipChoiceContext): Relationship[] {
  const selfAvailable = currentRelationship === SELF || !otherRelationships.includes(SELF);
  return peopleEnums.relationship.values.filter((relationship) => {
    if (relationship === SELF) return selfAvailable;
    if (relationship === CHILD) return counselingType !== COUPLES_COUNSELING;
    return true;
  });
}

/** Child, grandchild and stepchild patients skip the date-of-birth check. */
export function skipsDateOfBirthCheck(relationship: Relationship | null | undefined): boolean {
  return !!relationship && DATE_OF_BIRTH_OPTIONAL.includes(relationship);
}
