/**
 * Checking a sign-in code (POST /auth/verify-email-otp, and the staff member taking the front-desk device back,
 * POST /front-desk/hand-over/end): one way. The guess is counted before it is compared (per address and IP with
 * back-off, per address, per IP; a right guess is given back); one of the code's otpMaxWrongTries tries is taken
 * atomically first, so simultaneous guesses on any number of processes compare at most that many.
 */
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import { AppError } from '../errors';
import { guessRight, takeGuess } from './limits';
import { codeHash, sameHash } from './secrets';
import { auditSignInFailure } from './session';

/** The id of the newest code sent to email when otp is it (not yet spent); else OTP_INVALID, audited as a failed sign-in with the reason. */
export async function rightSignInCode(request: FastifyRequest, email: string, otp: string, userId: string | undefined): Promise<string> {
  const guess = await takeGuess(request, 'signIn', email);
  const db = request.server.database;
  const now = request.server.clock.now().toISOString();
  // The newest code; of two sent in the same millisecond, the one a re-send has not retired.
  const [code] = await db.query<{ id: string; code_hash: string }>(
    'SELECT id, code_hash FROM sign_in_codes WHERE email = $1 ORDER BY created_at DESC, (used_at IS NULL) DESC LIMIT 1',
    [email],
  );
  const fail = async (reason: string) => {
    await auditSignInFailure(request, 'otp', reason, 401, userId);
    return new AppError('OTP_INVALID');
  };
  if (!code) throw await fail('no code');
  const tried = await db.query(
    'UPDATE sign_in_codes SET wrong_tries = wrong_tries + 1 WHERE id = $1 AND used_at IS NULL AND expires_at > $3::timestamptz AND wrong_tries < $2 RETURNING id',
    [code.id, constants.otpMaxWrongTries, now],
  );
  if (!tried.length) throw await fail('code expired, used or locked');
  if (!sameHash(code.code_hash, codeHash(request.server.keys, otp))) throw await fail('wrong code');
  await guessRight(request, guess);
  return code.id;
}

/** Spends a right code (once: false when another request spent it first). */
export async function spendSignInCode(request: FastifyRequest, codeId: string): Promise<boolean> {
  const used = await request.server.database.query('UPDATE sign_in_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [
    codeId,
    request.server.clock.now().toISOString(),
  ]);
  return used.length > 0;
}
