/**
 * Whether an insurance belongs to a patient (product-spec §5 "Insurance match"). Two people are the
 * same when first name, last name and date of birth agree, ignoring case, surrounding spaces and
 * Unicode composition; a missing or blank part never matches. Dates of birth are compared as
 * calendar days: "YYYY-MM-DD", a timestamp starting with it, and "MM/DD/YYYY" are the same day.
 */
import { isIsoDate } from './dates';
import { MACHINE_LOCALE } from './locale';

export interface PersonIdentity {
  firstName?: string | null;
  lastName?: string | null;
  /** Patients carry dateOfBirth, responsible parties dob. */
  dateOfBirth?: string | null;
  dob?: string | null;
}

export interface InsuredPerson {
  patient?: PersonIdentity | null;
}

const ISO_DAY_PREFIX = /^(\d{4}-\d{2}-\d{2})(?:$|T)/;
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function normalName(value: string | null | undefined): string | undefined {
  const name = value?.normalize('NFC').trim().toLocaleLowerCase(MACHINE_LOCALE);
  return name ? name : undefined;
}

/** The calendar day of a date of birth as "YYYY-MM-DD", or undefined when it is not a date. */
export function birthDay(person: PersonIdentity): string | undefined {
  const raw = (person.dateOfBirth ?? person.dob ?? '').trim();
  const iso = ISO_DAY_PREFIX.exec(raw)?.[1];
  if (iso) return isIsoDate(iso) ? iso : undefined;
  const us = US_DATE.exec(raw);
  if (us) {
    const day = `${us[3]}-${us[1]}-${us[2]}`;
    return isIsoDate(day) ? day : undefined;
  }
  return undefined;
}

export function isSamePerson(a: PersonIdentity | null | undefined, b: PersonIdentity | null | undefined): boolean {
  if (!a || !b) return false;
  const parts = [
    [normalName(a.firstName), normalName(b.firstName)],
    [normalName(a.lastName), normalName(b.lastName)],
    [birthDay(a), birthDay(b)],
  ];
  return parts.every(([x, y]) => x !== undefined && x === y);
}

/** The selected insurance may be used only when its patient is the primary patient. */
export function insuranceMatchesPrimaryPatient(insurance: InsuredPerson | null | undefined, primaryPatient: PersonIdentity | null | undefined): boolean {
  return isSamePerson(insurance?.patient, primaryPatient);
}

/** Whether the insurance's patient is one of the given patients. */
export function insuranceMatchesAnyPatient(insurance: InsuredPerson | null | undefined, patients: readonly PersonIdentity[]): boolean {
  return patients.some((patient) => isSamePerson(insurance?.patient, patient));
}
