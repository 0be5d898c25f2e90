/**
 * Claiming an account someone else started (migration 0047): staff booking for a caller or a partner
 * enrolling a member ('staff'), or a patient record of the scheduling system ('scheduling_system').
 * The person gets an invitation mail whose link (a login token of purpose 'claim') opens
 * /app/first-time-user or /app/first-time-amd-user. There they confirm who they are against the
 * record (the date of birth; for a scheduling-system record also its last name and zip code), choose
 * their language and time zone, and are signed in. The token is counted before it is compared
 * (otpMaxWrongTries per invitation, and the sign-in guess limits per address and IP), so the record
 * cannot be guessed; a wrong answer changes nothing else. An account is claimed once.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import { routeById } from '@/generated/routes';
import type { ClaimAccountBody } from '@/generated/entities';
import { isLocale } from '@/domain/locale';
import { isTimeZone } from '@/domain/date-format';
import { messageTemplate } from '@/domain/messages';
import { sameLastName, sameZipcode } from '@/domain/account-claim';
import { writeAudit } from '../audit';
import { newLoginToken } from '../auth/codes';
import { guessRight, takeGuess } from '../auth/limits';
import { codeHash } from '../auth/secrets';
import { sessionFor } from '../auth/session';
import { AppError } from '../errors';
import { resolveCaller } from '../plugins/auth';
import { siteUrl } from '../site-url';
import { userById } from './repository';
import { setAccountTimeZone } from './time-zone';

export type StartedBy = 'staff' | 'scheduling_system';

const ACTION = 'claimAccount';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The screen an invitation opens: the scheduling-system record asks for more of what it holds. */
export function claimPathOf(startedBy: StartedBy): string {
  return startedBy === 'scheduling_system' ? routeById.firstTimeAmdUser.path : routeById.firstTimeUser.path;
}

/** Mails the account's person the link that claims it. Sent when the account is started for them. */
export async function sendClaimInvitation(request: FastifyRequest, userId: string, startedBy: StartedBy): Promise<void> {
  const db = request.server.database;
  const token = newLoginToken();
  const expires = new Date(request.server.clock.now().getTime() + constants.accountClaimExpiryDays * DAY_MS);
  await db.query(`INSERT INTO login_tokens (token_hash, user_id, expires_at, purpose) VALUES ($1, $2, $3, 'claim')`, [
    codeHash(request.server.keys, token),
    userId,
    expires.toISOString(),
  ]);
  const [user] = await db.query<{ email: string; first_name: string; language: string | null }>(
    'SELECT email::text AS email, first_name, language FROM users WHERE id = $1',
    [userId],
  );
  if (!user) return;
  const path = `${claimPathOf(startedBy)}?${new URLSearchParams({ claimToken: token }).toString()}`;
  await request.server.mailer.send(
    'account-invitation',
    user.email,
    (locale) => ({ params: { name: user.first_name, link: siteUrl(request.server, path, locale), days: constants.accountClaimExpiryDays } }),
    { language: user.language },
  );
}

interface ClaimRow {
  token_id: string;
  user_id: string;
  usable: boolean;
  wrong_tries: number;
  email: string;
  started_by: StartedBy | null;
  claimed: boolean;
  disabled: boolean;
  date_of_birth: string | null;
  last_name: string;
  zipcode: string | null;
}

async function refuse(request: FastifyRequest, reason: string, status: number, userId: string | undefined, error: AppError): Promise<never> {
  await writeAudit(request, { action: ACTION, outcome: 'failure', status, actorId: userId, recordType: 'user', recordId: userId, details: { reason } });
  throw error;
}

/** The details the record is checked against; a scheduling-system record also its last name and zip code. */
function detailsMatch(row: ClaimRow, body: ClaimAccountBody): boolean {
  if (!row.date_of_birth || row.date_of_birth !== body.dateOfBirth) return false;
  if (row.started_by !== 'scheduling_system') return true;
  return sameLastName(row.last_name, body.lastName) && sameZipcode(row.zipcode, body.zipcode);
}

