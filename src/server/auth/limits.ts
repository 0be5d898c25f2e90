/**
 * Sign-in limits (constants signIn*), counted atomically in the shared database
 * (src/server/limits/counters.ts), so every API process enforces the same numbers.
 *
 * Sends: per address and per IP an hour. Guesses (codes, links, Google tokens, e-mail change codes)
 * are counted BEFORE they are compared: per address and source IP, per address from everywhere, and
 * per IP. A guess that turns out right is given back, so only failures use the budget. The count per
 * address and source is what locks out an attacker; the owner, signing in from elsewhere, keeps their
 * own budget. Past signInBackoffFreeFailures, each further guess from that source waits (back-off).
 */
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import { backoffRemainingSeconds } from '@/domain/rate-limits';
import { AppError } from '../errors';
import { writeAudit } from '../audit';
import { giveBack, pruneCounters, takeSlots, usesOf, type Limit, type TakenSlots } from '../limits/counters';

const HOUR = 60;
const BACKOFF = {
  freeFailures: constants.signInBackoffFreeFailures,
  baseSeconds: constants.signInBackoffBaseSeconds,
  maxSeconds: constants.signInBackoffMaxSeconds,
};

const addressKey = (email: string) => email.trim().toLowerCase();

function sendLimits(request: FastifyRequest, email: string): Limit[] {
  return [
    { scope: 'sign-in-send:address', key: addressKey(email), max: request.server.signInSendsPerAccountPerHour, windowMinutes: HOUR },
    { scope: 'sign-in-send:ip', key: request.ip, max: constants.signInSendsPerIpPerHour, windowMinutes: HOUR },
  ];
}

function accountSourceLimit(request: FastifyRequest, email: string): Limit {
  return {
    scope: 'sign-in-guess:address-ip',
    key: `${addressKey(email)} ${request.ip}`,
    max: constants.signInFailuresPerAccountPerSourcePerHour,
    windowMinutes: HOUR,
  };
}

function guessLimits(request: FastifyRequest, email: string | undefined): Limit[] {
  const limits: Limit[] = [];
  if (email !== undefined) {
    limits.push(accountSourceLimit(request, email));
    limits.push({ scope: 'sign-in-guess:address', key: addressKey(email), max: constants.signInFailuresPerAccountPerHour, windowMinutes: HOUR });
  }
  limits.push({ scope: 'sign-in-guess:ip', key: request.ip, max: constants.signInFailuresPerIpPerHour, windowMinutes: HOUR });
  return limits;
}

async function refuse(request: FastifyRequest, action: string, reason: string): Promise<never> {
  await writeAudit(request, { action, outcome: 'denied', status: 429, details: { reason } });
  throw new AppError('SIGN_IN_RATE_LIMITED');
}

/** Counts a code or link sent to `email`; refuses (429, audited, nothing counted) when the address or the IP has used up its hour. */
export async function takeSend(request: FastifyRequest, email: string, action: string): Promise<void> {
  const now = request.server.clock.now();
  const { over } = await takeSlots(request.server.database, sendLimits(request, email), now);
  if (over.length) await refuse(request, action, `send limit: ${over.map((l) => l.scope).join(', ')}`);
  await pruneCounters(request.server.database, now);
}

/**
 * Counts one guess before it is compared: on `email` (when known) and from this IP. Refuses (429,
 * audited) while the back-off runs or when a limit is used up. Call guessRight when the guess was
 * right. `backoff` is false for a caller already signed in to the account (confirming a new
 * e-mail): the code's own tries and the hourly counts bound them.
 */
export async function takeGuess(request: FastifyRequest, action: string, email: string | undefined, options: { backoff?: boolean } = {}): Promise<TakenSlots> {
  const db = request.server.database;
  const now = request.server.clock.now();
  if (email !== undefined && options.backoff !== false) {
    const earlier = await usesOf(db, accountSourceLimit(request, email), now);
    if (earlier && backoffRemainingSeconds(earlier.count, earlier.lastAt, now, BACKOFF) > 0) await refuse(request, action, 'back-off');
  }
  const { over, taken } = await takeSlots(db, guessLimits(request, email), now);
  if (over.length) await refuse(request, action, `guess limit: ${over.map((l) => l.scope).join(', ')}`);
  return taken;
}

/** A right guess is not a failure: its counts are given back. */
export async function guessRight(request: FastifyRequest, taken: TakenSlots): Promise<void> {
  await giveBack(request.server.database, taken);
}
