/**
 * What a business partner's rules allow at booking (product-spec §3 Business partner). The partner is
 * the one the server found for a validated partnership code or for the account's active membership,
 * never one a request describes. A partner who hides payment covers the session: nobody booking on
 * its code is asked for a card. A partner who makes the card optional does so for its own members
 * only: its code is public, and anyone else booking with it pays like everyone else.
 */
export interface PartnerPaymentRules {
  hidePaymentInput: boolean;
  isCreditCardOptional: boolean;
}

export function cardOptionalFor(partner: PartnerPaymentRules | undefined, isMember: boolean): boolean {
  if (!partner) return false;
  if (partner.hidePaymentInput) return true;
  return isMember && partner.isCreditCardOptional;
}
