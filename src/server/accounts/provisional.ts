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
import { endSessionsOf } from '../auth/server-sessions';
import { userByEmail, userById, type UserRow } from './repository';
import { pgCode, UNIQUE_VIOLATION } from '../db/errors';

/** Tables whose rows belong to an account by user_id (the actor columns, booked_by and the like, keep who did it). */
const OWNED_BY_ACCOUNT = ['patients', 'responsible_parties', 'appointments', 'consents', 'patient_cards', 'payments'] as const;

async function attach(tx: Queryable, from: string, to: string, now: string): Promise<void> {
  // The account keeps one holder (Self): the provisional holder joins as another person.
  await tx.query(
    `UPDATE patients SET relationship = 'Other' WHERE user_id = $1 AND relationship = 'Self'
        AND EXISTS (SELECT 1 FROM patients WHERE user_id = $2 AND relationship = 'Self')`,
    [from, to],
  );
  for (const table of OWNED_BY_ACCOUNT) await tx.query(`UPDATE ${table} SET user_id = $2 WHERE user_id = $1`, [from, to]);
  await tx.query('UPDATE slot_reservations SET held_by = $2 WHERE held_by = $1', [from, to]);
  await tx.query('UPDATE users SET pending_email = NULL, merged_into = $2, disabled_at = $3 WHERE id = $1', [from, to, now]);
}

/**
 * Confirms the provisional accounts waiting for `email` (its code has just been proved). Answers the
 * account the address now signs in to: `existing`, or the provisional account it became; undefined
 * when neither exists.
 */
export async function confirmProvisionalAccounts(request: FastifyRequest, email: string, existing: UserRow | undefined): Promise<UserRow | undefined> {
  const db = request.server.database;
  const waiting = await db.query<{ id: string }>(
    'SELECT id FROM users WHERE email IS NULL AND pending_email = $1 AND merged_into IS NULL AND disabled_at IS NULL ORDER BY created_at, id',
    [email],
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
      await tx.query('UPDATE users SET email = pending_email, pending_email = NULL, email_verified_at = $2 WHERE id = $1', [target, now.toISOString()]);
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
