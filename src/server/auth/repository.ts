/** Sign-in secrets as stored: magic-link tokens (login_tokens) and e-mailed codes (sign_in_codes), only their hashes. */
import type { Queryable } from '../db/connection';
import { all, first, qb, run, sql } from '../db/typed';

const at = (iso: string) => sql<Date>`${iso}::timestamptz`;

export async function insertLoginToken(db: Queryable, t: { tokenHash: string; userId: string; expiresAt: Date; redirectTo: string | null }): Promise<void> {
  await run(db, qb.insertInto('login_tokens').values({ token_hash: t.tokenHash, user_id: t.userId, expires_at: t.expiresAt, redirect_to: t.redirectTo }));
}

/** The token with that hash, whether it has expired at `now` (ISO) and whether it was used. */
export async function loginTokenByHash(db: Queryable, tokenHash: string, now: string) {
  // Sign-in tokens only: an account invitation (purpose 'claim') is spent by claiming the account, never by /login.
  return first(
    db,
    qb
      .selectFrom('login_tokens')
      .select((eb) => ['id', 'user_id', eb('expires_at', '<=', at(now)).as('expired'), eb('used_at', 'is not', null).as('used'), 'wrong_tries', 'redirect_to'])
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', 'sign_in'),
  );
}

/** Takes one of the token's tries (counted before the guess is compared); false when none is left. */
export async function takeLoginTokenTry(db: Queryable, id: string, maxTries: number): Promise<boolean> {
  const tried = await all(
    db,
    qb
      .updateTable('login_tokens')
      .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
      .where('id', '=', id)
      .where('wrong_tries', '<', maxTries)
      .returning('id'),
  );
  return tried.length > 0;
}

/** Spends the token (single use even when two requests race: only one finds it unused and unexpired at `now`); false when it was not. */
export async function spendLoginToken(db: Queryable, id: string, now: string): Promise<boolean> {
  const used = await all(
    db,
    qb.updateTable('login_tokens').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).where('expires_at', '>', at(now)).returning('id'),
  );
  return used.length > 0;
}

/**
 * A new code for the address (call in a transaction): only the newest code works, so sending (or
 * re-sending) retires the earlier ones. Stamped by the app's clock, which also decides expiry (the
 * database's clock may differ).
 */
export async function replaceSignInCode(tx: Queryable, email: string, codeHash: string, expiresAt: Date, now: Date): Promise<void> {
  await run(tx, qb.updateTable('sign_in_codes').set({ used_at: now.toISOString() }).where('email', '=', email).where('used_at', 'is', null));
  await run(tx, qb.insertInto('sign_in_codes').values({ email, code_hash: codeHash, expires_at: expiresAt, created_at: now.toISOString() }));
}

/** The newest code of the address; of two sent in the same millisecond, the one a re-send has not retired. */
export async function newestSignInCode(db: Queryable, email: string): Promise<{ id: string; code_hash: string } | undefined> {
  return first(
    db,
    qb
      .selectFrom('sign_in_codes')
      .select(['id', 'code_hash'])
      .where('email', '=', email)
      .orderBy('created_at', 'desc')
      .orderBy(sql`(used_at IS NULL)`, 'desc')
      .limit(1),
  );
}

/** Takes one of the code's tries atomically before comparing (unused, unexpired at `now`); false when none is left. */
export async function takeSignInCodeTry(db: Queryable, id: string, maxTries: number, now: string): Promise<boolean> {
  const tried = await all(
    db,
    qb
      .updateTable('sign_in_codes')
      .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at(now))
      .where('wrong_tries', '<', maxTries)
      .returning('id'),
  );
  return tried.length > 0;
}

/** Spends the code; false when another request spent it first. */
export async function spendSignInCode(db: Queryable, id: string, now: string): Promise<boolean> {
  const used = await all(db, qb.updateTable('sign_in_codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).returning('id'));
  return used.length > 0;
}