/** POST /auth/claim-account: checks the person against the record, keeps their language and zone, signs them in. */
export async function claimAccount(request: FastifyRequest, reply: FastifyReply, body: ClaimAccountBody) {
  if (!isLocale(body.language))
    throw new AppError('VALIDATION_FAILED', { errors: [{ field: 'language', keyword: 'enum', message: messageTemplate('validation.default.enum') }] });
  if (!isTimeZone(body.timeZone))
    throw new AppError('VALIDATION_FAILED', { errors: [{ field: 'timeZone', keyword: 'enum', message: messageTemplate('validation.default.enum') }] });
  const ipGuess = await takeGuess(request, ACTION, undefined);
  const db = request.server.database;
  const now = request.server.clock.now().toISOString();
  const [row] = await db.query<ClaimRow>(
    `SELECT t.id AS token_id, t.user_id, (t.used_at IS NULL AND t.expires_at > $2::timestamptz) AS usable, t.wrong_tries,
            u.email::text AS email, u.started_by, u.claimed_at IS NOT NULL AS claimed, u.disabled_at IS NOT NULL AS disabled,
            to_char(u.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, u.last_name, u.address->>'zipcode' AS zipcode
       FROM login_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.purpose = 'claim'`,
    [codeHash(request.server.keys, body.claimToken), now],
  );
  if (!row || row.disabled || !row.started_by) return refuse(request, 'unknown link', 401, row?.user_id, new AppError('LOGIN_LINK_INVALID'));
  // The link was right; what remains to guess is the record.
  await guessRight(request, ipGuess);
  if (row.claimed) return refuse(request, 'already claimed', 409, row.user_id, new AppError('ACCOUNT_ALREADY_CLAIMED'));
  if (!row.usable) return refuse(request, 'link expired or used', 401, row.user_id, new AppError('LOGIN_LINK_INVALID'));
  // Someone signed in here is not the person the invitation is for: their session is not handed over.
  const caller = await resolveCaller(request);
  if (caller && caller.userId !== row.user_id)
    return refuse(request, 'signed in as another account', 403, row.user_id, new AppError('CLAIM_FOR_ANOTHER_ACCOUNT'));
  const guess = await takeGuess(request, ACTION, row.email);
  // Counted before it is compared, so simultaneous guesses cannot all be compared.
  const tried = await db.query('UPDATE login_tokens SET wrong_tries = wrong_tries + 1 WHERE id = $1 AND wrong_tries < $2 RETURNING id', [
    row.token_id,
    constants.otpMaxWrongTries,
  ]);
  if (!tried.length) return refuse(request, 'invitation locked', 429, row.user_id, new AppError('DOB_CHECK_LOCKED'));
  if (!detailsMatch(row, body)) {
    const mismatch = row.started_by === 'scheduling_system' ? 'CLAIM_DETAILS_MISMATCH' : 'DOB_MISMATCH';
    return refuse(request, 'details do not match the record', 422, row.user_id, new AppError(mismatch));
  }
  await guessRight(request, guess);
  const claimed = await db.transaction(async (tx) => {
    // Only one claim finds the account unclaimed (two tabs, two invitations): the other changes nothing.
    const account = await tx.query('UPDATE users SET claimed_at = $2, language = $3, updated_at = now() WHERE id = $1 AND claimed_at IS NULL RETURNING id', [
      row.user_id,
      now,
      body.language,
    ]);
    if (!account.length) return false;
    await tx.query('UPDATE login_tokens SET used_at = $2 WHERE id = $1', [row.token_id, now]);
    await setAccountTimeZone(tx, row.user_id, body.timeZone);
    return true;
  });
  if (!claimed) return refuse(request, 'claimed concurrently', 409, row.user_id, new AppError('ACCOUNT_ALREADY_CLAIMED'));
  await writeAudit(request, {
    action: ACTION,
    outcome: 'success',
    status: 200,
    actorId: row.user_id,
    recordType: 'user',
    recordId: row.user_id,
    details: { startedBy: row.started_by, language: body.language },
  });
  const user = (await userById(db, row.user_id))!;
  return sessionFor(request, reply, user, 'claim', { redirectTo: claimPathOf(row.started_by) });
}
