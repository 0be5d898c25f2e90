/** For component tests of the card form (specs/forms/booking-card.yaml): its labels, read from the spec, and a person filling it. */
import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import cardForm from '@/generated/forms/booking-card';
import { specFieldTitle } from './spec-form';

/** The spec title of a field of the card form ("number", "address.zipcode"). */
export const cardFormTitle = (path: string): string => specFieldTitle(cardForm, path);

export const billing = { firstName: 'Jordan', lastName: 'Rivera', line1: '12 High St', city: 'Columbus', state: 'OH', zipcode: '43215' };

/** Types the card holder and billing address into the card form inside scope. */
export async function fillBilling(user: UserEvent, scope: HTMLElement): Promise<void> {
  const at = within(scope);
  const type = async (path: string, value: string) => {
    const input = at.getByRole('textbox', { name: cardFormTitle(path) });
    await user.clear(input);
    await user.type(input, value);
  };
  await type('firstName', billing.firstName);
  await type('lastName', billing.lastName);
  await type('address.line1', billing.line1);
  await type('address.city', billing.city);
  await user.selectOptions(at.getByRole('combobox', { name: cardFormTitle('address.state') }), billing.state);
  await type('address.zipcode', billing.zipcode);
}

/** Types a local test card into the card form's own inputs (local gateway). */
export async function fillLocalCard(user: UserEvent, scope: HTMLElement, card: { number: string; expiration: string; cvv: string }): Promise<void> {
  const at = within(scope);
  await user.type(at.getByRole('textbox', { name: cardFormTitle('number') }), card.number);
  await user.type(at.getByRole('textbox', { name: cardFormTitle('expiration') }), card.expiration);
  await user.type(at.getByRole('textbox', { name: cardFormTitle('cvv') }), card.cvv);
}
