/**
 * /care/v1/nena, read as the clinician's queue of new clients needing attention before their first
 * session (docs/features.md "Clinician care area"): a client whose first session is still to come, with
 * what is missing. Pure: the server gathers the facts.
 */
import type { NenaNeed } from '../generated/enums';

export interface NenaFacts {
  /** the client has a session to come and none past with the provider */
  firstSessionAhead: boolean;
  hasPhq9: boolean;
  hasGad7: boolean;
  unsignedConsent: boolean;
  insuranceUndecided: boolean;
  urgentAlertOpen: boolean;
}

/** What the client needs, in the order a clinician acts on it (urgent first); none for a returning client. */
export function nenaNeeds(f: NenaFacts): NenaNeed[] {
  if (!f.firstSessionAhead) return [];
  const needs: NenaNeed[] = [];
  if (f.urgentAlertOpen) needs.push('urgent_measure');
  if (!f.hasPhq9 || !f.hasGad7) needs.push('intake_check_in');
  if (f.unsignedConsent) needs.push('consent_unsigned');
  if (f.insuranceUndecided) needs.push('insurance_undecided');
  return needs;
}
