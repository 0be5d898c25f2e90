/**
 * Whether a patient is a minor on a given day (product-spec §4): younger than the adult age. Ages
 * count whole years, the birthday itself included; someone born on 29 February comes of age on
 * 1 March in a common year. A date of birth that is not a calendar date ("YYYY-MM-DD") says nothing
 * about age, so it is not a minor's.
 */
import * as limitsConstants from '../generated/constants/limits';
import { ageOn, isIsoDate } from './dates';

/** `today` is the calendar day ("YYYY-MM-DD") the question is asked for. */
export function isMinor(dateOfBirth: string | null | undefined, today: string): boolean {
  if (!dateOfBirth || !isIsoDate(dateOfBirth)) return false;
  return ageOn(dateOfBirth, today) < limitsConstants.adultAge;
}
