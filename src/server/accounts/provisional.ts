/**
 * Provisional accounts (the skip-e-mail path, accounts/create.ts): they hold a typed address only as
 * pending_email. A sign-in code to that address confirms it: with no account for the address, the
 * oldest provisional account becomes the account (its pending_email becomes its sign-in e-mail); the
 * other provisional accounts for the address (all of them when the address has an account) hand
 * their people, bookings, consents, cards and payments to that account and close. Each step is
 * audited, naming both accounts.
 */
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../audit';
import type { Queryable } from '../db/connection';
import { all, qb, run } from '../db/typed';
import { endSessionsOf } from '../auth/server-sessions';
import { userByEmail, userById, type UserRow } from './repository';
import { pgCode, UNIQUE_VIOLATION } from '../db/errors';

/** Tables whose rows belong to an account by user_id (the actor columns, booked_by and the like, keep who did it). */
const OWNED_BY_ACCOUNT = ['patients', 'responsible_parties', 'appointments', 'consents', 'patient_cards', 'payments'] as const;

async function attach(tx: Queryable, from: string, to: string, now: string): Promise<void> {
  // The account keeps one holder (Self): the provisional holder joins as another person.
  await run(
    tx,
    qb
      .updateTable('patients')
      .set({ relationship: 'Other' })
      .where('user_id', '=', from)
      .where('relationship', '=', 'Self')
      .where((eb) =>
        eb.exists(eb.selectFrom('patients as holder').select('holder.id').where('holder.user_id', '=', to).where('holder.relationship', '=', 'Self')),
      ),
  );
  for (const table of OWNED_BY_ACCOUNT) await run(tx, qb.updateTable(table).set({ user_id: to }).where('user_id', '=', from));
  await run(tx, qb.updateTable('slot_reservations').set({ held_by: to }).where('held_by', '=', from));
  await run(tx, qb.updateTable('users').set({ pending_email: null, merged_into: to, disabled_at: now }).where('id', '=', from));
}

/**
 * Confirms the provisional accounts waiting for `email` (its code has just been proved). Answers the
 * account the address now signs in to: `existing`, or the provisional account it became; undefined
 * when neither exists.
 */
export async function confirmProvisionalAccounts(request: FastifyRequest, email: string, existing: UserRow | undefined): Promise<UserRow | undefined> {
  const db = request.server.database;
  const waiting = await all(
    db,
    qb
      .selectFrom('users')
      .select('id')
      .where('email', 'is', null)
      .where('pending_email', '=', email)
      .where('merged_into', 'is', null)
      .where('disabled_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id'),
  );
  if (!waiting.length) return existing;
  // A disabled account keeps its address: nothing is promoted onto it (the sign-in is refused as before).
  if (!existing && (await userByEmail(db, email))) return undefined;
  try {
    return await confirm(
      request,
      waiting.map((w) => w.id),
      existing,
    );
  } catch (err) {
    // The address got its account meanwhile (a sign-up with the same code racing this one): join that account.
    const owner = !existing && pgCode(err) === UNIQUE_VIOLATION ? await userByEmail(db, email) : undefined;
    if (!owner || owner.disabled_at) throw err;
    return confirm(
      request,
      waiting.map((w) => w.id),
      owner,
    );
  }
}

async function confirm(request: FastifyRequest, waiting: string[], existing: UserRow | undefined): Promise<UserRow | undefined> {
  const db = request.server.database;
  const now = request.server.clock.now();
  const target = existing?.id ?? waiting[0]!;
  const attached = waiting.filter((id) => id !== target);
  await db.transaction(async (tx) => {
    if (!existing)
      await run(
        tx,
        qb
          .updateTable('users')
          .set((eb) => ({ email: eb.ref('pending_email'), pending_email: null, email_verified_at: now.toISOString() }))
          .where('id', '=', target),
      );
    for (const from of attached) await attach(tx, from, target, now.toISOString());
  });
  if (!existing)
    await writeAudit(request, {
      action: 'confirmProvisionalAccount',
      outcome: 'success',
      status: 200,
      actorId: target,
      recordType: 'user',
      recordId: target,
      details: {},
    });
  for (const from of attached) {
    // Whoever holds the provisional account's booking-only session loses it: the account is the owner's now.
    await endSessionsOf(db, from, 'email confirmed', now);
    await writeAudit(request, {
      action: 'attachProvisionalAccount',
      outcome: 'success',
      status: 200,
      actorId: target,
      recordType: 'user',
      recordId: target,
      details: { from },
    });
  }
  return userById(db, target);
}
