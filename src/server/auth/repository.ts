/** Sign-in secrets as stored: magic-link tokens (login_tokens) and e-mailed codes (sign_in_codes), only their hashes. */
import type { Queryable } from '../db/connection';

export interface LoginTokenRow {
  id: string;
  user_id: string;
  expired: boolean;
  used: boolean;
  wrong_tries: number;
  redirect_to: string | null;
}

export async function insertLoginToken(db: Queryable, t: { tokenHash: string; userId: string; expiresAt: Date; redirectTo: string | null }): Promise<void> {
  await db.query('INSERT INTO login_tokens (token_hash, user_id, expires_at, redirect_to) VALUES ($1, $2, $3, $4)', [
    t.tokenHash,
    t.userId,
    t.expiresAt,
    t.redirectTo,
  ]);
}

/** The token with that hash, whether it has expired at `now` (ISO) and whether it was used. */
export async function loginTokenByHash(db: Queryable, tokenHash: string, now: string): Promise<LoginTokenRow | undefined> {
  // Sign-in tokens only: an account invitation (purpose 'claim') is spent by claiming the account, never by /login.
  const [row] = await db.query<LoginTokenRow>(
    `SELECT id, user_id, expires_at <= $2::timestamptz AS expired, used_at IS NOT NULL AS used, wrong_tries, redirect_to
       FROM login_tokens WHERE token_hash = $1 AND purpose = 'sign_in'`,
    [tokenHash, now],
  );
  return row;
}

/** Takes one of the token's tries (counted before the guess is compared); false when none is left. */
export async function takeLoginTokenTry(db: Queryable, id: string, maxTries: number): Promise<boolean> {
  const tried = await db.query('UPDATE login_tokens SET wrong_tries = wrong_tries + 1 WHERE id = $1 AND wrong_tries < $2 RETURNING id', [id, maxTries]);
  return tried.length > 0;
}

/** Spends the token (single use even when two requests race: only one finds it unused and unexpired at `now`); false when it was not. */
export async function spendLoginToken(db: Queryable, id: string, now: string): Promise<boolean> {
  const used = await db.query('UPDATE login_tokens SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2::timestamptz RETURNING id', [
    id,
    now,
  ]);
  return used.length > 0;
}

/**
 * A new code for the address (call in a transaction): only the newest code works, so sending (or
 * re-sending) retires the earlier ones. Stamped by the app's clock, which also decides expiry (the
 * database's clock may differ).
 */
export async function replaceSignInCode(tx: Queryable, email: string, codeHash: string, expiresAt: Date, now: Date): Promise<void> {
  await tx.query('UPDATE sign_in_codes SET used_at = $2 WHERE email = $1 AND used_at IS NULL', [email, now.toISOString()]);
  await tx.query('INSERT INTO sign_in_codes (email, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4)', [
    email,
    codeHash,
    expiresAt,
    now.toISOString(),
  ]);
}

/** The newest code of the address; of two sent in the same millisecond, the one a re-send has not retired. */
export async function newestSignInCode(db: Queryable, email: string): Promise<{ id: string; code_hash: string } | undefined> {
  const [code] = await db.query<{ id: string; code_hash: string }>(
    'SELECT id, code_hash FROM sign_in_codes WHERE email = $1 ORDER BY created_at DESC, (used_at IS NULL) DESC LIMIT 1',
    [email],
  );
  return code;
}

/** Takes one of the code's tries atomically before comparing (unused, unexpired at `now`); false when none is left. */
export async function takeSignInCodeTry(db: Queryable, id: string, maxTries: number, now: string): Promise<boolean> {
  const tried = await db.query(
    'UPDATE sign_in_codes SET wrong_tries = wrong_tries + 1 WHERE id = $1 AND used_at IS NULL AND expires_at > $3::timestamptz AND wrong_tries < $2 RETURNING id',
    [id, maxTries, now],
  );
  return tried.length > 0;
}

/** Spends the code; false when another request spent it first. */
export async function spendSignInCode(db: Queryable, id: string, now: string): Promise<boolean> {
  const used = await db.query('UPDATE sign_in_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [id, now]);
  return used.length > 0;
}
