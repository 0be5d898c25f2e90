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
import { newestSignInCode, spendSignInCode, takeSignInCodeTry } from './repository';
import { codeHash, sameHash } from './secrets';
import { auditSignInFailure } from './session';

/** The id of the newest code sent to email when otp is it (not yet spent); else OTP_INVALID, audited as a failed sign-in with the reason. */
export async function rightSignInCode(request: FastifyRequest, email: string, otp: string, userId: string | undefined): Promise<string> {
  const guess = await takeGuess(request, 'signIn', email);
  const db = request.server.database;
  const now = request.server.clock.now().toISOString();
  // The newest code; of two sent in the same millisecond, the one a re-send has not retired.
  const code = await newestSignInCode(db, email);
  const fail = async (reason: string) => {
    await auditSignInFailure(request, 'otp', reason, 401, userId);
    return new AppError('OTP_INVALID');
  };
  if (!code) throw await fail('no code');
  if (!(await takeSignInCodeTry(db, code.id, constants.otpMaxWrongTries, now))) throw await fail('code expired, used or locked');
  if (!sameHash(code.code_hash, codeHash(request.server.keys, otp))) throw await fail('wrong code');
  await guessRight(request, guess);
  return code.id;
}

/** Spends a right code (once: false when another request spent it first). */
export async function spendRightSignInCode(request: FastifyRequest, codeId: string): Promise<boolean> {
  return spendSignInCode(request.server.database, codeId, request.server.clock.now().toISOString());
}
