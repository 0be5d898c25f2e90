/**
 * The card holder's name and billing address of an account (users.billing, migration 0048): typed with a card and
 * kept once the booking it paid for is made, or set in account settings. Until one is kept the account holder's
 * name and home address (users.address) stand in for it: the card form starts from them.
 */
import type { Billing } from '@/generated/entities';
import type { Queryable } from '../db/connection';
import { first, qb, run } from '../db/typed';
import type { UserRow } from './repository';

/** The billing name and address the account's next card form starts from. */
export async function billingOf(db: Queryable, user: UserRow): Promise<Pick<Billing, 'firstName' | 'lastName'> & Partial<Pick<Billing, 'address'>>> {
  const row = await first(db, qb.selectFrom('users').select('billing').where('id', '=', user.id));
  // What keepBilling wrote.
  const billing = row?.billing as Billing | null | undefined;
  if (billing) return { firstName: billing.firstName, lastName: billing.lastName, address: billing.address };
  return { firstName: user.first_name, lastName: user.last_name, ...(user.address ? { address: user.address } : {}) };
}

/** Keeps a card holder's name and billing address on the account; the home address is left as it is. */
export async function keepBilling(db: Queryable, userId: string, billing: Billing): Promise<void> {
  const kept: Billing = { firstName: billing.firstName, lastName: billing.lastName, address: billing.address };
  await run(
    db,
    qb
      .updateTable('users')
      .set({ billing: JSON.stringify(kept) })
      .where('id', '=', userId),
  );
}
