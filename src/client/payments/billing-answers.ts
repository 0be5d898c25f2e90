/**
 * The card holder's name and billing address of a card form, to and from what the account keeps. Apart from the
 * card form (CardForm.tsx) so a screen that draws the form only when a card is wanted (the booking's payment step)
 * can prepare its answers without loading the form.
 */
import type { Billing } from '@/generated/entities';

/** The billing part of a card form (entity Billing), given to the payment provider with the card. */
export interface BillingAnswers {
  firstName?: string;
  lastName?: string;
  address?: { line1?: string; line2?: string; city?: string; state?: string; zipcode?: string; country?: string };
}

/** The card holder's name and billing address as typed, when complete (the form requires them): the account keeps them. */
export function billingOfAnswers(answers: BillingAnswers): Billing | undefined {
  const { firstName, lastName, address: a } = answers;
  if (!firstName || !lastName || !a?.line1 || !a.city || !a.state || !a.zipcode) return undefined;
  const address = { line1: a.line1, ...(a.line2 ? { line2: a.line2 } : {}), city: a.city, state: a.state, zipcode: a.zipcode, country: a.country ?? 'US' };
  return { firstName, lastName, address } as Billing;
}

/** The card holder's name and billing address the form starts with: the account's own (US when no country). */
export function billingAnswersOf(
  account: { firstName?: string | null; lastName?: string | null; address?: BillingAnswers['address'] | null } | undefined,
): BillingAnswers | undefined {
  if (!account) return undefined;
  return {
    ...(account.firstName ? { firstName: account.firstName } : {}),
    ...(account.lastName ? { lastName: account.lastName } : {}),
    ...(account.address ? { address: { ...account.address, country: account.address.country ?? 'US' } } : {}),
  };
}
