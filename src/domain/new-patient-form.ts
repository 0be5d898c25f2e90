/**
 * The new-patient form of a booking (product-spec §3): one entry per new patient, each with a
 * relationship; the first is the account holder (Self). Changing the count keeps the entries
 * already filled in. The reset flag asks the form to clear itself; the form lowers it once done.
 */
import type { Relationship } from '../generated/enums';

const SELF: Relationship = 'Self';

export interface NewPatientEntry {
  /** null until chosen */
  relationship: Relationship | null;
}

export interface NewPatientFormState {
  newPatients: NewPatientEntry[];
  reset: boolean;
}

function entry(index: number): NewPatientEntry {
  return { relationship: index === 0 ? SELF : null };
}

/** `count` entries, the first Self; a count below zero or a fraction is taken as the whole number below, at least 0. */
export function newPatientEntries(count: number): NewPatientEntry[] {
  const size = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  return Array.from({ length: size }, (_, index) => entry(index));
}

export function initialNewPatientForm(): NewPatientFormState {
  return { newPatients: newPatientEntries(1), reset: false };
}

export function withNewPatientCount(state: NewPatientFormState, count: number): NewPatientFormState {
  const fresh = newPatientEntries(count);
  return { ...state, newPatients: fresh.map((blank, index) => state.newPatients[index] ?? blank) };
}

export function withNewPatientRelationship(state: NewPatientFormState, index: number, relationship: Relationship | null): NewPatientFormState {
  if (index < 0 || index >= state.newPatients.length) return state;
  return { ...state, newPatients: state.newPatients.map((patient, i) => (i === index ? { ...patient, relationship } : patient)) };
}

/** Back to one Self entry, with the reset flag raised for the form. */
export function resetNewPatientForm(): NewPatientFormState {
  return { ...initialNewPatientForm(), reset: true };
}

export function resetHandled(state: NewPatientFormState): NewPatientFormState {
  return state.reset ? { ...state, reset: false } : state;
}
