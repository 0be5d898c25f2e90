/**
 * Changing a sign-in e-mail: the new address is not taken when it is asked for.
 * A code goes to the new address and the old one is told; the change happens when the account
 * holder, signed in, confirms that code. So neither a support agent nor anyone holding a session can
 * move an account to an address they own without the holder, and the holder hears of every attempt.
 */
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { formatPhone } from '@/domain/phone';
import { writeAudit } from '../audit';
import { newOtp } from '../auth/codes';
import { endSessionsOf } from '../auth/server-sessions';
import { guessRight, takeGuess, takeSend } from '../auth/limits';
import { codeHash, sameHash } from '../auth/secrets';
import { all, dbNow, first, qb, run } from '../db/typed';
import { AppError } from '../errors';
import { callerOf } from '../plugins/auth';
import { pgCode, UNIQUE_VIOLATION } from '../db/errors';
import { userById, type UserRow } from './repository';

function emailInUse(): AppError {
  return new AppError('EMAIL_IN_USE', { errors: [{ field: 'email', keyword: 'unique', message: errorCatalogue.EMAIL_IN_USE.message }] });
}

/** The new address waiting for its code, if any. */
export async function pendingEmailOf(request: FastifyRequest, userId: string): Promise<string | undefined> {
  const row = await first(
    request.server.database,
    qb
      .selectFrom('email_changes')
      .select((eb) => eb.cast<string>('new_email', 'text').as('new_email'))
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .where('retired_at', 'is', null)
      .where('expires_at', '>', request.server.clock.now())
      .where('wrong_tries', '<', constants.otpMaxWrongTries)
      .orderBy('created_at', 'desc')
      .limit(1),
  );
  return row?.new_email;
}

/** Mails a code to `newEmail` and tells the account's current address; the account keeps its e-mail. */
export async function requestEmailChange(request: FastifyRequest, user: UserRow, newEmail: string): Promise<void> {
  const db = request.server.database;
  const taken = await first(db, qb.selectFrom('users').select('id').where('email', '=', newEmail).where('id', '<>', user.id));
  if (taken) throw emailInUse();
  await takeSend(request, newEmail, 'updateUser');
  const code = newOtp();
  await db.transaction(async (tx) => {
    // Only the newest request counts: asking again retires the earlier codes.
    await run(
      tx,
      qb
        .updateTable('email_changes')
        .set({ retired_at: dbNow })
        .where('user_id', '=', user.id)
        .where('confirmed_at', 'is', null)
        .where('retired_at', 'is', null),
    );
    await run(
      tx,
      qb.insertInto('email_changes').values({
        user_id: user.id,
        new_email: newEmail,
        code_hash: codeHash(request.server.keys, code),
        requested_by: callerOf(request).userId,
        expires_at: request.server.signInExpiry(constants.emailChangeExpiryMinutes),
      }),
    );
  });
  await request.server.mailer.send('email-change-code', newEmail, () => ({ params: { code, minutes: constants.emailChangeExpiryMinutes } }));
  await request.server.mailer.send('email-change-requested', user.email, () => ({ params: { newEmail, phone: formatPhone(constants.supportPhone) } }));
  await writeAudit(request, {
    action: 'requestEmailChange',
    outcome: 'success',
    status: 200,
    recordType: 'user',
    recordId: user.id,
    details: { byHolder: callerOf(request).userId === user.id },
  });
}

/** The holder confirms the code sent to the new address; the account signs in with it from then on. */
export async function confirmEmailChange(request: FastifyRequest, userId: string, code: string): Promise<UserRow> {
  const caller = callerOf(request);
  const db = request.server.database;
  const user = caller.userId === userId ? await userById(db, userId) : undefined;
  if (!user) {
    // Someone else's account, staff included: the change needs its holder.
    await writeAudit(request, {
      action: 'confirmEmailChange',
      outcome: 'denied',
      status: 404,
      recordType: 'user',
      recordId: userId,
      details: { reason: 'not the account holder' },
    });
    throw new AppError('NOT_FOUND');
  }
  const guess = await takeGuess(request, 'confirmEmailChange', user.email, { backoff: false });
  const change = await first(
    db,
    qb
      .selectFrom('email_changes')
      .select((eb) => ['id', eb.cast<string>('new_email', 'text').as('new_email'), 'code_hash'])
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .limit(1),
  );
  const refuse = async (reason: string) => {
    await writeAudit(request, { action: 'confirmEmailChange', outcome: 'failure', status: 400, recordType: 'user', recordId: user.id, details: { reason } });
    return new AppError('EMAIL_CHANGE_CODE_INVALID');
  };
  if (!change) throw await refuse('no change pending');
  // A try is taken atomically before comparing, so simultaneous guesses compare at most otpMaxWrongTries.
  const tried = await all(
    db,
    qb
      .updateTable('email_changes')
      .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
      .where('id', '=', change.id)
      .where('confirmed_at', 'is', null)
      .where('retired_at', 'is', null)
      .where('expires_at', '>', request.server.clock.now())
      .where('wrong_tries', '<', constants.otpMaxWrongTries)
      .returning('id'),
  );
  if (!tried.length) throw await refuse('code expired, used or locked');
  if (!sameHash(change.code_hash, codeHash(request.server.keys, code))) throw await refuse('wrong code');
  await guessRight(request, guess);
  const previousEmail = user.email;
  await db
    .transaction(async (tx) => {
      // Single use even when two confirmations race: only one UPDATE finds the change open.
      const open = await all(
        tx,
        qb
          .updateTable('email_changes')
          .set({ confirmed_at: dbNow })
          .where('id', '=', change.id)
          .where('confirmed_at', 'is', null)
          .where('retired_at', 'is', null)
          .returning('id'),
      );
      if (!open.length) throw new AppError('EMAIL_CHANGE_CODE_INVALID');
      await run(tx, qb.updateTable('users').set({ email: change.new_email, updated_at: dbNow }).where('id', '=', user.id));
      await run(
        tx,
        qb.updateTable('patients').set({ email: change.new_email, updated_at: dbNow }).where('user_id', '=', user.id).where('relationship', '=', 'Self'),
      );
    })
    .catch((err: unknown) => {
      // Another account took the address meanwhile: the unique index decides.
      if (pgCode(err) === UNIQUE_VIOLATION) throw emailInUse();
      throw err;
    });
  // Sessions signed in with the old address end; the holder's own, which confirmed, goes on.
  await endSessionsOf(db, user.id, 'email changed', request.server.clock.now(), caller.sessionId);
  await request.server.mailer.send('email-changed', previousEmail, () => ({
    params: { newEmail: change.new_email, phone: formatPhone(constants.supportPhone) },
  }));
  return (await userById(db, user.id))!;
}
