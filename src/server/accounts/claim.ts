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
import { all, dbNow, first, qb, run, sql, type RowOf } from '../db/typed';
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
  await run(
    db,
    qb
      .insertInto('login_tokens')
      .values({ token_hash: codeHash(request.server.keys, token), user_id: userId, expires_at: expires.toISOString(), purpose: 'claim' }),
  );
  // Accounts are started for a person with an address: theirs.
  const user = await first(
    db,
    qb
      .selectFrom('users')
      .select((eb) => [eb.cast<string>('email', 'text').as('email'), 'first_name', 'language'])
      .where('id', '=', userId),
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

/** The invitation with its account ($1 the token's hash, $2 now). */
const claimSelect = (tokenHash: string, now: string) =>
  qb
    .selectFrom('login_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select((eb) => [
      't.id as token_id',
      't.user_id',
      eb.and([eb('t.used_at', 'is', null), eb('t.expires_at', '>', sql<Date>`${now}::timestamptz`)]).as('usable'),
      't.wrong_tries',
      eb.cast<string>('u.email', 'text').as('email'),
      'u.started_by',
      eb('u.claimed_at', 'is not', null).as('claimed'),
      eb('u.disabled_at', 'is not', null).as('disabled'),
      eb.fn<string | null>('to_char', ['u.date_of_birth', sql.lit('YYYY-MM-DD')]).as('date_of_birth'),
      'u.last_name',
      sql<string | null>`u.address->>'zipcode'`.as('zipcode'),
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.purpose', '=', 'claim');

type ClaimRow = Omit<RowOf<ReturnType<typeof claimSelect>>, 'started_by'> & { started_by: StartedBy | null };

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
  const found = await first(db, claimSelect(codeHash(request.server.keys, body.claimToken), now));
  // started_by holds a StartedBy (the accounts this module starts).
  const row = found && { ...found, started_by: found.started_by as StartedBy | null };
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
  const tried = await all(
    db,
    qb
      .updateTable('login_tokens')
      .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
      .where('id', '=', row.token_id)
      .where('wrong_tries', '<', constants.otpMaxWrongTries)
      .returning('id'),
  );
  if (!tried.length) return refuse(request, 'invitation locked', 429, row.user_id, new AppError('DOB_CHECK_LOCKED'));
  if (!detailsMatch(row, body)) {
    const mismatch = row.started_by === 'scheduling_system' ? 'CLAIM_DETAILS_MISMATCH' : 'DOB_MISMATCH';
    return refuse(request, 'details do not match the record', 422, row.user_id, new AppError(mismatch));
  }
  await guessRight(request, guess);
  const claimed = await db.transaction(async (tx) => {
    // Only one claim finds the account unclaimed (two tabs, two invitations): the other changes nothing.
    const account = await all(
      tx,
      qb
        .updateTable('users')
        .set({ claimed_at: now, language: body.language, updated_at: dbNow })
        .where('id', '=', row.user_id)
        .where('claimed_at', 'is', null)
        .returning('id'),
    );
    if (!account.length) return false;
    await run(tx, qb.updateTable('login_tokens').set({ used_at: now }).where('id', '=', row.token_id));
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
