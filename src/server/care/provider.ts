/** The provider whose care area a caller opens. */
import type { FastifyRequest } from 'fastify';
import { isUuid } from '@/domain/ids';
import { AppError } from '../errors';
import { callerOf } from '../plugins/auth';

/**
 * A super-admin's provider_id header names one (impersonation); a clinician gets their own. Anyone
 * else, or a malformed id, is NOT_FOUND.
 */
export async function callerProviderId(request: FastifyRequest): Promise<string> {
  const caller = callerOf(request);
  const named = caller.impersonation?.providerId;
  const [own] = named
    ? []
    : await request.server.database.query<{ provider_id: string | null }>('SELECT provider_id FROM users WHERE id = $1', [caller.userId]);
  const providerId = named ?? own?.provider_id ?? undefined;
  if (!providerId || !isUuid(providerId)) throw new AppError('NOT_FOUND');
  return providerId;
}
