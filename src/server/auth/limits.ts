/**
 * Hourly sign-in limits per e-mail address and per IP (constants signIn*PerHour), counted in the
 * database so that every API process sees the same counts.
 */
import type { FastifyRequest } from 'fastify';
import { constants } from '../../generated/constants';
import { AppError } from '../errors';
import { writeAudit } from '../audit';

export type AttemptKind = 'send' | 'failure';

const LIMITS: Record<AttemptKind, { perAccount: number; perIp: number }> = {
  send: { perAccount: constants.signInSendsPerAccountPerHour, perIp: constants.signInSendsPerIpPerHour },
  failure: { perAccount: constants.signInFailuresPerAccountPerHour, perIp: constants.signInFailuresPerIpPerHour },
};

/** Refuses (429, audited) when this address or this IP has used up its hour. */
export async function assertUnderLimit(request: FastifyRequest, kind: AttemptKind, email: string | undefined, action: string): Promise<void> {
  const [counts] = await request.server.database.query<{ by_email: number; by_ip: number }>(
    `SELECT count(*) FILTER (WHERE email = $2)::int AS by_email, count(*) FILTER (WHERE ip = $3)::int AS by_ip
       FROM sign_in_attempts
      WHERE kind = $1 AND at > $4::timestamptz - interval '1 hour' AND (email = $2 OR ip = $3)`,
    [kind, email ?? null, request.ip, request.server.clock.now().toISOString()],
  );
  const limit = kind === 'send' ? { ...LIMITS.send, perAccount: request.server.signInSendsPerAccountPerHour } : LIMITS[kind];
  if ((email !== undefined && (counts?.by_email ?? 0) >= limit.perAccount) || (counts?.by_ip ?? 0) >= limit.perIp) {
    await writeAudit(request, { action, outcome: 'denied', status: 429, details: { reason: `${kind} limit` } });
    throw new AppError('SIGN_IN_RATE_LIMITED');
  }
}

export async function recordAttempt(request: FastifyRequest, kind: AttemptKind, email: string | undefined): Promise<void> {
  await request.server.database.query('INSERT INTO sign_in_attempts (kind, email, ip, at) VALUES ($1, $2, $3, $4)', [kind, email ?? null, request.ip, request.server.clock.now().toISOString()]);
}
