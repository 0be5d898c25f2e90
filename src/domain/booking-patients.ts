/**
 * Who a booking is for (product-spec §3 new-patient form, §4 minors and relationships, §5 responsible
 * party): the first new patient of an account without a Self patient is Self; an account has one
 * Self at most; couples counseling is not for a child; a minor needs a responsible party who is an
 * adult - the one given, or else the account holder (Self) when an adult.
 */
import type { CounselingType, Relationship } from '../generated/enums';
import { isMinor } from './minor';
import { offeredRelationships } from './relationships';

export interface BookingPerson {
  relationship: Relationship;
  dateOfBirth?: string | null;
  isNew: boolean;
}

export type RelationshipProblem = { index: number; problem: 'second-self' | 'not-offered' };

/** Problems with the relationships of the booking's patients, given the account's other patients. */
export function relationshipProblems(
  people: readonly BookingPerson[],
  accountRelationships: readonly Relationship[],
  counselingType: CounselingType,
): RelationshipProblem[] {
  const problems: RelationshipProblem[] = [];
  const others: Relationship[] = [...accountRelationships];
  people.forEach((person, index) => {
    if (!person.isNew) return;
    const offered = offeredRelationships({ otherRelationships: others, counselingType });
    if (!offered.includes(person.relationship)) problems.push({ index, problem: person.relationship === 'Self' ? 'second-self' : 'not-offered' });
    others.push(person.relationship);
  });
  people.forEach((person, index) => {
    if (!person.isNew && person.relationship === 'Child' && counselingType === 'Couples/Marriage Counseling') problems.push({ index, problem: 'not-offered' });
  });
  return problems;
}

/** The relationship a new patient gets: the first new patient of an account with no Self is Self when none was chosen. */
export function newPatientRelationship(chosen: Relationship | undefined, accountHasSelf: boolean, isFirstNew: boolean): Relationship | undefined {
  if (chosen) return chosen;
  return !accountHasSelf && isFirstNew ? 'Self' : undefined;
}

export type ResponsiblePartyChoice = { kind: 'none-needed' } | { kind: 'given' } | { kind: 'account-holder' } | { kind: 'missing' };

/**
 * Whether the booking's minors have an adult responsible party: the one given (when an adult), or
 * the account holder's Self patient (when an adult). `today` is "YYYY-MM-DD".
 */
export function responsiblePartyFor(
  people: readonly BookingPerson[],
  given: { dob: string } | undefined,
  accountHolder: { dateOfBirth?: string | null } | undefined,
  today: string,
): ResponsiblePartyChoice {
  const hasMinor = people.some((p) => isMinor(p.dateOfBirth, today));
  const isAdult = (dob: string | null | undefined) => Boolean(dob) && !isMinor(dob, today);
  if (given && !isAdult(given.dob)) return { kind: 'missing' };
  if (!hasMinor) return given ? { kind: 'given' } : { kind: 'none-needed' };
  if (given) return { kind: 'given' };
  return accountHolder && isAdult(accountHolder.dateOfBirth) ? { kind: 'account-holder' } : { kind: 'missing' };
}
